/**
 * An attempt's outcome: its status code as a chip in the code's colour, or the error when no answer came
 * (timeout, refused address), so a failure reads at a glance.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { WebhookAttempt } from '../api/list-webhook-attempts';

type Tone = 'success' | 'warning' | 'error';

function toneOf(attempt: Pick<WebhookAttempt, 'outcome' | 'statusCode'>): Tone {
  if (attempt.outcome === 'succeeded') return 'success';
  return attempt.statusCode !== null && attempt.statusCode < 500 && attempt.statusCode !== 410 ? 'warning' : 'error';
}

export function AttemptOutcome({ attempt }: { attempt: Pick<WebhookAttempt, 'outcome' | 'statusCode' | 'error'> }) {
  const tone = toneOf(attempt);
  const label = attempt.statusCode === null ? 'No answer' : String(attempt.statusCode);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      <Chip
        size="small"
        color={tone}
        label={label}
        aria-label={`${attempt.outcome === 'succeeded' ? 'Succeeded' : 'Failed'}: ${label}`}
        sx={{ fontWeight: 600, minWidth: 48 }}
      />
      {attempt.error === null ? null : (
        <Box component="span" sx={{ color: 'error.main', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
          {attempt.error}
        </Box>
      )}
    </Box>
  );
}
