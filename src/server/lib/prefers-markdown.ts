/** Content negotiation for the documentation's addresses that answer both HTML and Markdown. */

/** True when the client asks for Markdown at least as much as for HTML (`Accept: text/markdown`). */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const quality = (type: string): number => {
    let best = 0;
    for (const range of accept.split(',')) {
      const [media = '', ...params] = range.trim().split(';');
      if (media.trim().toLowerCase() !== type) continue;
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      best = Math.max(best, q === undefined ? 1 : Number(q));
    }
    return best;
  };
  const markdown = quality('text/markdown');
  return markdown > 0 && markdown >= quality('text/html');
}
