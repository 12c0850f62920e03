/**
 * One prerendered documentation page as a whole HTML document: the built app's index.html with the
 * page's HTML in #root, its CSS in the head, its title, and the markers the server fills per request
 * (shared/portal-data/prerendered-pages.ts). Every anchor must be where expected: a changed index.html
 * fails the build here instead of shipping a page without its content.
 */
import { HTML_CLASS_MARKER, STATE_MARKER, type PrerenderedPage } from '../../src/shared/portal-data/prerendered-pages.ts';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function replaceOnce(document: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(document)) throw new Error(`prerender: the built index.html lacks ${what}`);
  return document.replace(pattern, () => replacement);
}

/**
 * Until the app has hydrated the page (it then sets `data-hydrated` on <html>), its buttons and fields take
 * no clicks: a click that no handler can answer yet would be lost. Links and <details> work as they are.
 */
export const BEFORE_HYDRATION_CSS = 'html:not([data-hydrated]) #root :is(button,select,input,[role="button"]){pointer-events:none}';

/** The app's scripts and preloads as Vite writes them into the head. */
const SCRIPT_TAGS = /[ \t]*(?:<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\n?/g;

/**
 * The app's scripts move from the head to the end of the body: the page needs none of them to show, and
 * discovered in the head they would share a slow connection with the HTML itself (six parallel
 * downloads: the page's own bytes at a sixth of the bandwidth). At the end they download once the content
 * is in, and hydrate it.
 */
function scriptsAfterContent(document: string): string {
  const scripts = document.match(SCRIPT_TAGS) ?? [];
  if (scripts.length === 0) throw new Error('prerender: the built index.html loads no script');
  const withoutScripts = document.replace(SCRIPT_TAGS, '');
  return replaceOnce(withoutScripts, /<\/body>/, `${scripts.map((tag) => tag.trim()).join('\n')}\n</body>`, '</body>');
}

export function composeDocument(template: string, page: PrerenderedPage, extraCss: string): string {
  let document = scriptsAfterContent(template);
  document = replaceOnce(document, /<html lang="en">/, `<html lang="en"${HTML_CLASS_MARKER}>`, '<html lang="en">');
  document = replaceOnce(document, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`, 'a <title>');
  document = replaceOnce(document, /<\/head>/, `${page.styles}<style data-portal-page>${extraCss}${BEFORE_HYDRATION_CSS}</style>\n  </head>`, '</head>');
  // The content is in the page now: the "needs JavaScript" note would be wrong.
  document = document.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  document = replaceOnce(document, /<div id="root"><\/div>/, `<div id="root">${page.html}</div>${STATE_MARKER}`, '<div id="root"></div>');
  return document;
}
