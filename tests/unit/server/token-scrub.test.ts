/** The one scrub every captured text goes through (src/server/lib/token-scrub.ts). */
import { describe, expect, it } from 'vitest';
import { brand } from '../../../src/generated/brand.ts';
import { generateTokenValue } from '../../../src/server/lib/token-format.ts';
import { scrubbedFields, scrubTokenValues } from '../../../src/server/lib/token-scrub.ts';

const token = generateTokenValue('SELLER', 'live');
const randomPart = token.slice(-28);

/** Percent-encodes every character of `text` that `pick` selects, in upper or lower case hex. */
function encode(text: string, pick: (char: string) => boolean, lower = false): string {
  return [...text]
    .map((char) => {
      if (!pick(char)) return char;
      const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
      return `%${lower ? hex : hex.toUpperCase()}`;
    })
    .join('');
}
const underscores = (char: string) => char === '_';
const everything = () => true;

const spellings: Record<string, string> = {
  literal: token,
  'underscores encoded, upper case': encode(token, underscores),
  'underscores encoded, lower case': encode(token, underscores, true),
  'every character encoded': encode(token, everything),
  'encoded twice': encode(encode(token, underscores), (char) => char === '%'),
  'encoded three times': encode(
    encode(encode(token, underscores), (char) => char === '%'),
    (char) => char === '%',
  ),
  'the prefix in capitals': token.replace(`${brand.tokenPrefix}_s_live_`, `${brand.tokenPrefix.toUpperCase()}_S_LIVE_`),
  'the prefix in mixed case, encoded': encode(token.replace(brand.tokenPrefix, 'AcMe'.slice(0, brand.tokenPrefix.length)), underscores, true),
  'the first letter encoded': `%${brand.tokenPrefix.charCodeAt(0).toString(16)}${token.slice(1)}`,
};

describe('scrubTokenValues', () => {
  it.each(Object.entries(spellings))('removes a token written %s, in a path, a query and an agent', (_name, spelled) => {
    for (const text of [
      `/api/v1/seller/orders/${spelled}`,
      `/api/v1/seller/orders?token=${spelled}&page=1`,
      `/api/v1/seller/orders?${spelled}=1`,
      `/x?q=a+${spelled}+b`,
      `curl/8.5.0 (${spelled})`,
      `{"ua":"x ${spelled}"}`,
    ]) {
      const scrubbed = scrubTokenValues(text);
      expect(scrubbed).toContain('[redacted]');
      expect(scrubbed).not.toContain(randomPart);
      expect(scrubbed.toLowerCase()).not.toContain(randomPart.slice(0, 10).toLowerCase());
    }
  });

  it('keeps the text around a token as it was, so a JSON line stays JSON', () => {
    expect(scrubTokenValues(`/orders?token=${encode(token, underscores)}&page=1`)).toBe('/orders?token=[redacted]&page=1');
    const line = JSON.stringify({ url: `/x?t=${encode(token, underscores, true)}`, ua: `"quoted" ${token}` });
    expect(JSON.parse(scrubTokenValues(line))).toEqual({ url: '/x?t=[redacted]', ua: '"quoted" [redacted]' });
  });

  it('returns text without a token as the same string, escapes and all', () => {
    for (const text of ['/api/v1/seller/orders?page=2', '/caf%C3%A9?q=%E0%A4', 'Mozilla/5.0 (X11; Linux x86_64)', '100%', '%%%', `${brand.tokenPrefix}_docs`]) {
      expect(scrubTokenValues(text)).toBe(text);
    }
  });

  it('removes a run still changing after the decoding rounds, whatever it hides', () => {
    let deep = encode(token, underscores);
    for (let round = 0; round < 12; round += 1) deep = encode(deep, (char) => char === '%');
    expect(scrubTokenValues(`/x?t=${deep}`)).toBe('/x?t=[redacted]');
  });
});

describe('scrubbedFields', () => {
  it('scrubs every text field, whatever its name, and leaves the others as they are', () => {
    const at = new Date();
    expect(scrubbedFields({ path: `/a/${token}`, agent: encode(token, underscores), anyNewField: `x ${token}`, status: 200, at, none: null })).toEqual({
      path: '/a/[redacted]',
      agent: '[redacted]',
      anyNewField: 'x [redacted]',
      status: 200,
      at,
      none: null,
    });
  });
});
