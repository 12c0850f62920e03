/**
 * The endpoint's signing secret in a dialog: just after it was added (shown at once, with how to verify),
 * on request later, or after a rotation, saying until when the old secret still signs beside it.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format-date';
import { SecretValue } from './secret-value';

export type SecretOccasion = 'created' | 'shown' | 'rotated';

export interface ShownSecret {
  occasion: SecretOccasion;
  url: string;
  secret: string;
  previousSecretEndDate: string | null;
}

const TITLES: Record<SecretOccasion, string> = { created: 'Endpoint added', shown: 'Signing secret', rotated: 'Secret rotated' };

export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  return (
    <Dialog open={shown !== null} onClose={onClose} aria-labelledby="webhook-secret-title" maxWidth="sm" fullWidth>
      <DialogTitle id="webhook-secret-title">{shown ? TITLES[shown.occasion] : ''}</DialogTitle>
      {shown ? (
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {shown.occasion === 'created' ? 'Deliveries to ' : 'The secret that signs deliveries to '}
              <strong>{shown.url}</strong>
              {shown.occasion === 'created' ? ' are signed with this secret. Keep it on your server; you can show it here again later.' : '.'}
            </Typography>
            <SecretValue value={shown.secret} initiallyShown={shown.occasion !== 'shown'} />
            {shown.previousSecretEndDate === null ? null : (
              <Alert severity="info">
                Until {formatDateTime(shown.previousSecretEndDate)} every delivery also carries a signature made with the previous secret, so your server can
                switch to this one when it likes.
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary">
              Verify each delivery with a Standard Webhooks library: it checks the webhook-signature header against this secret and refuses timestamps older
              than 5 minutes.
            </Typography>
          </Stack>
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
