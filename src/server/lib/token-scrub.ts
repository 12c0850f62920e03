/**
 * The one scrub every captured text goes through before it is kept anywhere (request log rows, activity
 * events, sessions, the server's log lines): anything that is or hides a token value becomes `[redacted]`.
 *
 * A value can arrive literally (`acme_s_live_…`), percent-encoded in either case (`acme%5Fs%5F…`,
 * `acme%5fs%5f…`, even `%61cme_…`), encoded twice or more (`acme%255Fs…`) and with its prefix in any case
 * (`ACME_S_…`: the server refuses that spelling, but its random part is still the secret). So the text is
 * cut into runs of the characters a token or an escape is made of (letters, digits, `_` and `%`); a run that
 * shows a token, as it is or after decoding its ASCII escapes again and again until nothing changes, is
 * replaced whole. A `+` (a space in a query) or any other character no token holds only separates runs.
 * Decoding stops after MAX_DECODING_ROUNDS: a run still changing then is replaced too, since no one encodes
 * an honest value that many times. Replacing whole runs keeps the surrounding text, JSON log lines included,
 * well-formed.
 */
import { brand } from '../../generated/brand.ts';
import { TOKEN_LETTER_CLASS } from '../../shared/api-family.ts';
import { TOKEN_ENVIRONMENTS } from '../../shared/token-environment.ts';

export const REDACTED = '[redacted]';

/** Anything that looks like one of our tokens, in any case, anywhere in a string. */
export const TOKEN_LIKE = new RegExp(`${brand.tokenPrefix}_${TOKEN_LETTER_CLASS}_(?:(?:${TOKEN_ENVIRONMENTS.join('|')})_)?[0-9A-Za-z]{8,}`, 'gi');
const TOKEN_LIKE_ONCE = new RegExp(TOKEN_LIKE.source, 'i');

/** Texts that can hold no token in any spelling (nearly every path and agent) leave after this one test. */
const MAYBE_HIDING = new RegExp(`%|${brand.tokenPrefix}_`, 'i');
const RUN = /[0-9A-Za-z_%]+/g;
const ASCII_ESCAPE = /%([0-7][0-9A-Fa-f])/g;
const MAX_DECODING_ROUNDS = 8;

/**
 * Whether a run of token characters is or hides a token. Only ASCII escapes are decoded (a token is
 * ASCII), so decoding never fails on a stray `%` or a broken UTF-8 sequence.
 */
function runHidesToken(run: string): boolean {
  let text = run;
  for (let round = 0; round <= MAX_DECODING_ROUNDS; round += 1) {
    if (TOKEN_LIKE_ONCE.test(text)) return true;
    const decoded = text.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (decoded === text) return false;
    text = decoded;
  }
  return true;
}

/** `text` with every run that is or hides a token value replaced by `[redacted]`; the same string when there is none. */
export function scrubTokenValues(text: string): string {
  if (!MAYBE_HIDING.test(text)) return text;
  return text.replace(RUN, (run) => (runHidesToken(run) ? REDACTED : run));
}

type CapturedValue = string | number | boolean | Date | null | undefined;

/**
 * A captured record with every text field scrubbed: what the request log and the activity log keep is
 * made through this, so a field added later is scrubbed without anyone remembering to.
 */
export function scrubbedFields<T extends Record<string, CapturedValue>>(fields: T): T {
  const out: Record<string, CapturedValue> = {};
  for (const key in fields) {
    const value = fields[key];
    out[key] = typeof value === 'string' ? scrubTokenValues(value) : value;
  }
  return out as T;
}
