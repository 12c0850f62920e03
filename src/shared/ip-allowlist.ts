/**
 * A token's IP allowlist: IPv4 and IPv6 addresses and CIDR ranges, at most MAX_ALLOWLIST_ENTRIES; empty
 * allows any address. One home for the rules, so the server (which enforces them) and the portal (which
 * warns when this browser is outside a list) can never disagree. An IPv4-mapped IPv6 address or range
 * (::ffff:203.0.113.9) is taken as its IPv4 form, on either side.
 */
import ipaddr from 'ipaddr.js';

export const MAX_ALLOWLIST_ENTRIES = 20;

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** An IPv4-mapped IPv6 address as IPv4; any other as it is. */
function unmapped(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/**
 * An address as people write one: IPv4 in four decimal parts, or IPv6. ipaddr.js alone also takes inet_aton's
 * forms ("1.2.3" as 1.2.0.3, "010.0.0.1" as octal 8.0.0.1), which would allow an address nobody meant.
 */
function plainAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

/** [network, prefix length] of an entry, or undefined when it is not an address or CIDR range. */
function parseEntry(entry: string): [Address, number] | undefined {
  const text = entry.trim();
  try {
    if (text.includes('/')) {
      if (!plainAddress(text.slice(0, text.indexOf('/')))) return undefined;
      const [address, bits] = ipaddr.parseCIDR(text);
      if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
        return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
      }
      return [address, bits];
    }
    if (!plainAddress(text)) return undefined;
    const address = unmapped(ipaddr.parse(text));
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/** The canonical text of an entry: a single address as the address, a range by its network ("203.0.113.0/24"). */
function canonical([address, bits]: [Address, number]): string {
  const full = address.kind() === 'ipv4' ? 32 : 128;
  if (bits === full) return address.toString();
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`);
  return `${network.toString()}/${bits}`;
}

export type AllowlistCheck = { ok: true; entries: string[] } | { ok: false; message: string };

/**
 * Checks a list as entered and returns it canonical and without repeats, or the message naming the first
 * bad entry (the API's 400 and the form's field error say the same).
 */
export function normalizeAllowlist(entries: readonly string[]): AllowlistCheck {
  if (entries.length > MAX_ALLOWLIST_ENTRIES) {
    return { ok: false, message: `ipAllowlist: at most ${MAX_ALLOWLIST_ENTRIES} addresses or ranges, got ${entries.length}.` };
  }
  const result: string[] = [];
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (parsed === undefined) return { ok: false, message: `ipAllowlist: "${entry}" is not an IPv4 or IPv6 address or CIDR range.` };
    const text = canonical(parsed);
    if (!result.includes(text)) result.push(text);
  }
  return { ok: true, entries: result };
}

/** Whether a client address may use a token with this allowlist (canonical entries, as stored). */
export function addressAllowed(allowlist: readonly string[], address: string): boolean {
  if (allowlist.length === 0) return true;
  let client: Address;
  try {
    client = unmapped(ipaddr.parse(address));
  } catch {
    // Not an address (a socket without one): no list can name it.
    return false;
  }
  return allowlist.some((entry) => {
    const parsed = parseEntry(entry);
    if (parsed === undefined || parsed[0].kind() !== client.kind()) return false;
    return client.match(parsed);
  });
}

const REFUSAL_PREFIX = 'This token cannot be used from ';

/** The public API's 403 for a call from outside the token's IP allowlist (openapi/components/responses/NoAccessTo*.yaml). */
export function outsideAllowlistMessage(address: string): string {
  return `${REFUSAL_PREFIX}${address}.`;
}

/** The address a 403's message names when the refusal was the allowlist's, else undefined (a scope refusal). */
export function refusedAddress(message: unknown): string | undefined {
  if (typeof message !== 'string' || !message.startsWith(REFUSAL_PREFIX) || !message.endsWith('.')) return undefined;
  return message.slice(REFUSAL_PREFIX.length, -1);
}
