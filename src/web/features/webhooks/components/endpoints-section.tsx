/**
 * The account's endpoints with everything done to them: add (the secret shown once it exists), edit,
 * switch on and off, show or rotate the secret, send a test event, delete. Rotating and deleting ask first.
 * With no endpoint yet, a short explanation of webhooks and a link to the events they carry.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { ApiFamily } from '../../../../shared/api-family';
import { EmptyState } from '../../../components/empty-state';
import { useToast } from '../../../components/toasts';
import { useCreateWebhookEndpoint, type CreateWebhookEndpointBody } from '../api/create-webhook-endpoint';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { getWebhookEndpointSecret } from '../api/get-webhook-endpoint-secret';
import { useRotateWebhookEndpointSecret } from '../api/rotate-webhook-endpoint-secret';
import { useSendWebhookTestEvent } from '../api/send-webhook-test-event';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { useWebhookEndpoints, type WebhookEndpoint, type WebhookEventType } from '../api/list-webhook-endpoints';
import { eventLabel, eventsReferenceHref } from '../lib/event-types';
import { ConfirmDialog } from './confirm-dialog';
import { EndpointCard } from './endpoint-card';
import { EndpointDialog } from './endpoint-dialog';
import { SecretDialog, type ShownSecret } from './secret-dialog';
import { TestEventDialog } from './test-event-dialog';

const HEADING_ID = 'webhook-endpoints-heading';

type Editing = { endpoint: WebhookEndpoint | null } | null;

interface EndpointsSectionProps {
  family: ApiFamily;
  liveTokens: boolean;
  /** A test event was queued: the log watches for its delivery. */
  onQueued: () => void;
}

