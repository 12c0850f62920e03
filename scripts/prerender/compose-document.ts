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

/** React hoists the page's `<title>` to the front of its output; the document's head carries it instead. */
function withoutLeadingTitle(html: string): string {
  return html.replace(/^<title>[\s\S]*?<\/title>/, '');
}

/**
 * Until the app has hydrated the page (it then sets `data-hydrated` on <html>), its buttons and fields take
 * no clicks: a click that no handler can answer yet would be lost. Links and <details> work as they are.
 */
export const BEFORE_HYDRATION_CSS = 'html:not([data-hydrated]) #root :is(button,select,input,[role="button"]){pointer-events:none}';

export function composeDocument(template: string, page: PrerenderedPage, extraCss: string): string {
  let document = template;
  document = replaceOnce(document, /<html lang="en">/, `<html lang="en"${HTML_CLASS_MARKER}>`, '<html lang="en">');
  document = replaceOnce(document, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`, 'a <title>');
  document = replaceOnce(document, /<\/head>/, `${page.styles}<style data-portal-page>${extraCss}${BEFORE_HYDRATION_CSS}</style>\n  </head>`, '</head>');
  // The content is in the page now: the "needs JavaScript" note would be wrong.
  document = document.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  document = replaceOnce(document, /<div id="root"><\/div>/, `<div id="root">${withoutLeadingTitle(page.html)}</div>${STATE_MARKER}`, '<div id="root"></div>');
  return document;
}
