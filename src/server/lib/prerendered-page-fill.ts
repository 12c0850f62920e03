/**
 * One answer from a documentation page rendered at build time: the signed-in user's email and this
 * request's origin in place of the stand-ins, the user's token expiry reminder (or no banner), the state
 * the app hydrates from, and the colour scheme the user chose (shared/portal-data/prerendered-pages.ts).
 */
import {
  EMAIL_STAND_IN,
  HTML_CLASS_MARKER,
  ORIGIN_STAND_IN,
  REMINDER_BANNER,
  REMINDER_STAND_IN,
  STATE_MARKER,
} from '../../shared/portal-data/prerendered-pages.ts';

/** The id the app reads the state from (src/web/lib/prerender-state.ts PRERENDER_STATE_ID). */
const STATE_ELEMENT_ID = 'portal-prerender-state';

export interface PageFill {
  user: { email: string; userType: string };
  origin: string;
  /** `<category>-<subcategory>`. */
  page: string;
  colorMode: 'light' | 'dark' | null;
  /** The expiry reminder's sentence; null: no banner (no token due, or dismissed today). */
  reminder: string | null;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON inside <script type="application/json">: nothing in it may close the element or open a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function fillPrerenderedPage(template: string, fill: PageFill): string {
  const state = { user: { email: fill.user.email, userType: fill.user.userType }, origin: fill.origin, page: fill.page, reminder: fill.reminder };
  const email = escapeHtml(fill.user.email);
  const origin = escapeHtml(fill.origin);
  const reminder = fill.reminder === null ? null : escapeHtml(fill.reminder);
  // Replacer functions: a `$&` or `$'` in an email or a token's title is text, not a replacement pattern.
  // The reminder goes in last, so nothing in a token's title is taken for a stand-in.
  return template
    .replace(HTML_CLASS_MARKER, () => (fill.colorMode ? ` class="${fill.colorMode}"` : ''))
    .replaceAll(EMAIL_STAND_IN, () => email)
    .replaceAll(ORIGIN_STAND_IN, () => origin)
    .replace(REMINDER_BANNER, (banner) => (reminder === null ? '' : banner.replace(REMINDER_STAND_IN, () => reminder)))
    .replace(STATE_MARKER, () => `<script type="application/json" id="${STATE_ELEMENT_ID}">${jsonForScript(state)}</script>`);
}
