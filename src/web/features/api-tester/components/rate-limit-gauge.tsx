/**
 * The token's rate-limit budget from the response's RateLimit-* headers: a gauge ("412 of 600 left,
 * resets in 38 s") in the Headers view and a small chip beside Status, Time and Size. The reset counts down.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { rateLimitText, type RateLimitState } from '../lib/rate-limit';
import { useSecondsLeft } from '../../../lib/use-seconds-left';

interface RateLimitProps {
  state: RateLimitState;
  /** When the response arrived (epoch ms). */
  receivedAt: number;
}

/** Below a tenth of the budget the gauge turns to a warning, at none to an error. */
function colourOf(state: RateLimitState): 'success' | 'warning' | 'error' {
  if (state.remaining === 0) return 'error';
  return state.remaining < state.limit / 10 ? 'warning' : 'success';
}

function useLiveState({ state, receivedAt }: RateLimitProps): RateLimitState {
  const resetSeconds = useSecondsLeft(receivedAt + state.resetSeconds * 1000);
  return { ...state, resetSeconds };
}

export function RateLimitGauge(props: RateLimitProps) {
  const state = useLiveState(props);
  const text = state.resetSeconds > 0 ? rateLimitText(state) : `${state.remaining} of ${state.limit} left when sent; the window has reset since`;
  return (
    <Box role="group" aria-labelledby="rate-limit-heading" sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id="rate-limit-heading" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        Rate limit
      </Typography>
      <LinearProgress
        variant="determinate"
        color={colourOf(state)}
        value={state.limit > 0 ? Math.round((state.remaining / state.limit) * 100) : 0}
        aria-label="Requests left in this window"
        aria-valuetext={`${state.remaining} of ${state.limit} left`}
        sx={{ height: 8, borderRadius: 1, mb: 0.75 }}
      />
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

export function RateLimitChip(props: RateLimitProps) {
  const state = useLiveState(props);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colourOf(state) === 'success' ? 'default' : colourOf(state)}
      label={`Limit ${state.remaining}/${state.limit}`}
      title={rateLimitText(state)}
      aria-label={`Rate limit: ${rateLimitText(state)}`}
    />
  );
}
