/**
 * The client address a login attempt is counted against (routes/portal-session/handlers.ts). Behind
 * TRUST_PROXY, request.ip is already the forwarded address. IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as
 * its IPv4 address. IPv6 counts by its /64 network: one subscriber usually gets a whole /64 and could
 * otherwise change address on every attempt.
 */
import ipaddr from 'ipaddr.js';

export function throttleAddress(ip: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(ip);
  } catch {
    // Not an address (a test double or an unusual socket): counted as given.
    return ip;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * An address as people read it: an IPv4-mapped IPv6 address (::ffff:203.0.113.9, what a dual-stack socket
 * reports for an IPv4 client) as its IPv4 form; anything else as given. What a 403, getClientAddress and
 * the activity log show.
 */
export function displayAddress(ip: string): string {
  try {
    return ipaddr.process(ip).toString();
  } catch {
    return ip;
  }
}
