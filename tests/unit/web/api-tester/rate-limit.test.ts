import { describe, expect, it } from 'vitest';
import { rateLimitText, readRateLimit, waitSeconds } from '../../../../src/web/features/api-tester/lib/rate-limit';

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
