/**
 * Refresh asks first how long the current value keeps working beside the new one (a grace window): not at
 * all (the default, as refresh always behaved), 1 hour, 24 hours or 7 days, never past the value's own
 * expiry. It says so when a grace window from an earlier refresh would end.
 */
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ApiToken } from '../../../lib/api-tokens';
import { formatDateTime } from '../../../lib/format-date';
import { expiryState } from '../../../../shared/portal-data/token-expiry';
import { graceLabel } from '../../../lib/token-display';
import type { GraceHours } from '../api/refresh-api-token';
import { GRACE_OPTIONS } from '../lib/token-options';

const HOUR_MS = 60 * 60 * 1000;

interface RefreshTokenDialogProps {
  open: boolean;
  /** Stays set while the dialog animates out. */
  token: ApiToken | null;
  refreshing: boolean;
  onCancel: () => void;
  onConfirm: (graceHours: GraceHours) => void;
}

export function RefreshTokenDialog({ open, token, refreshing, onCancel, onConfirm }: RefreshTokenDialogProps) {
  const [grace, setGrace] = useState<GraceHours>(0);
  const ids = useId();
  const now = new Date();
  const expired = token ? expiryState(token.expiryDate, now).kind === 'expired' : false;
  const runningGrace = token ? graceLabel(token.previousValueExpiresAt, now) : null;
  const cutShort = token !== null && !expired && grace > 0 && new Date(token.expiryDate).getTime() < now.getTime() + grace * HOUR_MS;

  let help = 'During the grace window both values work, so you can deploy the new one without downtime.';
  if (expired) help = 'The current value has expired, so it cannot keep working.';
  else if (grace === 0) help = 'The current value stops working as soon as you refresh: calls that still send it answer 401 until they use the new one.';
  else if (cutShort && token) help = `The current value expires ${formatDateTime(token.expiryDate)}: it works until then, not longer.`;

  const close = () => {
    if (!refreshing) onCancel();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-text`}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => setGrace(0) } }}
    >
      <DialogTitle id={`${ids}-title`}>Refresh “{token?.title}”</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${ids}-text`}>
          Refresh gives the token a new value, valid for {token?.lifetimeDays} days from now. Its access stays the same.
        </DialogContentText>
        {runningGrace ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            A grace window is running: the previous value from the last refresh stops working at once.
          </Alert>
        ) : null}
        <FormControl component="fieldset" sx={{ mt: 2 }}>
          <FormLabel component="legend">How long should the current value keep working?</FormLabel>
          <RadioGroup name="graceHours" value={String(grace)} onChange={(event) => setGrace(Number(event.target.value) as GraceHours)}>
            {GRACE_OPTIONS.map((option) => (
              <FormControlLabel
                key={option.value}
                value={String(option.value)}
                control={<Radio />}
                label={option.label}
                disabled={expired && option.value > 0}
              />
            ))}
          </RadioGroup>
          <FormHelperText>{help}</FormHelperText>
        </FormControl>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} autoFocus disabled={refreshing}>
          Cancel
        </Button>
        <Button onClick={() => onConfirm(expired ? 0 : grace)} variant="contained" loading={refreshing}>
          Refresh
        </Button>
      </DialogActions>
    </Dialog>
  );
}
