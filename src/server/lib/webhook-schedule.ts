/**
 * When a failed delivery is tried again: Svix's schedule (docs.svix.com/retries), at once and then after
 * 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours and 10 hours; after the eighth attempt it
 * has failed (no delay is left). A replay starts the schedule again.
 */
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after each failed attempt (the first attempt is sent at once). */
export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** An endpoint whose deliveries have all failed for this long is switched off. */
export const FAILING_DISABLE_MS = 5 * 24 * HOUR;

/** How long the previous secret still signs after a rotation. */
export const PREVIOUS_SECRET_MS = 24 * HOUR;

/** When the next attempt is due after attempt number `attempt` (1-based) failed at `failedAtMs`; undefined when none is left. */
export function nextAttemptAfter(attempt: number, failedAtMs: number): number | undefined {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? undefined : failedAtMs + delay;
}
