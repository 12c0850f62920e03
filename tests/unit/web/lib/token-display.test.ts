import { describe, expect, it } from 'vitest';
import { expiryLabel, expiryState, TOKEN_MASK } from '../../../../src/web/lib/token-display';

const now = new Date('2026-01-10T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();

describe('TOKEN_MASK', () => {
  it('is a fixed run of dots', () => {
    expect(TOKEN_MASK).toMatch(/^•{24}$/);
  });
});

describe('expiryState', () => {
  it.each([
    [-1, { kind: 'expired' }],
    [0, { kind: 'expired' }],
    [5, { kind: 'expiring', daysLeft: 0 }],
    [24 * 7, { kind: 'expiring', daysLeft: 7 }],
    [24 * 7 + 1, { kind: 'valid' }],
  ])('%s hours ahead is %j', (hours, state) => {
    expect(expiryState(at(hours), now)).toEqual(state);
  });
  it('treats an unreadable date as expired', () => {
    expect(expiryState('soon', now)).toEqual({ kind: 'expired' });
  });
});

describe('expiryLabel', () => {
  it('words each state', () => {
    expect(expiryLabel({ kind: 'expired' })).toBe('Expired');
    expect(expiryLabel({ kind: 'expiring', daysLeft: 0 })).toBe('Expires today');
    expect(expiryLabel({ kind: 'expiring', daysLeft: 1 })).toBe('Expires in 1 day');
    expect(expiryLabel({ kind: 'expiring', daysLeft: 6 })).toBe('Expires in 6 days');
    expect(expiryLabel({ kind: 'valid' })).toBeNull();
  });
});
