/**
 * One prerendered documentation page as a whole HTML document: the built app's index.html with the
 * page's HTML in #root, its CSS in the head, its title, and the markers the server fills per request
 * (shared/portal-data/prerendered-pages.ts). Every anchor must be where expected: a changed index.html
 * fails the build here instead of shipping a page without its content.
 */
import { LLMS_TXT_PATH } from '../../src/shared/portal-data/agent-docs.ts';
import {
  DEFERRED_ASSETS_ID,
  HTML_CLASS_MARKER,
  STATE_MARKER,
  type DeferredAssets,
  type PrerenderedPage,
} from '../../src/shared/portal-data/prerendered-pages.ts';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function replaceOnce(document: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(document)) throw new Error(`prerender: the built index.html lacks ${what}`);
  return document.replace(pattern, () => replacement);
}

/** React hoists the page's `<title>` to the front of its output; the document's head carries it instead. */
function withoutLeadingTitle(html: string): string {
  return html.replace(/^<title>[\s\S]*?<\/title>/, '');
}

/**
 * Until the app has hydrated the page (it then sets `data-hydrated` on <html>), nothing the reader does may
 * be lost. Links and <details> work as they are. Buttons and fields take no clicks until the entry catches
 * them (`data-early-input`, src/web/lib/early-input.ts); a caught click marks its button busy until the app
 * clicks it again, and the search button says it is loading, with the keys typed for it.
 */
export const BEFORE_HYDRATION_CSS = [
  'html:not([data-hydrated]):not([data-early-input]) #root :is(button,select,input,[role="button"]){pointer-events:none}',
  '#root [aria-busy="true"]{cursor:progress}',
  'html:not([data-hydrated]) #root button[aria-busy="true"]:not([data-search-launcher]){opacity:.6}',
  '[data-search-launcher][aria-busy="true"]{font-size:0}[data-search-launcher][aria-busy="true"] .kbd{display:none}',
  '[data-search-launcher][aria-busy="true"]::after{content:"Loading search… " attr(data-query);font-size:.8125rem}',
].join('');

/** The app's entry, its module preloads and its async classic scripts, as Vite writes them into the head. */
const ENTRY_SCRIPT = /[ \t]*<script type="module"[^>]*\bsrc="[^"]*"[^>]*><\/script>\n?/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*\bhref="([^"]*)"[^>]*>\n?/g;
const ASYNC_SCRIPT = /[ \t]*<script async\b[^>]*\bsrc="([^"]*)"[^>]*><\/script>\n?/g;

/**
 * The page needs no script to show. The entry moves from the head to the end of the body: discovered in the
 * head it would share a slow connection with the HTML itself. It is async, not deferred: the browser scrolls
 * to a deep link's target only once the document is parsed, and a deferred script holds that moment until it
 * has been fetched (one more round trip on a slow link); the entry waits for the parse itself. The preloads
 * and async scripts are not loaded by the document at all: fetched and compiled while the page was parsed and
 * painted, they took the CPU the first paint needed (on two cores, about 100 ms of it). They go into a JSON
 * block, and the entry starts them once the content has been painted (src/web/main.ts).
 */
function deferAppScripts(document: string): string {
  const entry = ENTRY_SCRIPT.exec(document)?.[0];
  if (entry === undefined) throw new Error('prerender: the built index.html loads no module entry');
  const assets: DeferredAssets = {
    modulepreload: [...document.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? ''),
    scripts: [...document.matchAll(ASYNC_SCRIPT)].map((match) => match[1] ?? ''),
  };
  const rest = document.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(ASYNC_SCRIPT, '');
  if (/<script\b[^>]*\bsrc=|<link rel="modulepreload"/.test(rest))
    throw new Error('prerender: the built index.html loads a script of a kind this step does not know');
  // `<` escaped: the JSON cannot end its script element early.
  const json = JSON.stringify(assets).replace(/</g, '\\u003c');
  const asyncEntry = replaceOnce(entry.trim(), /^<script type="module"/, '<script type="module" async', 'a module entry to load async');
  const tail = `${asyncEntry}\n<script type="application/json" id="${DEFERRED_ASSETS_ID}">${json}</script>\n</body>`;
  return replaceOnce(rest, /<\/body>/, tail, '</body>');
}

const MARKDOWN_POINTER = `<p hidden>This documentation is also Markdown, for AI assistants and scripts: <a href="${LLMS_TXT_PATH}">${LLMS_TXT_PATH}</a>.</p>`;

export function composeDocument(template: string, page: PrerenderedPage, extraCss: string): string {
  let document = deferAppScripts(template);
  document = replaceOnce(document, /<html lang="en">/, `<html lang="en"${HTML_CLASS_MARKER}>`, '<html lang="en">');
  document = replaceOnce(document, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`, 'a <title>');
  document = replaceOnce(document, /<\/head>/, `${page.styles}<style data-portal-page>${extraCss}${BEFORE_HYDRATION_CSS}</style>\n  </head>`, '</head>');
  // The content is in the page now: the "needs JavaScript" note would be wrong. Its pointer to the Markdown
  // stays at the top of the body for assistants that read the HTML (afdocs' llms-txt-directive-html), hidden
  // from readers, who have the page menu's Markdown links.
  document = document.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, () => `\n    ${MARKDOWN_POINTER}`);
  document = replaceOnce(document, /<div id="root"><\/div>/, `<div id="root">${withoutLeadingTitle(page.html)}</div>${STATE_MARKER}`, '<div id="root"></div>');
  return document;
}
