/**
 * The standalone HTML reference: `redocly build-docs --inlineBundle` (Redoc inlined), made fully offline.
 * Redoc's sidebar footer loads a "Redocly" logo from its CDN and has no option to turn that off, so the
 * logo's address is replaced by an inline image, and a Content-Security-Policy meta tag forbids any other
 * request the page might try (it allows only inline code, data: and blob: URLs).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { runRedocly } from '../generate/redocly.ts';

const REDOC_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16"><text x="0" y="12" font-family="sans-serif" font-size="12">Redocly</text></svg>',
)}`;
export const OFFLINE_CSP =
  "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' blob:; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; worker-src blob:; connect-src data: blob:";

export async function referenceHtml(specFile: string, outFile: string, title: string, cwd: string): Promise<void> {
  const result = await runRedocly(['build-docs', specFile, '--inlineBundle', '--output', outFile, '--title', title], cwd);
  if (result.code !== 0) throw new Error(`redocly build-docs failed:\n${result.stdout}\n${result.stderr}`);
  const html = await readFile(outFile, 'utf8');
  const offline = html.replace(REDOC_LOGO, INLINE_LOGO).replace(/<head>/i, `<head>\n<meta http-equiv="Content-Security-Policy" content="${OFFLINE_CSP}">`);
  if (!offline.includes(OFFLINE_CSP)) throw new Error('reference.html: no <head> to put the offline Content-Security-Policy in');
  await writeFile(outFile, offline);
}
