/**
 * Cross-site request refusal for cookie-authenticated requests that change state (every POST and DELETE
 * of the portal API, and its two state-changing GETs: refresh and logout). Browsers send Sec-Fetch-Site
 * and Origin; a request from another site is refused with 403 before anything runs. Requests without
 * either header are not from a browser page and carry no ambient cookie risk.
 */
import type { FastifyRequest } from 'fastify';
import { CROSS_SITE_MESSAGE, HttpError } from '../lib/http-error.ts';

export function assertSameOrigin(request: FastifyRequest): void {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw new HttpError(403, CROSS_SITE_MESSAGE);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    // "null" (sandboxed frames, privacy redirects) or garbage: not our page.
    throw new HttpError(403, CROSS_SITE_MESSAGE);
  }
  // request.host honours X-Forwarded-Host only when TRUST_PROXY is set.
  if (originHost !== request.host) throw new HttpError(403, CROSS_SITE_MESSAGE);
}
