/** The public API's rate-limit headers (RateLimit-Limit, -Remaining, -Reset; Retry-After on a 429) read for display and for waiting. */
import { headerSeconds } from '../../../lib/api-error';

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets, as the response said. */
  resetSeconds: number;
}

export interface HeaderSource {
  get(name: string): string | null;
}

export function readRateLimit(headers: HeaderSource): RateLimitState | null {
  const limit = headerSeconds(headers.get('ratelimit-limit'));
  const remaining = headerSeconds(headers.get('ratelimit-remaining'));
  const resetSeconds = headerSeconds(headers.get('ratelimit-reset'));
  if (limit === null || remaining === null || resetSeconds === null) return null;
  return { limit, remaining, resetSeconds };
}

/** How long to wait before asking again: Retry-After, else RateLimit-Reset, else `fallback`. */
export function waitSeconds(headers: HeaderSource, fallback = 1): number {
  return headerSeconds(headers.get('retry-after')) ?? headerSeconds(headers.get('ratelimit-reset')) ?? fallback;
}

/** "412 of 600 left, resets in 38 s". */
export function rateLimitText(state: RateLimitState): string {
  return `${state.remaining} of ${state.limit} left, resets in ${state.resetSeconds} s`;
}

/** What a 429 means, in plain words: the limit's number when the response gave it. */
export function tooManyText(limit: number | null): string {
  const calls = limit === null ? 'all the calls' : `all ${limit} ${limit === 1 ? 'call' : 'calls'}`;
  return `This token has made ${calls} its rate limit allows in one minute, so the API refuses further calls until the window resets. Spread your calls out to stay under the limit.`;
}

/** The countdown after a 429: "You can send again in 23 s.", then that it can be sent. */
export function retryText(secondsLeft: number): string {
  return secondsLeft > 0 ? `You can send again in ${secondsLeft} s.` : 'The window has reset: you can send the call again.';
}
