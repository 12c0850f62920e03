/**
 * The login throttle's pause, said on the form with its countdown. The notice is announced once when it
 * appears (role="alert"); the ticking time sits outside the live text, so a screen reader does not read
 * every second; the end is announced once more.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useSecondsLeft } from '../../../lib/use-seconds-left';
import { countdownText, LOGIN_PAUSE_OVER_MESSAGE, LOGIN_PAUSED_MESSAGE } from '../lib/login-pause';

export function LoginPauseNotice({ endsAt }: { endsAt: number }) {
  const secondsLeft = useSecondsLeft(endsAt);
  if (secondsLeft <= 0) {
    return (
      <Alert severity="info" variant="outlined" role="status">
        {LOGIN_PAUSE_OVER_MESSAGE}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" variant="outlined" role="alert">
      {LOGIN_PAUSED_MESSAGE} Try again in{' '}
      <Box component="span" aria-live="off" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {countdownText(secondsLeft)}
      </Box>
      .
    </Alert>
  );
}
