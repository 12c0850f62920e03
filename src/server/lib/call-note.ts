/**
 * The signed note of one call the gateway's check admitted (`X-Auth-Request-Call`): who called what, from
 * where and when, for the gateway's access log to carry back (plugins/gateway-log.ts), so any replica can
 * turn the log line into a request-log row without a lookup. `n1.<payload>.<mac>`: the payload is the
 * base64url of a JSON array, the mac the first 16 bytes of its HMAC-SHA-256 under a key derived from the
 * token keys (TokenKeys.deriveKey). It holds the token's id and never its value; token-like parts of the
 * path are redacted before it is signed. Every note is unique (a per-process prefix and a counter), so a
 * receiver can refuse one seen before.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { displayAddress, NOT_AN_ADDRESS } from './client-address.ts';
import { scrubTokenValues } from './token-scrub.ts';

/** The purpose TokenKeys.deriveKey is asked for. */
export const CALL_NOTE_KEY_PURPOSE = 'gateway-call-note';

const VERSION = 'n1';
const MAC_BYTES = 16;
/** A gateway keeps the check's answer headers in a buffer of a few KB (nginx: proxy_buffer_size). */
const MAX_PATH = 1024;
const MAX_USER_AGENT = 200;

export interface CallNote {
  tokenId: number;
  userId: number;
  operationId: string;
  method: string;
  /** Path and query as the caller sent them to the gateway, token-like parts redacted. */
  path: string;
  address: string;
  userAgent: string | null;
  /** When the check admitted the call (ms since the epoch). */
  at: number;
  /** Unique per note. */
  id: string;
}

export type NoteRefusal = 'malformed' | 'signature' | 'stale' | 'future';

export interface CallNoter {
  sign(note: Omit<CallNote, 'id' | 'at'>, at: number): string;
  /** The note, or why it is refused: malformed, a wrong signature, older than `maxAgeMs` or from the future. */
  verify(text: string, now: number, maxAgeMs: number): CallNote | NoteRefusal;
}

/** Clocks of replicas differ a little: a note may be this far ahead of the receiver's clock. */
const FUTURE_SLACK_MS = 60_000;

export function createCallNoter(key: Uint8Array): CallNoter {
  const prefix = randomBytes(6).toString('base64url');
  let counter = 0;
  const macOf = (payload: string): Buffer => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);

  return {
    sign(note, at) {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
      const fields = [
        note.tokenId,
        note.userId,
        note.operationId,
        note.method,
        scrubTokenValues(note.path).slice(0, MAX_PATH),
        // Canonical, or the unreadable marker: the note travels through the gateway's own log.
        displayAddress(note.address) ?? NOT_AN_ADDRESS,
        note.userAgent === null ? null : scrubTokenValues(note.userAgent).slice(0, MAX_USER_AGENT),
        at,
        prefix + counter.toString(36),
      ];
      const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
      return `${VERSION}.${payload}.${macOf(payload).toString('base64url')}`;
    },
    verify(text, now, maxAgeMs) {
      const parts = text.split('.');
      if (parts.length !== 3 || parts[0] !== VERSION) return 'malformed';
      const payload = parts[1] ?? '';
      const mac = Buffer.from(parts[2] ?? '', 'base64url');
      if (mac.length !== MAC_BYTES || !timingSafeEqual(mac, macOf(payload))) return 'signature';
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return 'malformed';
      }
      if (!Array.isArray(fields) || fields.length !== 9) return 'malformed';
      const [tokenId, userId, operationId, method, path, address, userAgent, at, id] = fields as unknown[];
      if (
        typeof tokenId !== 'number' ||
        typeof userId !== 'number' ||
        typeof operationId !== 'string' ||
        typeof method !== 'string' ||
        typeof path !== 'string' ||
        typeof address !== 'string' ||
        (userAgent !== null && typeof userAgent !== 'string') ||
        typeof at !== 'number' ||
        typeof id !== 'string'
      ) {
        return 'malformed';
      }
      if (now - at > maxAgeMs) return 'stale';
      if (at - now > FUTURE_SLACK_MS) return 'future';
      return { tokenId, userId, operationId, method, path, address, userAgent, at, id };
    },
  };
}

/**
 * Notes seen within their period of validity, to refuse a line sent twice (a replayed datagram). Kept in
 * arrival order, which is nearly the notes' own order: the oldest are dropped from the front as they
 * expire, and past `capacity` regardless (a replay of one of those is then let through).
 */
export class SeenNotes {
  private readonly seen = new Map<string, number>();
  constructor(
    private readonly keepMs: number,
    private readonly capacity = 200_000,
  ) {}

  /** True the first time a note id is offered within its validity; false after. */
  firstTime(id: string, at: number, now: number): boolean {
    for (const [oldest, expires] of this.seen) {
      if (expires > now && this.seen.size < this.capacity) break;
      this.seen.delete(oldest);
    }
    if (this.seen.has(id)) return false;
    this.seen.set(id, at + this.keepMs + FUTURE_SLACK_MS);
    return true;
  }
}
