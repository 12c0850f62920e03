/**
 * The answer in a reference page's "Try it" panel: status, time, size and the rate limit as on API Test, the
 * plain-words help of a refused call, and the body as formatted JSON (at most 480 px high, scrolling).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TesterResponse } from '../api/call-public-api';
import { readRateLimit } from '../lib/rate-limit';
import { formatBytes, formatDuration } from '../lib/response-info';
import { JsonView } from './json-view';
import { RateLimitChip } from './rate-limit-gauge';
import { responseBoxSx } from './response-box';
import { StatusHelp } from './status-help';

interface TryItAnswerProps {
  response: TesterResponse | undefined;
  /** A failure without a response (network error). */
  error: Error | null;
  running: boolean;
  /** The body's region, e.g. "Response of List warehouses". */
  label: string;
}

export function TryItAnswer({ response, error, running, label }: TryItAnswerProps) {
  const rateLimit = response ? readRateLimit(new Headers(response.headers)) : null;
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle2" component="h4" sx={{ mr: 'auto', fontWeight: 700 }}>
          Response
        </Typography>
        {response ? (
          <Stack direction="row" aria-label="Response summary" role="group" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Chip size="small" color={response.ok ? 'success' : 'error'} label={`Status ${response.status}`} />
            <Chip size="small" variant="outlined" label={`Time ${formatDuration(response.durationMs)}`} />
            <Chip size="small" variant="outlined" label={`Size ${formatBytes(response.sizeBytes)}`} />
            {rateLimit ? <RateLimitChip state={rateLimit} receivedAt={response.receivedAt} /> : null}
          </Stack>
        ) : null}
      </Box>
      {error ? (
        <Alert severity="error" variant="filled">
          {error.message}
        </Alert>
      ) : null}
      {response ? <StatusHelp response={response} /> : null}
      <Box role="region" aria-label={label} aria-busy={running} tabIndex={0} sx={{ ...responseBoxSx(running), maxHeight: 480, p: 1.5 }}>
        {response ? (
          response.isJson ? (
            <JsonView value={response.body} />
          ) : (
            <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {response.text || '(empty body)'}
            </Box>
          )
        ) : (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
            {running ? 'Calling the API…' : 'No response'}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
