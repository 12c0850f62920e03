/**
 * Which resolved addresses a webhook may not be sent to: anything but a public unicast address, so an
 * endpoint's URL cannot reach the portal's own host, its network or a cloud's metadata service (OWASP's
 * SSRF prevention cheat sheet). Judged on the address a name resolves to, not on the name.
 */
import { parseStrictAddress } from '../../shared/ip-address.ts';

/** Metadata services answer on these; named apart because they are the usual target. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);

const RANGE_WORDS: Record<string, string> = {
  private: 'private',
  uniqueLocal: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

/**
 * Why the address is refused ("private", "loopback", "cloud metadata", ...), or undefined for a public
 * unicast address. An IPv4 address written as IPv6 (`::ffff:10.0.0.5`) is judged as the IPv4 it is; text
 * outside the strict rule (src/shared/ip-address.ts: `0x7f.1`, `010.0.0.1`, a zone id) is refused as unparsable.
 */
export function refusedAddressKind(address: string): string | undefined {
  const parsed = parseStrictAddress(address);
  if (parsed === undefined) return 'unparsable';
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) return 'cloud metadata';
  const range = parsed.range();
  if (range === 'unicast') return undefined;
  return RANGE_WORDS[range] ?? 'reserved';
}

/** The attempt's error for a refused address, as the delivery log shows it. */
export function refusedAddressMessage(address: string, kind: string): string {
  const article = /^[aeiou]/.test(kind) ? 'an' : 'a';
  return `refused: resolves to ${article} ${kind} address ${address}`;
}
