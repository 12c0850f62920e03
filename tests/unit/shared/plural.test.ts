import { describe, expect, it } from 'vitest';
import { countOf, plural } from '../../../src/shared/plural';

describe('plural', () => {
  it('keeps the noun singular for exactly one', () => {
    expect(plural(1, 'call')).toBe('call');
    expect(plural(0, 'call')).toBe('calls');
    expect(plural(2, 'row')).toBe('rows');
  });
});

describe('countOf', () => {
  it('writes the count with its noun in the right number', () => {
    expect(countOf(1, 'call')).toBe('1 call');
    expect(countOf(0, 'request')).toBe('0 requests');
    expect(countOf(1024, 'row')).toBe('1,024 rows');
  });
});
