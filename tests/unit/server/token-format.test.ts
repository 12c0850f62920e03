/**
 * Token values name brand, user type and environment, carry a checksum over all of it, and are matched by
 * the secret-scanning pattern docs/security.md gives providers to register.
 */
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateTokenValue, parseTokenValue } from '../../../src/server/lib/token-format.ts';
import { scrubTokenValues } from '../../../src/server/lib/token-scrub.ts';
import { brand } from '../../../src/generated/brand.ts';
import { TOKEN_ENVIRONMENTS } from '../../../src/shared/token-environment.ts';
import { USER_TYPES } from '../../../src/shared/api-family.ts';

/** Six base62 digits, most significant first, as token-format.ts writes its checksum. */
function base62(value: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let out = '';
  for (let rest = value, i = 0; i < 6; i += 1, rest = Math.floor(rest / 62)) out = alphabet[rest % 62] + out;
  return out;
}

const documentedPattern = (): RegExp => {
  const match = /`(\\bacme_\[sw\][^`]+)`/.exec(readFileSync('docs/security.md', 'utf8'));
  if (match === null) throw new Error('docs/security.md gives no secret-scanning pattern');
  return new RegExp(match[1]!.replaceAll('acme', brand.tokenPrefix));
};

describe('token values', () => {
  it('name the user type and the environment, and read back as made', () => {
    for (const userType of USER_TYPES) {
      for (const environment of TOKEN_ENVIRONMENTS) {
        const value = generateTokenValue(userType, environment);
        expect(value.startsWith(`${brand.tokenPrefix}_${userType === 'SELLER' ? 's' : 'w'}_${environment}_`)).toBe(true);
        expect(parseTokenValue(value)).toEqual({ userType, environment });
      }
    }
  });

  it('read values made before environments existed as sandbox tokens', () => {
    // The old format, as it was made: no environment word, the checksum over brand, letter and random part.
    const body = `${brand.tokenPrefix}_w_${'Q2hhbmdlIG1lIGluIHRo'.padEnd(22, 'x')}`;
    expect(parseTokenValue(body + base62(crc32(body)))).toEqual({ userType: 'WAREHOUSE', environment: 'sandbox' });
  });

  it('refuse a value whose environment word was changed: the checksum covers it', () => {
    const live = generateTokenValue('SELLER', 'live');
    expect(parseTokenValue(live.replace('_live_', '_sandbox_'))).toBeUndefined();
    expect(parseTokenValue(live.replace('_live_', '_'))).toBeUndefined();
  });

  it('are all matched by the documented secret-scanning pattern, and scrubbed from log text', () => {
    const pattern = documentedPattern();
    for (const environment of TOKEN_ENVIRONMENTS) {
      const value = generateTokenValue('SELLER', environment);
      expect(pattern.test(`found ${value} in a gist`)).toBe(true);
      expect(scrubTokenValues(`/x?t=${value}`)).toBe('/x?t=[redacted]');
    }
    expect(pattern.test(`${brand.tokenPrefix}_s_${'A'.repeat(28)}`)).toBe(true);
    expect(pattern.test(`${brand.tokenPrefix}_s_test_${'A'.repeat(28)}`)).toBe(false);
  });
});
