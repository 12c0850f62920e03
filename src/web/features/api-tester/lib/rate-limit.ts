/** The public API's rate-limit headers (RateLimit-Limit, -Remaining, -Reset; Retry-After on a 429) read for display and for waiting. */

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets, as the response said. */
  resetSeconds: number;
}

export interface HeaderSource {
  get(name: string): string | null;
}

function seconds(raw: string | null): number | null {
  return raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

export function readRateLimit(headers: HeaderSource): RateLimitState | null {
  const limit = seconds(headers.get('ratelimit-limit'));
  const remaining = seconds(headers.get('ratelimit-remaining'));
  const resetSeconds = seconds(headers.get('ratelimit-reset'));
  if (limit === null || remaining === null || resetSeconds === null) return null;
  return { limit, remaining, resetSeconds };
}

/** How long to wait before asking again: Retry-After, else RateLimit-Reset, else `fallback`. */
export function waitSeconds(headers: HeaderSource, fallback = 1): number {
  return seconds(headers.get('retry-after')) ?? seconds(headers.get('ratelimit-reset')) ?? fallback;
}

/** "412 of 600 left, resets in 38 s". */
export function rateLimitText(state: RateLimitState): string {
  return `${state.remaining} of ${state.limit} left, resets in ${state.resetSeconds} s`;
}
