/** The origin a request came to, for addresses written into answers; undefined for a Host header that is not a plain name or address. */
import type { FastifyRequest } from 'fastify';

/** A Host header this origin may be built from (name or address, optional port); anything else gets no origin. */
const SAFE_HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  return SAFE_HOST.test(host) ? `${request.protocol}://${host}` : undefined;
}

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
