/**
 * The delivery log: filters and pages in the URL, the table, each delivery's detail with Replay, and Replay
 * failed since…. It asks again every few seconds while an attempt's retry is due soon or just after a test
 * event or a replay (lib/poll-interval.ts), so a new delivery shows without Refresh.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import type { ApiFamily } from '../../../../shared/api-family';
import { useToast } from '../../../components/toasts';
import { useReplayFailedWebhookDeliveries } from '../api/replay-failed-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { useWebhookAttempts } from '../api/list-webhook-attempts';
import type { WebhookDelivery } from '../api/get-webhook-delivery';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { deliveryViewToParams, parseDeliveryView, type DeliveryFilters } from '../lib/delivery-filters';
import { pollInterval } from '../lib/poll-interval';
import { DeliveryDetailDialog } from './delivery-detail-dialog';
import { DeliveryFilterBar } from './delivery-filter-bar';
import { DeliveryTable } from './delivery-table';
import { ReplayFailedDialog } from './replay-failed-dialog';

const HEADING_ID = 'delivery-log-heading';

interface DeliveryLogProps {
  family: ApiFamily;
  /** When a test event or a replay was last queued (epoch ms), to watch for its attempt. */
  lastActionAt: number | null;
  onQueued: () => void;
  onCheckSignature: (delivery: WebhookDelivery) => void;
}

export function DeliveryLog({ family, lastActionAt, onQueued, onCheckSignature }: DeliveryLogProps) {
  const { enqueueSnackbar } = useToast();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseDeliveryView(params), [params]);
  const { filters, cursors } = view;
  const endpoints = useWebhookEndpoints();
  const attempts = useWebhookAttempts(filters, cursors.at(-1), (page) => pollInterval({ attempts: page?.data ?? [], lastActionAt, now: Date.now() }));
  const replay = useReplayWebhookDelivery();
  const replayFailed = useReplayFailedWebhookDeliveries();
  const [openId, setOpenId] = useState<number | null>(null);
  const [replayOpen, setReplayOpen] = useState(false);

  const setFilters = (next: DeliveryFilters) => setParams(deliveryViewToParams({ filters: next, cursors: [] }, params), { replace: true });
  const setCursors = (next: string[]) => setParams(deliveryViewToParams({ filters, cursors: next }, params));
  const endpointList = endpoints.data ?? [];
  const opened = attempts.data?.data.find((attempt) => attempt.deliveryId === openId);

  const replayOne = (delivery: WebhookDelivery) =>
    replay.mutate(delivery.id, {
      onSuccess: () => {
        onQueued();
        enqueueSnackbar('Replay queued: the delivery is sent again now.', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(`The delivery could not be replayed (${error.message}).`, { variant: 'error' }),
    });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={HEADING_ID}
      aria-busy={attempts.isFetching && attempts.data === undefined}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ mr: 'auto', minWidth: 0 }}>
          <Typography id={HEADING_ID} variant="h2" component="h2">
            Delivery log
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Every attempt to deliver your events, newest first. A failed attempt is retried later; its row says when.
          </Typography>
        </Box>
        <Button size="small" startIcon={<RefreshIcon fontSize="small" />} onClick={() => void attempts.refetch()} loading={attempts.isRefetching}>
          Refresh
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ReplayIcon fontSize="small" />}
          disabled={endpointList.length === 0}
          onClick={() => {
            replayFailed.reset();
            setReplayOpen(true);
          }}
        >
          Replay failed since…
        </Button>
      </Box>
      <DeliveryFilterBar filters={filters} endpoints={endpointList} family={family} onChange={setFilters} />
      {attempts.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void attempts.refetch()}>
              Retry
            </Button>
          }
        >
          The delivery log could not be loaded ({attempts.error.message}).
        </Alert>
      ) : null}
      {attempts.data ? (
        <DeliveryTable
          rows={attempts.data.data}
          onOpen={(attempt) => setOpenId(attempt.deliveryId)}
          hasNewer={cursors.length > 0}
          hasOlder={attempts.data.nextCursor !== null}
          onNewer={() => setCursors(cursors.slice(0, -1))}
          onOlder={() => {
            const next = attempts.data?.nextCursor;
            if (next) setCursors([...cursors, next]);
          }}
        />
      ) : attempts.isError ? null : (
        <Skeleton variant="rounded" height={200} />
      )}
      <DeliveryDetailDialog
        deliveryId={openId}
        endpointUrl={opened?.endpointUrl ?? endpointList.find((endpoint) => endpoint.id === opened?.endpointId)?.url}
        replaying={replay.isPending}
        lastActionAt={lastActionAt}
        onReplay={replayOne}
        onCheckSignature={(delivery) => {
          setOpenId(null);
          onCheckSignature(delivery);
        }}
        onClose={() => setOpenId(null)}
      />
      <ReplayFailedDialog
        open={replayOpen}
        endpoints={endpointList}
        endpointId={filters.endpointId}
        replaying={replayFailed.isPending}
        replayed={replayFailed.data ?? null}
        error={replayFailed.error ? replayFailed.error.message : null}
        onClose={() => setReplayOpen(false)}
        onReplay={(body) => replayFailed.mutate(body, { onSuccess: (count) => (count > 0 ? onQueued() : undefined) })}
      />
    </Paper>
  );
}
