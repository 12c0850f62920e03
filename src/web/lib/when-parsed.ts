/**
 * Runs `run` once the document has been parsed: at once if it has, else on DOMContentLoaded. An async
 * script (the entry of a page rendered at build time) can arrive while the rest of the page is still
 * being parsed, and hydration needs all of it.
 */
export function whenParsed(run: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => run(), { once: true });
  else run();
}
