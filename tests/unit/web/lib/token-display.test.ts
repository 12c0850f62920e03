import { describe, expect, it } from 'vitest';
import { graceLabel, timeLeft, TOKEN_MASK } from '../../../../src/web/lib/token-display';

const now = new Date('2026-01-10T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();

describe('TOKEN_MASK', () => {
  it('is a fixed run of dots', () => {
    expect(TOKEN_MASK).toMatch(/^•{24}$/);
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
