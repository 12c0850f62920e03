/** Delete asks first, with the exact question users are promised. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this token?';

interface DeleteTokenDialogProps {
  open: boolean;
  tokenTitle: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeleteTokenDialog({ open, tokenTitle, deleting, onCancel, onConfirm }: DeleteTokenDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="delete-token-title" aria-describedby="delete-token-text" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-token-title">Delete “{tokenTitle}”</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-token-text">{DELETE_CONFIRMATION}</DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          Integrations that use it will stop working at once.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" loading={deleting}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
