/**
 * One endpoint: its URL, environment, state (enabled, failing since, disabled and why), the events it hears
 * and its description; an on/off switch; and what can be done with it. On a phone the actions wrap under
 * the details.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import SyncLockOutlinedIcon from '@mui/icons-material/SyncLockOutlined';
import { BreakableText } from '../../../components/breakable-text';
import { EnvironmentChip } from '../../../components/environment-chip';
import { pathParts } from '../../../lib/break-points';
import { formatDateTime } from '../../../lib/format-date';
import { monospace } from '../../../theme/theme';
import type { WebhookEndpoint } from '../api/list-webhook-endpoints';
import { endpointStatus } from '../lib/endpoint-status';
import { eventLabel } from '../lib/event-types';

export interface EndpointActions {
  onToggle: (endpoint: WebhookEndpoint, enabled: boolean) => void;
  onTest: (endpoint: WebhookEndpoint) => void;
  onShowSecret: (endpoint: WebhookEndpoint) => void;
  onRotate: (endpoint: WebhookEndpoint) => void;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}

interface EndpointCardProps extends EndpointActions {
  endpoint: WebhookEndpoint;
  /** Its switch is on its way to the server. */
  toggling: boolean;
  /** Its secret is being fetched. */
  revealing: boolean;
}

export function EndpointCard({ endpoint, toggling, revealing, onToggle, onTest, onShowSecret, onRotate, onEdit, onDelete }: EndpointCardProps) {
  const status = endpointStatus(endpoint);
  return (
    // Named by its URL as text: the heading's line-break points would read as spaces to some assistive technology.
    <Paper variant="outlined" component="article" aria-label={endpoint.url} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Typography component="h3" sx={{ fontFamily: monospace, fontSize: '0.9375rem', fontWeight: 600, overflowWrap: 'break-word' }}>
            <BreakableText parts={pathParts(endpoint.url)} />
          </Typography>
          {endpoint.description === '' ? null : (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {endpoint.description}
            </Typography>
          )}
        </Box>
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Switch
              checked={endpoint.enabled}
              disabled={toggling}
              onChange={(_, on) => onToggle(endpoint, on)}
              slotProps={{ input: { 'aria-label': `Send events to ${endpoint.url}` } }}
            />
          }
          label={endpoint.enabled ? 'On' : 'Off'}
          slotProps={{ typography: { variant: 'body2', 'aria-hidden': true } }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <EnvironmentChip environment={endpoint.environment} />
        <Chip size="small" color={status.tone} variant={status.tone === 'default' ? 'outlined' : 'filled'} label={status.label} />
        {endpoint.eventTypes.length === 0 ? (
          <Chip size="small" variant="outlined" label="All events" />
        ) : (
          endpoint.eventTypes.map((type) => <Chip key={type} size="small" variant="outlined" label={eventLabel(type)} title={type} />)
        )}
      </Box>
      {status.detail === null ? null : (
        <Typography variant="body2" color={status.tone === 'error' ? 'error' : 'text.secondary'}>
          {status.detail}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        Added {formatDateTime(endpoint.createdDate)}
        {endpoint.previousSecretEndDate === null ? null : <> · the previous secret also signs until {formatDateTime(endpoint.previousSecretEndDate)}</>}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button size="small" variant="outlined" startIcon={<SendOutlinedIcon fontSize="small" />} onClick={() => onTest(endpoint)} disabled={!endpoint.enabled}>
          Send test event
        </Button>
        <Button size="small" startIcon={<KeyOutlinedIcon fontSize="small" />} onClick={() => onShowSecret(endpoint)} loading={revealing}>
          Show secret
        </Button>
        <Button size="small" startIcon={<SyncLockOutlinedIcon fontSize="small" />} onClick={() => onRotate(endpoint)}>
          Rotate secret
        </Button>
        <Box sx={{ ml: 'auto', display: 'flex' }}>
          <IconButton size="small" aria-label={`Edit ${endpoint.url}`} title="Edit" onClick={() => onEdit(endpoint)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={`Delete ${endpoint.url}`} title="Delete" onClick={() => onDelete(endpoint)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      </Box>
    </Paper>
  );
}
