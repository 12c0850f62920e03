/**
 * Where a request came from, as the activity log records it: the client address (request.ip, which honours
 * TRUST_PROXY) and the user agent. An IPv4-mapped IPv6 address (::ffff:203.0.113.9) is shown as its IPv4
 * address, as a person would write it.
 */
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { ActivityOrigin } from '../repositories/activity-repository.ts';

function shownAddress(ip: string): string {
  try {
    return ipaddr.process(ip).toString();
  } catch {
    // Not an address (a test double or an unusual socket): shown as given.
    return ip;
  }
}

export function activityOrigin(request: FastifyRequest): ActivityOrigin {
  const userAgent = request.headers['user-agent'];
  return { ipAddress: shownAddress(request.ip), userAgent: typeof userAgent === 'string' ? userAgent : null };
}
