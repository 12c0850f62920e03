/**
 * Where a change recorded in the activity log came from: the request's address (after TRUST_PROXY, an
 * IPv4-mapped IPv6 address shown as IPv4) and its user agent.
 */
import type { FastifyRequest } from 'fastify';
import { displayAddress } from './client-address.ts';

/** Where a change came from: the request's address (after TRUST_PROXY) and user agent; null when no client made it. */
export interface ActivityOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

export function activityOrigin(request: FastifyRequest): ActivityOrigin {
  const userAgent = request.headers['user-agent'];
  return { ipAddress: displayAddress(request.ip), userAgent: typeof userAgent === 'string' ? userAgent : null };
}
