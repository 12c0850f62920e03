/**
 * One delivery in full: what it is, the exact payload that was signed (pretty-printed to read; Copy takes
 * the bytes as sent), and every attempt with its status, duration, error and the first 4 KB of the answer.
 * Replay sends it again at once; Check signature takes its payload and id to the signature checker.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ReplayIcon from '@mui/icons-material/Replay';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { CopyButton } from '../../../components/copy-button';
import { EnvironmentChip } from '../../../components/environment-chip';
import { formatDateTime } from '../../../lib/format-date';
import { useWebhookDelivery, type WebhookDelivery } from '../api/get-webhook-delivery';
import { eventLabel } from '../lib/event-types';
import { formatDuration } from '../lib/format-duration';
import { pollInterval } from '../lib/poll-interval';
import { prettyPayload } from '../lib/pretty-payload';
import { AttemptOutcome } from './attempt-outcome';
import { CodeBlock } from './code-block';

const STATE_LABEL: Record<WebhookDelivery['state'], string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

interface DeliveryDetailDialogProps {
  deliveryId: number | null;
  endpointUrl: string | undefined;
  replaying: boolean;
  /** When a test event or a replay was last queued (epoch ms): its attempt is watched for. */
  lastActionAt: number | null;
  onReplay: (delivery: WebhookDelivery) => void;
  onCheckSignature: (delivery: WebhookDelivery) => void;
  onClose: () => void;
}

export function DeliveryDetailDialog({ deliveryId, endpointUrl, replaying, lastActionAt, onReplay, onCheckSignature, onClose }: DeliveryDetailDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const detail = useWebhookDelivery(deliveryId, (shown) => pollInterval({ attempts: shown ? [shown] : [], lastActionAt, now: Date.now() }));
  const delivery = detail.data;
  return (
    <Dialog open={deliveryId !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="delivery-detail-title">
      <DialogTitle id="delivery-detail-title">Delivery {deliveryId === null ? '' : `#${deliveryId}`}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {detail.isError ? <Alert severity="error">The delivery could not be loaded ({detail.error.message}).</Alert> : null}
        {delivery === undefined ? (
          detail.isError ? null : (
            <Skeleton variant="rounded" height={240} />
          )
        ) : (
          <>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1 }}>
              <Field label="Event">
                {eventLabel(delivery.eventType)} <Box component="code">({delivery.eventType})</Box>
              </Field>
              <Field label="Event id">
                <Box component="code">{delivery.eventId}</Box>
              </Field>
              <Field label="Endpoint">{endpointUrl ?? `#${delivery.endpointId}`}</Field>
              <Field label="Environment">
                <EnvironmentChip environment={delivery.environment} />
              </Field>
              <Field label="State">
                {STATE_LABEL[delivery.state]}
                {delivery.nextAttemptDate === null ? '' : ` · next attempt ${formatDateTime(delivery.nextAttemptDate)}`}
              </Field>
              <Field label="Created">{formatDateTime(delivery.createdDate)}</Field>
            </Box>
            <Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography variant="h3" component="h3" sx={{ mr: 'auto' }}>
                  Payload
                </Typography>
                <CopyButton label="Copy payload" text={() => delivery.payload} variant="text" />
              </Box>
              <CodeBlock text={prettyPayload(delivery.payload)} label="Payload" />
            </Box>
            <Box>
              <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                Attempts
              </Typography>
              {delivery.attempts.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  None yet: the first attempt is on its way.
                </Typography>
              ) : (
                <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
                  {delivery.attempts.map((attempt) => (
                    <Box component="li" key={attempt.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1 }}>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          Attempt {attempt.attempt}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {formatDateTime(attempt.time)} · {formatDuration(attempt.durationMs)}
                        </Typography>
                        <AttemptOutcome attempt={attempt} />
                      </Box>
                      {attempt.responseBody === null ? null : (
                        <CodeBlock
                          text={attempt.responseBody}
                          label={`Answer to attempt ${attempt.attempt}, ${formatDateTime(attempt.time)}`}
                          maxHeight={160}
                        />
                      )}
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<VerifiedUserOutlinedIcon />} disabled={delivery === undefined} onClick={() => (delivery ? onCheckSignature(delivery) : undefined)}>
          Check signature
        </Button>
        <Button
          startIcon={<ReplayIcon />}
          variant="outlined"
          loading={replaying}
          disabled={delivery === undefined}
          onClick={() => (delivery ? onReplay(delivery) : undefined)}
        >
          Replay
        </Button>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