export function EndpointsSection({ family, liveTokens, onQueued }: EndpointsSectionProps) {
  const { enqueueSnackbar } = useToast();
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookEndpointSecret();
  const sendTest = useSendWebhookTestEvent();
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [revealing, setRevealing] = useState<number | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [testing, setTesting] = useState<WebhookEndpoint | null>(null);
  const saveError = editing?.endpoint ? update.error : create.error;

  const openEditor = (endpoint: WebhookEndpoint | null) => {
    create.reset();
    update.reset();
    setEditing({ endpoint });
  };

  const save = (body: CreateWebhookEndpointBody) => {
    const endpoint = editing?.endpoint;
    if (endpoint) {
      const { environment: _fixed, ...changes } = body;
      update.mutate(
        { endpointId: endpoint.id, body: changes },
        {
          onSuccess: () => {
            setEditing(null);
            enqueueSnackbar('Endpoint saved.', { variant: 'success' });
          },
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (created) => {
        setEditing(null);
        setShown({ occasion: 'created', url: created.endpoint.url, secret: created.secret, previousSecretEndDate: null });
      },
    });
  };

  const toggle = (endpoint: WebhookEndpoint, enabled: boolean) =>
    update.mutate(
      { endpointId: endpoint.id, body: { enabled } },
      {
        onSuccess: () => enqueueSnackbar(enabled ? 'Endpoint switched on; waiting deliveries are sent now.' : 'Endpoint switched off.', { variant: 'success' }),
        onError: (error) => enqueueSnackbar(`The endpoint could not be changed (${error.message}).`, { variant: 'error' }),
      },
    );

  const showSecret = async (endpoint: WebhookEndpoint) => {
    setRevealing(endpoint.id);
    try {
      const { secret, previousSecretEndDate } = await getWebhookEndpointSecret(endpoint.id);
      setShown({ occasion: 'shown', url: endpoint.url, secret, previousSecretEndDate });
    } catch (error) {
      enqueueSnackbar(`The secret could not be shown (${(error as Error).message}).`, { variant: 'error' });
    } finally {
      setRevealing(null);
    }
  };

  const confirmRotate = () => {
    const endpoint = rotating;
    if (!endpoint) return;
    rotate.mutate(endpoint.id, {
      onSuccess: ({ secret, previousSecretEndDate }) => setShown({ occasion: 'rotated', url: endpoint.url, secret, previousSecretEndDate }),
      onError: (error) => enqueueSnackbar(`The secret could not be rotated (${error.message}).`, { variant: 'error' }),
      onSettled: () => setRotating(null),
    });
  };

  const confirmDelete = () => {
    const endpoint = deleting;
    if (!endpoint) return;
    remove.mutate(endpoint.id, {
      onSuccess: () => enqueueSnackbar('Endpoint deleted.', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(`The endpoint could not be deleted (${error.message}).`, { variant: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };

  const send = (eventType: WebhookEventType) => {
    const endpoint = testing;
    if (!endpoint) return;
    sendTest.mutate(
      { endpointId: endpoint.id, eventType },
      {
        onSuccess: () => {
          setTesting(null);
          onQueued();
          enqueueSnackbar(`Test event "${eventLabel(eventType)}" queued; it appears in the delivery log below.`, { variant: 'success' });
        },
        onError: (error) => enqueueSnackbar(`The test event could not be sent (${error.message}).`, { variant: 'error' }),
      },
    );
  };

  const list = endpoints.data;
  return (
    <Box component="section" aria-labelledby={HEADING_ID} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={HEADING_ID} variant="h2" component="h2" sx={{ mr: 'auto' }}>
          Endpoints
        </Typography>
        {list && list.length > 0 ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openEditor(null)}>
            Add endpoint
          </Button>
        ) : null}
      </Box>
      {endpoints.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void endpoints.refetch()}>
              Retry
            </Button>
          }
        >
          The endpoints could not be loaded ({endpoints.error.message}).
        </Alert>
      ) : list === undefined ? (
        <Skeleton variant="rounded" height={160} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<WebhookIcon />}
          title="No endpoints yet"
          action={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openEditor(null)}>
              Add endpoint
            </Button>
          }
        >
          Webhooks tell your server the moment something changes (an order ships, stock moves) instead of it asking again and again. Add the URL that should
          hear of it; each event arrives signed, so you can check it came from us. See{' '}
          <Link component={RouterLink} to={eventsReferenceHref(family)}>
            the events and what they carry
          </Link>
          .
        </EmptyState>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {list.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              toggling={update.isPending && update.variables.endpointId === endpoint.id && update.variables.body.enabled !== undefined}
              revealing={revealing === endpoint.id}
              onToggle={toggle}
              onTest={setTesting}
              onShowSecret={(chosen) => void showSecret(chosen)}
              onRotate={setRotating}
              onEdit={openEditor}
              onDelete={setDeleting}
            />
          ))}
          <Typography variant="body2" color="text.secondary">
            What each event carries:{' '}
            <Link component={RouterLink} to={eventsReferenceHref(family)}>
              events reference
            </Link>
            .
          </Typography>
        </Box>
      )}
      <EndpointDialog
        open={editing !== null}
        endpoint={editing?.endpoint ?? null}
        family={family}
        liveTokens={liveTokens}
        saving={create.isPending || (update.isPending && editing !== null)}
        error={saveError ? saveError.message : null}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <SecretDialog shown={shown} onClose={() => setShown(null)} />
      <TestEventDialog endpoint={testing} family={family} sending={sendTest.isPending} onClose={() => setTesting(null)} onSend={send} />
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate the secret?"
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        onCancel={() => setRotating(null)}
        onConfirm={confirmRotate}
      >
        <DialogContentText>
          The endpoint gets a new signing secret now. For the next 24 hours each delivery carries two signatures, one with the new secret and one with the old,
          so your server keeps accepting events while you put the new secret in place.
        </DialogContentText>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete the endpoint?"
        confirmLabel="Delete"
        tone="error"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          Nothing more is sent to {deleting?.url}, and its delivery log goes with it. This cannot be undone.
        </DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}
