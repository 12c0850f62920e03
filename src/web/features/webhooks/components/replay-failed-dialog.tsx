/**
 * Replay failed since…: every delivery to one endpoint whose last attempt failed at or after a time is sent
 * again at once; the answer says how many. The time is the browser's local time, sent as an instant.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReplayFailedBody } from '../api/replay-failed-webhook-deliveries';
import type { WebhookEndpoint } from '../api/list-webhook-endpoints';

/** `YYYY-MM-DDTHH:mm` in local time, what a datetime-local field shows. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface ReplayFailedDialogProps {
  open: boolean;
  endpoints: readonly WebhookEndpoint[];
  /** The log's endpoint filter, the likely choice. */
  endpointId: number | undefined;
  replaying: boolean;
  /** How many the last replay queued; null before one. */
  replayed: number | null;
  error: string | null;
  onClose: () => void;
  onReplay: (body: ReplayFailedBody) => void;
}

export function ReplayFailedDialog({ open, endpoints, endpointId, replaying, replayed, error, onClose, onReplay }: ReplayFailedDialogProps) {
  const [picked, setPicked] = useState<string>('');
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - 24 * 60 * 60 * 1000)));
  const endpoint = picked !== '' ? picked : String(endpointId ?? endpoints[0]?.id ?? '');
  const sinceDate = new Date(since);
  const valid = endpoint !== '' && !Number.isNaN(sinceDate.getTime());
  return (
    <Dialog open={open} onClose={() => (replaying ? undefined : onClose())} aria-labelledby="replay-failed-title" maxWidth="xs" fullWidth>
      <DialogTitle id="replay-failed-title">Replay failed deliveries</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText variant="body2">
            Every delivery to the endpoint whose last attempt failed at or after the time below is sent again now, each with its own webhook-id.
          </DialogContentText>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {replayed === null ? null : (
            <Alert severity="success" role="status">
              {replayed === 0
                ? 'No failed deliveries since then: nothing to replay.'
                : `${replayed} ${replayed === 1 ? 'delivery' : 'deliveries'} queued again.`}
            </Alert>
          )}
          <TextField select label="Endpoint" value={endpoint} onChange={(event) => setPicked(event.target.value)}>
            {endpoints.map((known) => (
              <MenuItem key={known.id} value={String(known.id)} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                {known.url}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Failed since"
            type="datetime-local"
            value={since}
            onChange={(event) => setSince(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            helperText="Your local time."
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={replaying}>
          {replayed === null ? 'Cancel' : 'Close'}
        </Button>
        <Button
          variant="contained"
          loading={replaying}
          disabled={!valid}
          onClick={() => onReplay({ endpointId: Number(endpoint), since: sinceDate.toISOString() })}
        >
          Replay failed
        </Button>
      </DialogActions>
    </Dialog>
  );
}
