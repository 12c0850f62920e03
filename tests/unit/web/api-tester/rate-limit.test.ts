import { describe, expect, it } from 'vitest';
import { rateLimitText, readRateLimit, retryText, tooManyText, waitSeconds } from '../../../../src/web/features/api-tester/lib/rate-limit';

describe('readRateLimit', () => {
  it('reads the three RateLimit headers', () => {
    const headers = new Headers({ 'RateLimit-Limit': '600', 'RateLimit-Remaining': '412', 'RateLimit-Reset': '38' });
    const state = readRateLimit(headers);
    expect(state).toEqual({ limit: 600, remaining: 412, resetSeconds: 38 });
    expect(state && rateLimitText(state)).toBe('412 of 600 left, resets in 38 s');
  });
  it('is null when one is missing or not a number', () => {
    expect(readRateLimit(new Headers({ 'RateLimit-Limit': '600', 'RateLimit-Remaining': '412' }))).toBeNull();
    expect(readRateLimit(new Headers({ 'RateLimit-Limit': 'x', 'RateLimit-Remaining': '1', 'RateLimit-Reset': '1' }))).toBeNull();
  });
});

describe('waitSeconds', () => {
  it('prefers Retry-After, then RateLimit-Reset, then the fallback', () => {
    expect(waitSeconds(new Headers({ 'Retry-After': '7', 'RateLimit-Reset': '30' }))).toBe(7);
    expect(waitSeconds(new Headers({ 'RateLimit-Reset': '30' }))).toBe(30);
    expect(waitSeconds(new Headers(), 2)).toBe(2);
  });
});

describe('a 429 in plain words', () => {
  it('names the limit when the response gave it', () => {
    expect(tooManyText(600)).toMatch(/^This token has made all 600 calls its rate limit allows in one minute, so the API refuses further calls/);
    expect(tooManyText(1)).toMatch(/^This token has made all 1 call its/);
    expect(tooManyText(null)).toMatch(/^This token has made all the calls its/);
  });
  it('counts down, then says the call can be sent again', () => {
    expect(retryText(23)).toBe('You can send again in 23 s.');
    expect(retryText(0)).toBe('The window has reset: you can send the call again.');
  });
});
