/**
 * One answer from a documentation page rendered at build time: the signed-in user's email and this
 * portal's origin in place of the stand-ins, the user's token expiry reminder (or no banner), the state
 * the app hydrates from, and the colour scheme the user chose (shared/portal-data/prerendered-pages.ts).
 * A logged-out reader's page has no user in it; it carries the portal's settings instead, which its shell
 * reads (the same block index.html carries, plugins/static-files.ts).
 */
import { PAGE_SETTINGS_ID } from '../../shared/portal-data/page-settings.ts';
import {
  EMAIL_STAND_IN,
  HTML_CLASS_MARKER,
  ORIGIN_STAND_IN,
  PRERENDER_STATE_ID,
  REMINDER_BANNER,
  REMINDER_STAND_IN,
  STATE_MARKER,
  type PrerenderState,
} from '../../shared/portal-data/prerendered-pages.ts';

/** The state the app hydrates from (its reminder: the sentence, or null for no banner), and the colour scheme. */
export interface PageFill extends PrerenderState {
  colorMode: 'light' | 'dark' | null;
  /** The portal's settings (getPortalSettings), for a logged-out reader's page. */
  settings?: unknown;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON inside <script type="application/json">: nothing in it may close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function fillPrerenderedPage(template: string, fill: PageFill): string {
  const user = fill.user === null ? null : { email: fill.user.email, userType: fill.user.userType };
  const state = { user, origin: fill.origin, page: fill.page, reminder: fill.reminder };
  // A logged-out page was rendered without the stand-in, so the replacement below finds nothing to replace.
  const email = escapeHtml(fill.user?.email ?? '');
  const origin = escapeHtml(fill.origin);
  const reminder = fill.reminder === null ? null : escapeHtml(fill.reminder);
  // Replacer functions: a `$&` or `$'` in an email or a token's title is text, not a replacement pattern.
  // The reminder goes in last, so nothing in a token's title is taken for a stand-in.
  return template
    .replace(HTML_CLASS_MARKER, () => (fill.colorMode ? ` class="${fill.colorMode}"` : ''))
    .replaceAll(EMAIL_STAND_IN, () => email)
    .replaceAll(ORIGIN_STAND_IN, () => origin)
    .replace(REMINDER_BANNER, (banner) => (reminder === null ? '' : banner.replace(REMINDER_STAND_IN, () => reminder)))
    .replace(STATE_MARKER, () => settingsScript(fill.settings) + `<script type="application/json" id="${PRERENDER_STATE_ID}">${jsonForScript(state)}</script>`);
}

function settingsScript(settings: unknown): string {
  return settings === undefined ? '' : `<script type="application/json" id="${PAGE_SETTINGS_ID}">${jsonForScript(settings)}</script>`;
}
