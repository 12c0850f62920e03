/** Integers in URLs are read only in canonical decimal form, as safe integers (src/shared/decimal-integer.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimalInteger } from '../../../src/shared/decimal-integer.ts';

describe('parseDecimalInteger', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    ['-5', -5],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('%s is %i', (text, value) => {
    expect(Object.is(parseDecimalInteger(text), value)).toBe(true);
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '+1',
    '1.0',
    '1.',
    '.5',
    '1e3',
    '0x10',
    '0b1',
    '0o7',
    'Infinity',
    '-Infinity',
    'NaN',
    '1_000',
    '１',
    '٣',
    '9007199254740992',
    '9'.repeat(25),
    '--1',
    '-',
    '-0',
    '007',
    '01',
    '00',
    '-01',
  ])('%j is not an integer parameter', (text) => {
    expect(parseDecimalInteger(text)).toBeUndefined();
  });

  it('any text: either undefined or a safe integer that prints back as the very same text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^-?[0-9]{1,20}$/), fc.bigInt().map(String), fc.double().map(String)), (text) => {
        const value = parseDecimalInteger(text);
        if (value === undefined) return;
        expect(Number.isSafeInteger(value)).toBe(true);
        expect(String(value)).toBe(text);
      }),
      { seed: 20261123, numRuns: 2000 },
    );
  });
});
