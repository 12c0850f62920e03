import { describe, expect, it } from 'vitest';
import { expiryLabel, expiryState, graceLabel, timeLeft, tokensNeedingAttention, TOKEN_MASK } from '../../../../src/web/lib/token-display';

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

describe('timeLeft', () => {
  it.each([
    [-1, null],
    [0, null],
    [0.001, '1 min'],
    [0.5, '30 min'],
    [59 / 60, '59 min'],
    [1, '1 h'],
    [2 + 59 / 60, '3 h'],
    [24, '24 h'],
    [47, '47 h'],
    [48, '2 days'],
    [168, '7 days'],
  ])('%s hours ahead reads %s', (hours, text) => {
    expect(timeLeft(at(hours), now)).toBe(text);
  });
  it('reads nothing for an unreadable date', () => {
    expect(timeLeft('soon', now)).toBeNull();
  });
});

describe('graceLabel', () => {
  it('words a running window and nothing else', () => {
    expect(graceLabel(at(3), now)).toBe('Previous value stops working in 3 h');
    expect(graceLabel(at(-0.1), now)).toBeNull();
    expect(graceLabel(null, now)).toBeNull();
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
});
