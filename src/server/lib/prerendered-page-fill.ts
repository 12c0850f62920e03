/**
 * One answer from a documentation page rendered at build time: the signed-in user's email and this
 * request's origin in place of the stand-ins, the state the app hydrates from, and the colour scheme
 * the user chose (shared/portal-data/prerendered-pages.ts).
 */
import {
  EMAIL_STAND_IN,
  HTML_CLASS_MARKER,
  ORIGIN_STAND_IN,
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
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON inside <script type="application/json">: nothing in it may close the element or open a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function fillPrerenderedPage(template: string, fill: PageFill): string {
  const state = { user: { email: fill.user.email, userType: fill.user.userType }, origin: fill.origin, page: fill.page };
  const email = escapeHtml(fill.user.email);
  const origin = escapeHtml(fill.origin);
  // Replacer functions: a `$&` or `$'` in an email is text, not a replacement pattern.
  return template
    .replace(HTML_CLASS_MARKER, () => (fill.colorMode ? ` class="${fill.colorMode}"` : ''))
    .replaceAll(EMAIL_STAND_IN, () => email)
    .replaceAll(ORIGIN_STAND_IN, () => origin)
    .replace(STATE_MARKER, () => `<script type="application/json" id="${STATE_ELEMENT_ID}">${jsonForScript(state)}</script>`);
}
