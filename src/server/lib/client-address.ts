/**
 * Client addresses as the server reads them: through the one strict rule (src/shared/ip-address.ts), so a
 * forwarded `012.1.2.3` behind TRUST_PROXY is no address at all rather than 10.1.2.3. Behind TRUST_PROXY,
 * request.ip is already the forwarded value, as the proxy was sent it.
 */
import ipaddr from 'ipaddr.js';
import { parseStrictAddress } from '../../shared/ip-address.ts';
import { scrubTokenValues } from './token-scrub.ts';

const MAX_UNREADABLE_KEY = 100;

/** What a refusal or the client-address answer names when the request's address is not one. */
export const NOT_AN_ADDRESS = 'an unreadable address';

/**
 * The key a login attempt is counted against (routes/portal-session/handlers.ts). IPv4-mapped IPv6
 * (::ffff:1.2.3.4) counts as its IPv4 address. IPv6 counts by its /64 network: one subscriber usually gets
 * a whole /64 and could otherwise change address on every attempt. Text that is not an address (a test
 * double, a proxy's odd value) counts as given, scrubbed of token values and cut: the key is stored.
 */
export function throttleAddress(ip: string): string {
  const parsed = parseStrictAddress(ip);
  if (parsed === undefined) return scrubTokenValues(ip).slice(0, MAX_UNREADABLE_KEY);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * An address as people read it and as it is stored: canonical (RFC 5952), an IPv4-mapped IPv6 address
 * (what a dual-stack socket reports for an IPv4 client) as its IPv4 form; undefined when the text is not
 * an address by the strict rule, so what a proxy was sent is never shown or stored as an address.
 */
export function displayAddress(ip: string | undefined): string | undefined {
  return ip === undefined ? undefined : parseStrictAddress(ip)?.toString();
}
