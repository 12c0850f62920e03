/**
 * A question before something that cannot be taken back (delete, rotate): what happens, in a sentence or
 * two. Cancel has the focus, so a stray Enter changes nothing.
 */
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'error' | 'warning';
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, tone = 'warning', busy, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={() => (busy ? undefined : onCancel())} aria-labelledby="webhook-confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="webhook-confirm-title">{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={onConfirm} color={tone} variant="contained" loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
