/**
 * The one rule for reading an IP address, wherever one comes from: an allowlist entry, the socket, a
 * forwarded header behind TRUST_PROXY, the address a gateway reports, a webhook target. The browser uses
 * it too (the allowlist form's check), so it is built on ipaddr.js rather than node:net.
 *
 * Strict: every IPv4 address, alone or inside IPv6 (`::ffff:1.2.3.4`), is four plain decimal numbers
 * (0 to 255, no leading zero, no octal, hex or short forms that inet_aton reads: `012.1.2.3` would be
 * 10.1.2.3, `0x7f.1` 127.0.0.1); IPv6 is written as RFC 4291 allows, in either case, without a zone id
 * (`fe80::1%eth0` names an interface of one host, which means nothing to another). Text outside the rule
 * is not an address: it matches nothing, and an allowlist refuses it. Addresses compare by value, so
 * `2001:DB8:0::1` and `2001:db8::1` are the same, and an IPv4-mapped IPv6 address is its IPv4 address.
 */
import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** Four decimal numbers, each 0 to 255 without a leading zero. */
const DOTTED_QUAD = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** Hex groups and colons, with at most an IPv4 tail; no zone id (`%`), no brackets, no spaces. */
const IPV6_TEXT = /^[0-9A-Fa-f:]+(?::[0-9.]+)?$/;

/** Whether `text` is an IPv4 address in the strict form. */
export function isStrictIPv4(text: string): boolean {
  return DOTTED_QUAD.test(text);
}

/**
 * IPv6 text in the strict form with its embedded IPv4 (a strict dotted quad) written as two hex groups, or
 * undefined. The groups are ours because ipaddr.js reads `::1.2.3.4` as `::ffff:1.2.3.4`, another address.
 */
function strictIPv6Groups(text: string): string | undefined {
  if (!text.includes(':') || !IPV6_TEXT.test(text)) return undefined;
  const cut = text.lastIndexOf(':') + 1;
  const tail = text.slice(cut);
  let groups = text;
  if (tail.includes('.')) {
    if (!isStrictIPv4(tail)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    groups = `${text.slice(0, cut)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  return ipaddr.IPv6.isValid(groups) ? groups : undefined;
}

/** An IPv4-mapped IPv6 address as IPv4; any other as it is. */
export function unmapped(address: IpAddress): IpAddress {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/** The address `text` names under the strict rule (IPv4-mapped IPv6 as IPv4), or undefined when it is not one. */
export function parseStrictAddress(text: string): IpAddress | undefined {
  if (isStrictIPv4(text)) return ipaddr.IPv4.parse(text);
  const groups = strictIPv6Groups(text);
  return groups === undefined ? undefined : unmapped(ipaddr.IPv6.parse(groups));
}

/** The canonical text of an address under the strict rule (RFC 5952 for IPv6, IPv4-mapped as IPv4), or undefined. */
export function canonicalAddress(text: string): string | undefined {
  return parseStrictAddress(text)?.toString();
}
