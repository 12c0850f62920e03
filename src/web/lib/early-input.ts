/**
 * Nothing the reader does before the app runs is lost. A page rendered at build time shows its controls
 * seconds before the app has hydrated them on a slow phone; links and <details> work as they are, the rest
 * is caught here (a few hundred bytes in the entry, no framework):
 * - Ctrl/⌘+K, `/` or a click on the search button asks for the search, and the keys typed next are kept;
 *   the button shows "Loading search…" (aria-busy) until the app opens the search with them;
 * - a click on any other button (colour mode, sample tabs, downloads, the phone's menu) is held, the button
 *   marked busy, and clicked again once the page is live (src/web/boot.tsx).
 * The same buffer keeps the keys typed while the search dialog's own code loads on first use.
 */

/** The query typed while the search is on its way; null when no search is waiting. */
let query: string | null = null;
const held: HTMLElement[] = [];
/** On a page rendered at build time, until it is live: searches and clicks are caught, not only kept. */
let catching = false;
/** The search button of a page rendered at build time (docs-header.tsx). */
const LAUNCHER = '[data-search-launcher]';

const hydrated = () => document.documentElement.hasAttribute('data-hydrated');
const launcher = () => document.querySelector<HTMLElement>(LAUNCHER);

function showQuery(): void {
  const button = launcher();
  if (!button) return;
  button.setAttribute('aria-busy', String(query !== null));
  button.setAttribute('data-query', query ?? '');
}

/** Ctrl/⌘+K anywhere, or `/` outside a text field: the search's shortcuts (the app's too, search-launcher.tsx). */
export function isSearchKey(event: KeyboardEvent): boolean {
  const shortcut = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
  const field =
    event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable="true"], [role="combobox"], [role="listbox"]');
  return shortcut || (event.key === '/' && !field && !event.ctrlKey && !event.metaKey && !event.altKey);
}

/** Keeps the keys typed for a search that is on its way; starts one on its shortcut before the app runs. */
function onKeyDown(event: KeyboardEvent): void {
  if (query === null) {
    if (!catching || hydrated() || !isSearchKey(event)) return;
    query = '';
  } else if (event.key === 'Escape') query = null;
  else if (event.key === 'Backspace') query = query.slice(0, -1);
  else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) query += event.key;
  else if (!isSearchKey(event)) return;
  // Neither the browser (Ctrl+K is its own search) nor the app's shortcut handles this key now.
  event.preventDefault();
  event.stopImmediatePropagation();
  showQuery();
}

function onClick(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>('#root button') : null;
  if (hydrated() || !control) return;
  event.preventDefault();
  event.stopPropagation();
  if (control.matches(LAUNCHER)) {
    query ??= '';
    showQuery();
  } else if (!held.includes(control)) {
    held.push(control);
    control.setAttribute('aria-busy', 'true');
  }
}

/**
 * From the entry. Every page keeps the keys typed while the search dialog loads; a page rendered at build
 * time also catches searches and clicks until the app has made it live.
 */
export function catchEarlyInput(prerendered: boolean): void {
  document.addEventListener('keydown', onKeyDown, true);
  if (!prerendered) return;
  catching = true;
  document.addEventListener('click', onClick, true);
  // The page's own CSS lets its buttons take clicks from now on (scripts/prerender/compose-document.ts).
  document.documentElement.setAttribute('data-early-input', '');
}

/** Whether a search is waiting for the app (asked for before it ran). */
export function searchAsked(): boolean {
  return query !== null;
}

/** Keys typed from now on are kept for the search (its dialog is loading): the app takes them with takeSearch(). */
export function holdSearchKeys(): void {
  query ??= '';
}

/** The search asked for and the keys typed for it (null when none was asked); stops keeping keys. */
export function takeSearch(): string | null {
  const asked = query;
  query = null;
  showQuery();
  return asked;
}

/** Once the page is live: the buttons clicked before, clicked again in order, each once. */
export function replayHeldClicks(): void {
  for (const control of held.splice(0)) {
    control.removeAttribute('aria-busy');
    if (control.isConnected) control.click();
  }
}
