/**
 * Send test event: a sample event of the chosen type, signed and logged like a real one; it goes even when
 * the endpoint does not subscribe to the type. The delivery log shows it within seconds.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ApiFamily } from '../../../../shared/api-family';
import type { WebhookEndpoint, WebhookEventType } from '../api/list-webhook-endpoints';
import { eventsOfFamily } from '../lib/event-types';

interface TestEventDialogProps {
  endpoint: WebhookEndpoint | null;
  family: ApiFamily;
  sending: boolean;
  onClose: () => void;
  onSend: (eventType: WebhookEventType) => void;
}

export function TestEventDialog({ endpoint, family, sending, onClose, onSend }: TestEventDialogProps) {
  const events = eventsOfFamily(family);
  const [picked, setPicked] = useState<WebhookEventType | ''>('');
  // The endpoint's first subscribed type is the likely one to try; any type may be sent.
  const type = picked === '' ? (endpoint?.eventTypes[0] ?? events[0]?.type) : picked;
  return (
    <Dialog
      open={endpoint !== null}
      onClose={() => (sending ? undefined : onClose())}
      aria-labelledby="test-event-title"
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: () => setPicked('') } }}
    >
      <DialogTitle id="test-event-title">Send test event</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          A sample event, signed like a real one, to {endpoint?.url}. Its data is the sample’s, not yours.
        </DialogContentText>
        <TextField select fullWidth label="Event" value={type ?? ''} onChange={(event) => setPicked(event.target.value as WebhookEventType)}>
          {events.map((event) => (
            <MenuItem key={event.type} value={event.type}>
              {event.summary}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button variant="contained" loading={sending} disabled={type === undefined} onClick={() => (type === undefined ? undefined : onSend(type))}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
