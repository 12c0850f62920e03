/** The login throttle's pause, read from the answer: only a 429 pauses, for Retry-After seconds. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/web/lib/api-error';
import { countdownText, loginPauseEnd } from '../../../../src/web/features/auth/lib/login-pause';

describe('loginPauseEnd', () => {
  it('ends Retry-After seconds from now for a 429', () => {
    expect(loginPauseEnd(new ApiError(429, 'Too many failed logins, retry in 840 seconds.', 840), 1_000)).toBe(841_000);
  });

  it('waits a minute for a 429 without Retry-After', () => {
    expect(loginPauseEnd(new ApiError(429, 'Too many'), 0)).toBe(60_000);
  });

  it.each([
    ['a wrong password', new ApiError(401, 'Invalid email, password or user type.')],
    ['too many logins checked at once', new ApiError(503, 'Busy', 2)],
    ['a network failure', new Error('Failed to fetch')],
  ])('is no pause for %s', (_, error) => {
    expect(loginPauseEnd(error, 0)).toBeUndefined();
  });
});

describe('countdownText', () => {
  it.each([
    [840, '14:00'],
    [90, '1:30'],
    [59, '0:59'],
    [1, '0:01'],
  ])('%i s reads %s', (seconds, text) => {
    expect(countdownText(seconds)).toBe(text);
  });
});
