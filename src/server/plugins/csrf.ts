/**
 * Cross-site request refusal for cookie-authenticated requests that change state (every POST and DELETE
 * of the portal API, and its two state-changing GETs: refresh and logout). Browsers send Sec-Fetch-Site
 * and Origin; a request from another site is refused with 403 before anything runs. Requests without
 * either header are not from a browser page and carry no ambient cookie risk.
 *
 * Origin must be the portal's own origin, scheme, host and port alike
 * (docs/decisions/036-origins-downloads-and-json-answers.md): an http page on the same host, or another
 * port of it, is another origin to a browser and may be someone else's. The portal's origin is what the
 * proxy forwards (X-Forwarded-Proto and -Host) with TRUST_PROXY; otherwise PUBLIC_ORIGIN when set; otherwise
 * the scheme and Host the request came with.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { CROSS_SITE_MESSAGE, HttpError } from '../lib/http-error.ts';

/** The origin of a URL as a browser compares it (default port dropped, case folded), or undefined. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

export function portalOriginOf(ctx: ServerContext, request: FastifyRequest): string | undefined {
  // request.protocol and request.host honour X-Forwarded-Proto/-Host only when TRUST_PROXY is set.
  if (ctx.config.trustProxy === false && ctx.publicOrigin.configured !== undefined) return originOf(ctx.publicOrigin.configured);
  return originOf(`${request.protocol}://${request.host}`);
}

export function assertSameOrigin(ctx: ServerContext, request: FastifyRequest): void {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw new HttpError(403, CROSS_SITE_MESSAGE);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  // "null" (sandboxed frames, privacy redirects) or garbage is not our page.
  const expected = portalOriginOf(ctx, request);
  if (expected === undefined || originOf(origin) !== expected) throw new HttpError(403, CROSS_SITE_MESSAGE);
}
