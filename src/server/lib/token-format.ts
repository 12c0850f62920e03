/**
 * API token values: `<brand>_<s|w>_<sandbox|live>_<22 base62 random><6 base62 CRC32>`, e.g.
 * `acme_s_live_...`. The prefix names brand, user type and environment so people and secret scanners
 * recognise a token and what it reaches; 22 base62 characters carry 130 bits; the CRC32 checksum over
 * everything before it (GitHub's token format does the same) lets the server reject junk before touching
 * the database. Values made before environments existed (`acme_s_...`, no environment) are sandbox tokens.
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { brand } from '../../generated/brand.ts';
import { familyOfTokenLetter, familyOfUserType, FAMILY, TOKEN_LETTER_CLASS, type UserType } from '../../shared/api-family.ts';
import { TOKEN_ENVIRONMENTS, type TokenEnvironment } from '../../shared/token-environment.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 22;
const CHECKSUM_LENGTH = 6;

const ENVIRONMENT_GROUP = `(?:(${TOKEN_ENVIRONMENTS.join('|')})_)?`;
const TOKEN_PATTERN = new RegExp(
  `^${brand.tokenPrefix}_(${TOKEN_LETTER_CLASS})_${ENVIRONMENT_GROUP}([0-9A-Za-z]{${RANDOM_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`,
);
function base62(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i += 1) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function randomBase62(length: number): string {
  // Rejection sampling: bytes >= 248 would bias the alphabet (248 = 4 * 62).
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

export function generateTokenValue(userType: UserType, environment: TokenEnvironment): string {
  const body = `${brand.tokenPrefix}_${FAMILY[familyOfUserType(userType)].tokenLetter}_${environment}_${randomBase62(RANDOM_LENGTH)}`;
  return body + checksum(body);
}

/** What a well-formed value names. */
export interface ParsedToken {
  userType: UserType;
  environment: TokenEnvironment;
}

/** The user type and environment a well-formed token names, or undefined when the value cannot be one of ours. */
export function parseTokenValue(value: string): ParsedToken | undefined {
  const match = TOKEN_PATTERN.exec(value);
  if (match === null) return undefined;
  const body = value.slice(0, value.length - CHECKSUM_LENGTH);
  if (checksum(body) !== match[4]) return undefined;
  const family = familyOfTokenLetter(match[1] ?? '');
  if (family === undefined) return undefined;
  return { userType: FAMILY[family].userType, environment: (match[2] as TokenEnvironment | undefined) ?? 'sandbox' };
}
