/**
 * How often the delivery log asks again: every few seconds while something is about to change (an attempt
 * whose retry is due within a minute, or just after a test event or a replay, whose first attempt is on its
 * way), otherwise not at all. A retry hours away is not worth polling for; Refresh is there for that.
 */
export const POLL_MS = 3_000;
/** A retry due within this long is watched for. */
const NEAR_MS = 60_000;
/** After a test event or a replay, the log is watched this long for the new attempt. */
export const AFTER_ACTION_MS = 20_000;

export function pollInterval(input: {
  attempts: readonly { nextAttemptDate: string | null }[];
  /** When the user last sent a test event or replayed (epoch ms); null when never. */
  lastActionAt: number | null;
  now: number;
}): number | false {
  if (input.lastActionAt !== null && input.now - input.lastActionAt < AFTER_ACTION_MS) return POLL_MS;
  const soon = input.attempts.some((attempt) => {
    if (attempt.nextAttemptDate === null) return false;
    const due = Date.parse(attempt.nextAttemptDate);
    // A retry just overdue is still about to happen: the worker picks it up within seconds.
    return due - input.now < NEAR_MS && input.now - due < NEAR_MS;
  });
  return soon ? POLL_MS : false;
}
