/**
 * A login answered 429: the server has paused signing in from this address (too many failed attempts for
 * the account from here, or from here for any accounts) for `Retry-After` seconds. Until then even the right
 * password is refused, so the screen says so instead of "Login failed".
 */
import { ApiError } from '../../../lib/api-error';

/** When the pause ends (epoch ms), if `error` is the throttle's answer; undefined for any other failure. */
export function loginPauseEnd(error: unknown, now: number): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  // A 429 without Retry-After still means "wait": a minute, the shortest pause worth saying.
  return now + (error.retryAfterSeconds ?? 60) * 1000;
}

/** 840 -> "14:00", 59 -> "0:59". */
export function countdownText(secondsLeft: number): string {
  const minutes = Math.floor(secondsLeft / 60);
  return `${minutes}:${String(secondsLeft % 60).padStart(2, '0')}`;
}

export const LOGIN_PAUSED_MESSAGE = 'Signing in from this address is paused after too many failed attempts.';
export const LOGIN_PAUSE_OVER_MESSAGE = 'You can try signing in again.';
