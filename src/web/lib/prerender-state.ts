/**
 * What a page rendered ahead of time (at build time, filled in by the server) tells the app that hydrates
 * it: the signed-in user, the origin the server put into the page, and which documentation page it is.
 * The server writes it as a JSON data block (`<script type="application/json">`, never executed, so the
 * strict CSP holds); the build-time render sets the same values before rendering, so both sides draw the
 * same first frame. After the first client navigation the app renders as it always did.
 */
import { PRERENDER_STATE_ID, type PrerenderState } from '../../shared/portal-data/prerendered-pages';

let state: PrerenderState | null = null;
let firstScreen = true;

/** Read once, before hydrating. Null when the page came without prerendered content. */
export function readPrerenderState(doc: Document = document): PrerenderState | null {
  const element = doc.getElementById(PRERENDER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    state = JSON.parse(element.textContent) as PrerenderState;
  } catch {
    state = null;
  }
  return state;
}

/** The build-time render says what it renders (the same module, run in Node). */
export function setPrerenderState(next: PrerenderState | null): void {
  state = next;
  firstScreen = next !== null;
}

/** Called on the first client-side navigation: from then on pages render as in a plain client app. */
export function leaveFirstScreen(): void {
  firstScreen = false;
}

/** True while the app draws the page the HTML already holds (build-time render, then hydration). */
export function isPrerenderedPage(pageKey: string): boolean {
  return firstScreen && state?.page === pageKey;
}

/**
 * The expiry reminder in the HTML (undefined on a page that came without prerendered content): the
 * shell shows it until the user's token list has loaded, so hydration finds the banner it drew.
 */
export function prerenderedReminder(): string | null | undefined {
  return state === null ? undefined : state.reminder;
}

/** The origin for the first frame: what the server wrote into the page; in the build, its placeholder. */
export function prerenderOrigin(): string | undefined {
  return state?.origin;
}
