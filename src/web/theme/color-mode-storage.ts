/**
 * MUI's colour-scheme storage (localStorage, as MUI's own), plus a cookie holding the chosen mode, so the
 * server can paint a page rendered ahead of time in that scheme from the first byte (no flash of the light
 * theme, no script before content). Only the mode is stored, never anything secret.
 */
import type { StorageManager } from '@mui/material/styles';
import { COLOR_MODE_COOKIE } from '../../shared/portal-data/prerendered-pages';
import { readCookie } from '../lib/cookies';
import { MODE_STORAGE_KEY } from './theme';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

function writeModeCookie(value: unknown): void {
  if (typeof value !== 'string' || !/^(light|dark|system)$/.test(value)) return;
  if (readCookie(COLOR_MODE_COOKIE) === value) return;
  document.cookie = `${COLOR_MODE_COOKIE}=${value}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

export const colorModeStorage: StorageManager = ({ key }) => ({
  get(defaultValue) {
    if (typeof window === 'undefined') return undefined;
    let value: string | null = null;
    try {
      value = window.localStorage.getItem(key);
    } catch {
      // Private mode: no storage.
    }
    // A mode chosen before the cookie existed reaches the cookie too.
    if (key === MODE_STORAGE_KEY && value) writeModeCookie(value);
    return value || defaultValue;
  },
  set(value) {
    try {
      window.localStorage.setItem(key, String(value));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    if (key === MODE_STORAGE_KEY) writeModeCookie(value);
  },
  subscribe(handler) {
    const listener = (event: StorageEvent) => {
      if (event.key === key) handler(event.newValue);
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  },
});
