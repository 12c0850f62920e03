/**
 * The expiry reminder, once dismissed, stays hidden for the rest of that day in that browser: the local
 * day it was dismissed on is remembered in localStorage (a date, nothing secret).
 */
const KEY = 'token-expiry-reminder-dismissed-on';

/** The local calendar day of a moment, e.g. 2026-03-04. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function dismissedOn(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function dismissForDay(now: Date): string {
  const day = localDay(now);
  try {
    localStorage.setItem(KEY, day);
  } catch {
    // Private mode: hidden until the page is reloaded.
  }
  return day;
}
