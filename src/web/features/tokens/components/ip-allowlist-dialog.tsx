/**
 * Edit IP allowlist: the token's list, one entry per line, checked by the server's own rules before it is
 * sent; the server's answer to a bad entry shows under the field too. An empty list allows any address.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { ApiToken } from '../../../lib/api-tokens';
import { ALLOWLIST_HELP, allowlistFieldText, checkAllowlistText, withoutFieldName } from '../lib/allowlist-text';
import { MessageLines } from './field-help';

interface IpAllowlistDialogProps {
  open: boolean;
  /** Stays set while the dialog animates out. */
  token: ApiToken | null;
  saving: boolean;
  /** The server's message when the last attempt failed. */
  error: string | null;
  onCancel: () => void;
  onSave: (ipAllowlist: string[]) => void;
}

export function IpAllowlistDialog({ open, token, saving, error, onCancel, onSave }: IpAllowlistDialogProps) {
  const ids = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  // The server's message stands until the list is edited again.
  const [edited, setEdited] = useState(false);
  // Each opening starts from the token's list as it is now.
  const [openedFor, setOpenedFor] = useState<ApiToken | null>(null);
  if (open && token && openedFor !== token) {
    setOpenedFor(token);
    setText(allowlistFieldText(token.ipAllowlist));
    setInvalid(null);
    setEdited(false);
  }
  if (!open && openedFor !== null) setOpenedFor(null);

  const close = () => {
    if (!saving) onCancel();
  };
  const save = () => {
    const check = checkAllowlistText(text);
    if (!check.ok) {
      setInvalid(check.problems.join('\n'));
      return;
    }
    setEdited(false);
    onSave(check.entries);
  };
  const message = invalid ?? (edited || error === null ? null : withoutFieldName(error));

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-text`} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <DialogTitle id={`${ids}-title`}>IP allowlist of “{token?.title}”</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${ids}-text`} sx={{ mb: 2 }}>
            Calls with this token from any other address answer 403. The change takes effect at once.
          </DialogContentText>
          <TextField
            label="IP allowlist"
            multiline
            minRows={3}
            autoFocus
            fullWidth
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setInvalid(null);
              setEdited(true);
            }}
            placeholder={'203.0.113.0/24\n2001:db8::1'}
            error={message !== null}
            helperText={message === null ? ALLOWLIST_HELP : <MessageLines message={message} />}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
