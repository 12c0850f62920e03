/**
 * A token's IP allowlist: IPv4 and IPv6 addresses and CIDR ranges, at most MAX_ALLOWLIST_ENTRIES; empty
 * allows any address. One home for the rules, so the server (which enforces them) and the portal (which
 * warns when this browser is outside a list) can never disagree. Entries and client addresses are read by
 * the one strict rule (ip-address.ts); an IPv4-mapped IPv6 address or range (::ffff:203.0.113.9) is taken as
 * its IPv4 form, on either side.
 */
import ipaddr from 'ipaddr.js';
import { parseStrictAddress, type IpAddress } from './ip-address.ts';

export const MAX_ALLOWLIST_ENTRIES = 20;

/** A prefix length in plain decimal (no sign, no leading zero). */
const PREFIX_LENGTH = /^(?:0|[1-9]\d{0,2})$/;

/**
 * [network, prefix length] of an entry, or undefined when it is not an address or CIDR range by the strict
 * rule (ip-address.ts). ipaddr.js alone also takes inet_aton's forms ("1.2.3" as 1.2.0.3, "010.0.0.1" as
 * octal 8.0.0.1) and zone ids, which would allow an address nobody meant.
 */
function parseEntry(entry: string): [IpAddress, number] | undefined {
  const text = entry.trim();
  const slash = text.indexOf('/');
  const address = parseStrictAddress(slash === -1 ? text : text.slice(0, slash));
  if (address === undefined) return undefined;
  const full = address.kind() === 'ipv4' ? 32 : 128;
  if (slash === -1) return [address, full];
  const bitsText = text.slice(slash + 1);
  if (!PREFIX_LENGTH.test(bitsText)) return undefined;
  // An IPv4-mapped range (::ffff:10.0.0.0/104) was parsed as its IPv4 address: its prefix counts from bit 96.
  const mapped = address.kind() === 'ipv4' && text.slice(0, slash).includes(':');
  const bits = Number(bitsText) - (mapped ? 96 : 0);
  return bits >= 0 && bits <= full ? [address, bits] : undefined;
}

/** The canonical text of an entry: a single address as the address, a range by its network ("203.0.113.0/24"). */
function canonical([address, bits]: [IpAddress, number]): string {
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
  // Not an address by the strict rule (a socket without one, a forwarded `012.1.2.3`): no list can name it.
  const client = parseStrictAddress(address);
  if (client === undefined) return false;
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
