/**
 * Where a change recorded in the activity log (and a session) came from: the request's address (after
 * TRUST_PROXY, canonical, an IPv4-mapped IPv6 address shown as IPv4) and its user agent. Every field is
 * scrubbed of token values as it is captured (token-scrub.ts), so a field added here is too.
 */
import type { FastifyRequest } from 'fastify';
import { displayAddress } from './client-address.ts';
import { scrubbedFields } from './token-scrub.ts';

/** Where a change came from: the request's address (after TRUST_PROXY) and user agent; null when no client made it or the address is not one. */
export interface ActivityOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

export function activityOrigin(request: FastifyRequest): ActivityOrigin {
  const userAgent = request.headers['user-agent'];
  return scrubbedFields({ ipAddress: displayAddress(request.ip) ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null });
}
