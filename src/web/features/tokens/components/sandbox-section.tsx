/**
 * Settings' "Sandbox": what sandbox tokens answer from, and Reset sandbox, which asks first (what is
 * replaced, what is not) and says when it is done. Cancel has the focus, so a stray Enter changes nothing.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useToast } from '../../../components/toasts';
import { formatDateTime } from '../../../lib/format-date';
import { logError } from '../../../lib/log-error';
import { useResetSandbox } from '../api/reset-sandbox';

const HEADING_ID = 'sandbox-heading';
export const RESET_DONE = 'Your sandbox was reset.';

export function SandboxSection() {
  const { enqueueSnackbar } = useToast();
  const reset = useResetSandbox();
  const [open, setOpen] = useState(false);
  const [resetDate, setResetDate] = useState<string | null>(null);

  const confirm = () =>
    reset.mutate(undefined, {
      onSuccess: (date) => {
        setResetDate(date);
        enqueueSnackbar(RESET_DONE, { variant: 'success' });
      },
      onError: (error) => {
        logError('Reset sandbox', error);
        enqueueSnackbar('The sandbox could not be reset. Please try again.', { variant: 'error' });
      },
      onSettled: () => setOpen(false),
    });

  return (
    <Paper variant="outlined" component="section" aria-labelledby={HEADING_ID} sx={{ p: 2, mt: 4, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ mr: 'auto', minWidth: 0 }}>
          <Typography id={HEADING_ID} variant="h2" component="h2">
            Sandbox
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Sandbox tokens answer from test data of your own. Reset it to start again from the data it was made with.
          </Typography>
        </Box>
        <Button variant="outlined" size="small" startIcon={<RestartAltIcon fontSize="small" />} onClick={() => setOpen(true)}>
          Reset sandbox
        </Button>
      </Box>
      {resetDate ? (
        <Typography variant="body2" color="text.secondary">
          Last reset on {formatDateTime(resetDate)}.
        </Typography>
      ) : null}
      <Dialog
        open={open}
        onClose={() => (reset.isPending ? undefined : setOpen(false))}
        aria-labelledby="reset-sandbox-title"
        aria-describedby="reset-sandbox-text"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="reset-sandbox-title">Reset your sandbox?</DialogTitle>
        <DialogContent>
          <DialogContentText id="reset-sandbox-text">
            Your sandbox's orders, returns, imports, quotations, products and inventory are replaced with a fresh set, as when it was made. Sandbox tokens
            answer from the new data at once.
          </DialogContentText>
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            Your tokens stay as they are, and live data (what live tokens reach) is not touched.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)} disabled={reset.isPending} autoFocus>
            Cancel
          </Button>
          <Button onClick={confirm} color="warning" variant="contained" loading={reset.isPending}>
            Reset sandbox
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
