/**
 * The question asked before an action on a token that cannot be undone (Delete, End now), worded per action.
 * Cancel has the focus, so a stray Enter changes nothing.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ApiToken } from '../../../lib/api-tokens';

export type TokenAction = 'delete' | 'endGrace';

/** What is asked, and about which token. */
export interface TokenQuestion {
  action: TokenAction;
  token: ApiToken;
}

interface Wording {
  title: (tokenTitle: string) => string;
  question: (tokenTitle: string) => string;
  consequence: string;
  confirm: string;
}

const WORDING: Record<TokenAction, Wording> = {
  // The exact question users are promised.
  delete: {
    title: (tokenTitle) => `Delete “${tokenTitle}”`,
    question: () => 'Are you sure you want to delete this token?',
    consequence: 'Integrations that use it will stop working at once.',
    confirm: 'Delete',
  },
  endGrace: {
    title: () => 'End the grace window?',
    question: (tokenTitle) => `The previous value of “${tokenTitle}” stops working now.`,
    consequence: 'Integrations still sending it get 401 from then on. The current value keeps working.',
    confirm: 'End now',
  },
};

interface ConfirmTokenDialogProps {
  open: boolean;
  question: TokenQuestion | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmTokenDialog({ open, question, busy, onCancel, onConfirm }: ConfirmTokenDialogProps) {
  const words = WORDING[question?.action ?? 'delete'];
  const tokenTitle = question?.token.title ?? '';
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-token-title" aria-describedby="confirm-token-text" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-token-title">{words.title(tokenTitle)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-token-text">{words.question(tokenTitle)}</DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          {words.consequence}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" loading={busy}>
          {words.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
