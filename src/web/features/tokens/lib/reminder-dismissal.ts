/**
 * The expiry reminder, once dismissed, stays hidden for the rest of that day in that browser: the local
 * day it was dismissed on is kept in a cookie (a date, nothing secret) that ends at local midnight. A
 * cookie, so the server leaves the reminder out of a documentation page it answers with HTML.
 */
import { REMINDER_DISMISSED_COOKIE } from '../../../../shared/portal-data/prerendered-pages';
import { readCookie } from '../../../lib/cookies';

/** The local calendar day of a moment, e.g. 2026-03-04. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function dismissedOn(): string | null {
  if (typeof document === 'undefined') return null; // the build-time render
  return readCookie(REMINDER_DISMISSED_COOKIE) ?? null;
}

export function dismissForDay(now: Date): string {
  const day = localDay(now);
  const nextMidnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  document.cookie = `${REMINDER_DISMISSED_COOKIE}=${day}; path=/; expires=${nextMidnight.toUTCString()}; samesite=lax`;
  return day;
}
