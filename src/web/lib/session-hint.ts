/**
 * Whether someone is logged in in this browser, from the server's readable `portal_signed_in=1` cookie
 * (set beside the HttpOnly session cookie, cleared with it). Only a hint for skipping a profile call that
 * could only answer 401; the session itself is always checked by the server.
 */
import { SESSION_HINT_COOKIE } from '../../shared/limits';
import { readCookie } from './cookies';

export function hasSessionHint(): boolean {
  return readCookie(SESSION_HINT_COOKIE) === '1';
}

/** Forgets the hint here too (the server clears it on logout; this covers a logout call that failed). */
export function clearSessionHint(): void {
  document.cookie = `${SESSION_HINT_COOKIE}=; max-age=0; path=/; samesite=lax`;
}
