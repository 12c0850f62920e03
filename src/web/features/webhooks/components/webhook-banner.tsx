/**
 * The shell's notice about the user's webhook endpoints that need them: one the portal switched off (it
 * answered 410, or kept failing) or one failing now, with a link to the Webhooks screen. Not on that screen,
 * which shows each endpoint's state itself. It draws nothing until the list has loaded, or when it cannot
 * load: a notice, not a reason for an error on every page.
 */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { needsAttention } from '../lib/endpoint-status';

export function WebhookBanner({ onWebhooks }: { onWebhooks: boolean }) {
  const endpoints = useWebhookEndpoints();
  const troubled = (endpoints.data ?? []).filter(needsAttention);
  if (onWebhooks || troubled.length === 0) return null;
  const disabled = troubled.filter((endpoint) => !endpoint.enabled);
  const first = troubled[0];
  const text =
    troubled.length > 1
      ? `${troubled.length} of your webhook endpoints need attention${disabled.length > 0 ? `: ${disabled.length} ${disabled.length === 1 ? 'was' : 'were'} switched off` : ': their deliveries are failing'}.`
      : first && !first.enabled
        ? `Your webhook endpoint ${first.url} was switched off ${first.disabledReason === 'gone' ? 'because it answered 410 Gone' : 'because every delivery failed for 5 days'}.`
        : `Deliveries to your webhook endpoint ${first?.url ?? ''} are failing.`;
  return (
    <Box component="aside" aria-label="Webhook endpoints" sx={{ mb: 3 }}>
      <Alert
        severity={disabled.length > 0 ? 'error' : 'warning'}
        action={
          <Button color="inherit" size="small" component={RouterLink} to="/webhooks">
            Open Webhooks
          </Button>
        }
        sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
      >
        {text}
      </Alert>
    </Box>
  );
}
