/**
 * The floor for our reference page: the page our server sends a signed-in seller, with every script
 * removed, written to a file the peers' server serves at /pages/. The browser then has only the HTML and
 * CSS to parse, lay out and paint, as for a static page: the limit that
 * docs/decisions/015-reference-pages-rendered-at-build-time.md aims at. Measured beside ours, it shows
 * what of ours' time and frames the content itself costs, and what the app adds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sessionCookie } from './lib/api-session.ts';
import { HTML_ONLY_PAGE, TAG_PAGE } from './pages.ts';

/** Every script element: the app's entry and its JSON data blocks. */
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;

export async function writeHtmlOnlyPage(origin: string, dir: string): Promise<string> {
  const cookie = await sessionCookie(origin);
  const answer = await fetch(`${origin}/documentation?category=${TAG_PAGE.category}&subcategory=${TAG_PAGE.subcategory}`, { headers: { cookie } });
  const html = await answer.text();
  if (answer.status !== 200 || !html.includes('class="op"')) throw new Error('html-only: the server did not answer with a rendered reference page');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, HTML_ONLY_PAGE);
  writeFileSync(file, withoutScripts(html, origin));
  return file;
}

/** The page with no script element; its own files (the icon) still come from our server, as for the page itself. */
export function withoutScripts(html: string, origin: string): string {
  return html.replace(SCRIPT, '').replace(/(href|src)="\//g, `$1="${origin}/`);
}
