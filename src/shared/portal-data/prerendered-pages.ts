/**
 * Where the build step (scripts/prerender) and the server meet over documentation pages rendered at
 * build time: where the files lie, and the stand-ins the server replaces in each answer. A page is
 * rendered once per user type (the badge, and whatever else differs by type, is in the HTML) and once
 * for a logged-out reader of a public reference (docs/decisions/038-logged-out-pages-rendered-at-build-time.md);
 * the user's email and the portal's origin are written in by the server.
 */
import type { UserType } from '../api-family.ts';
import { REMINDER_LABEL } from './reminder-banner.ts';

/** Inside the built app's directory (WEB_DIR), never served as a file (plugins/static-files.ts skips it). */
export const PRERENDERED_DIR = '_prerendered';

/**
 * The variant a page is rendered in: a user type, or LOGGED_OUT for a reader without a session (served
 * only when PUBLIC_DOCS publishes the reference). Lower case, so it can never be a user type's name.
 */
export const LOGGED_OUT = 'logged-out';
export type PageVariant = UserType | typeof LOGGED_OUT;

/** `_prerendered/SELLER/seller-warehouse.html` or `_prerendered/logged-out/seller-warehouse.html`, relative to WEB_DIR. */
export function prerenderedPagePath(variant: string, pageKey: string): string {
  return `${PRERENDERED_DIR}/${variant}/${pageKey}.html`;
}

/** `.invalid` names can never be real (RFC 2606), so neither appears in any genuine page text. */
export const EMAIL_STAND_IN = 'signed-in-user@portal-prerender.invalid';
export const ORIGIN_STAND_IN = 'https://portal-prerender.invalid';

/** Replaced by the JSON the app hydrates from: a PrerenderState in the element with PRERENDER_STATE_ID. */
export const STATE_MARKER = '<!--portal-prerender-state-->';
export const PRERENDER_STATE_ID = 'portal-prerender-state';

/** The user drawn into a page: what the app's current-user query holds. */
export interface PrerenderUser {
  email: string;
  userType: UserType;
}

/**
 * What the server writes into a page for the app that hydrates it (src/web/lib/prerender-state.ts), and
 * what the build-time render draws from.
 */
export interface PrerenderState {
  /** Null: a logged-out reader of a public reference (the app starts with "not logged in" as its answer). */
  user: PrerenderUser | null;
  /** The origin the server wrote into the page's base URL and code samples. */
  origin: string;
  /** The documentation page in the HTML (links.ts pageKeyOf). */
  page: string;
  /** The token expiry reminder the server wrote into the page; null: none. */
  reminder: string | null;
}
/** Replaced by ` class="dark"` or ` class="light"` for a user who chose a colour scheme, else by nothing. */
export const HTML_CLASS_MARKER = ' data-portal-color-mode';

/**
 * A rendered page lists the app's preloads and async scripts in a JSON block with this id instead of
 * loading them: fetched and compiled while the page was parsed and painted, they took the CPU its first
 * paint needed. The entry (src/web/main.ts) starts them once the content has been painted.
 */
export const DEFERRED_ASSETS_ID = 'portal-deferred-assets';

export interface DeferredAssets {
  /** Module URLs for `<link rel="modulepreload">`. */
  modulepreload: string[];
  /** Classic scripts for `<script async>`. */
  scripts: string[];
}

/** The cookie the app keeps the chosen colour scheme in (beside localStorage), so the first paint uses it. */
export const COLOR_MODE_COOKIE = 'portal-color-mode';

/**
 * The token expiry reminder is rendered into every page with this sentence; the server writes in the
 * signed-in user's reminder (shared/portal-data/token-expiry.ts reminderText) or takes the banner out.
 */
export const REMINDER_STAND_IN = 'Token expiry reminder stand-in.';
/** The banner as rendered (features/tokens/components/expiry-reminder.tsx), from its first tag to its last. */
export const REMINDER_BANNER = new RegExp(`<aside [^>]*aria-label="${REMINDER_LABEL}"[^>]*>[\\s\\S]*?</aside>`);

/** The cookie that holds the local day the reminder was dismissed on; it ends at the user's midnight. */
export const REMINDER_DISMISSED_COOKIE = 'portal-reminder-dismissed';

/** What the build-time renderer (src/web/prerender, built by `vite build --ssr`) is asked for. */
export interface PrerenderRequest {
  /** Path and query of the page, e.g. `/documentation?category=seller&subcategory=order`. */
  url: string;
  category: string;
  subcategory: string;
  /** The user drawn into the shell: EMAIL_STAND_IN and one user type; null for the logged-out variant. */
  user: PrerenderUser | null;
  /** ORIGIN_STAND_IN. */
  origin: string;
}

/** What it gives back. */
export interface PrerenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** `<style data-emotion=…>` tags for the head: the CSS this HTML uses. */
  styles: string;
  /** The page's document title. */
  title: string;
}
