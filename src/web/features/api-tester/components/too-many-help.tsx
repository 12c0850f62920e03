/**
 * What a 429 means, in plain words beside the API's own message, and how long until the token's window
 * resets (Retry-After, else RateLimit-Reset), counting down; at the end it says the call can be sent again.
 * Only that last sentence is a live region: a screen reader hears it once, not every second of the count.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { TesterResponse } from '../api/call-public-api';
import { readRateLimit, retryText, tooManyText, waitSeconds } from '../lib/rate-limit';
import { useSecondsLeft } from '../../../lib/use-seconds-left';

export function TooManyHelp({ response }: { response: Pick<TesterResponse, 'headers' | 'receivedAt'> }) {
  const headers = new Headers(response.headers);
  const secondsLeft = useSecondsLeft(response.receivedAt + waitSeconds(headers, 0) * 1000);
  return (
    <Alert severity="info" variant="outlined" role="note">
      {tooManyText(readRateLimit(headers)?.limit ?? null)}{' '}
      {secondsLeft > 0 ? (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {retryText(secondsLeft)}
        </Box>
      ) : null}
      <Box component="span" role="status" sx={{ fontWeight: 600 }}>
        {secondsLeft > 0 ? '' : retryText(0)}
      </Box>
    </Alert>
  );
}
