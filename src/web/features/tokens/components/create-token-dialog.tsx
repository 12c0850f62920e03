/**
 * The Create New Token modal: Title and Description, both required. An empty
 * field shows its error inline and nothing is sent. Cancel and Escape close it; focus returns to the opener.
 */
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CreateApiTokenBody } from '../api/create-api-token';

export const TITLE_REQUIRED = 'Title is required.';
export const DESCRIPTION_REQUIRED = 'Description is required.';

interface CreateTokenDialogProps {
  open: boolean;
  creating: boolean;
  /** The server's message when the last attempt failed. */
  error: string | null;
  onClose: () => void;
  onCreate: (body: CreateApiTokenBody) => void;
}

export function CreateTokenDialog({ open, creating, error, onClose, onCreate }: CreateTokenDialogProps) {
  const { register, handleSubmit, reset, formState } = useForm<CreateApiTokenBody>({ defaultValues: { title: '', description: '' } });
  const close = () => {
    if (!creating) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="create-token-title"
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => reset() } }}
    >
      <form noValidate onSubmit={handleSubmit((values) => onCreate({ title: values.title.trim(), description: values.description.trim() }))}>
        <DialogTitle id="create-token-title">Create New Token</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <TextField
              label="Title"
              required
              autoFocus
              placeholder="e.g. Shopify sync"
              error={Boolean(formState.errors.title)}
              helperText={formState.errors.title?.message ?? 'A name that tells you where the token is used.'}
              {...register('title', { validate: (value) => value.trim().length > 0 || TITLE_REQUIRED })}
            />
            <TextField
              label="Description"
              required
              multiline
              minRows={3}
              error={Boolean(formState.errors.description)}
              helperText={formState.errors.description?.message ?? 'What the token is for, so you can tell tokens apart later.'}
              {...register('description', { validate: (value) => value.trim().length > 0 || DESCRIPTION_REQUIRED })}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={creating}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={creating}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
