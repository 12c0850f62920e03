import { describe, expect, it } from 'vitest';
import { expiryLabel, expiryState, reminderText, tokensNeedingAttention } from '../../../src/shared/portal-data/token-expiry';

const now = new Date('2026-01-10T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();

describe('expiryState', () => {
  it.each([
    [-1, { kind: 'expired' }],
    [0, { kind: 'expired' }],
    [5, { kind: 'expiring', daysLeft: 0 }],
    [13, { kind: 'expiring', daysLeft: 1 }],
    [24 * 6 + 11, { kind: 'expiring', daysLeft: 6 }],
    [24 * 7, { kind: 'expiring', daysLeft: 7 }],
    // A 7-day token a moment after it was made.
    [24 * 7 - 0.01, { kind: 'expiring', daysLeft: 7 }],
    [24 * 7 + 11, { kind: 'expiring', daysLeft: 7 }],
    [24 * 7 + 13, { kind: 'valid' }],
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

describe('tokensNeedingAttention', () => {
  it('keeps expired and expiring tokens, in their order, with their state', () => {
    const tokens = [{ expiryDate: at(24 * 30) }, { expiryDate: at(-5) }, { expiryDate: at(30) }];
    expect(tokensNeedingAttention(tokens, now)).toEqual([
      { token: tokens[1], state: { kind: 'expired' } },
      { token: tokens[2], state: { kind: 'expiring', daysLeft: 1 } },
    ]);
  });
  it('leaves out a token with 7 days left, such as a 7-day token just made, until fewer than 7 are left', () => {
    expect(tokensNeedingAttention([{ expiryDate: at(24 * 7 - 0.01) }], now)).toEqual([]);
    expect(tokensNeedingAttention([{ expiryDate: at(24 * 6 + 11) }], now)).toHaveLength(1);
  });
  it('leaves out a revoked token, however close its expiry', () => {
    const revocation = { revokedDate: at(-1), foundAt: 'https://github.com/example/ci', source: 'content' };
    expect(
      tokensNeedingAttention(
        [
          { expiryDate: at(-5), revocation },
          { expiryDate: at(30), revocation },
        ],
        now,
      ),
    ).toEqual([]);
    expect(tokensNeedingAttention([{ expiryDate: at(-5), revocation: null }], now)).toHaveLength(1);
  });
});

describe('reminderText', () => {
  it('names one token, or counts and names several, and says nothing when none is due', () => {
    const due = (tokens: { title: string; expiryDate: string }[]) => tokensNeedingAttention(tokens, now);
    expect(reminderText(due([{ title: 'ERP sync', expiryDate: at(24 * 3 + 1) }]))).toBe('Your API token “ERP sync” expires in 3 days.');
    expect(
      reminderText(
        due([
          { title: 'Old', expiryDate: at(-1) },
          { title: 'Soon', expiryDate: at(2) },
        ]),
      ),
    ).toBe('2 of your API tokens need attention: “Old” has expired, “Soon” expires today.');
    expect(reminderText(due([{ title: 'Fine', expiryDate: at(24 * 30) }]))).toBeNull();
  });
});
