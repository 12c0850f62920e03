/**
 * Active Directory's objectGUID: 16 bytes on the wire, written by Windows tools as
 * `{3f2504e0-4f89-11d3-9a0c-0305e82c3301}`. The first three groups are stored little-endian, so the bytes
 * are not the hex string in order; the portal keeps the canonical form (lower-case, no braces) as the
 * subject, the string an operator finds in "Active Directory Users and Computers" or `Get-ADUser`.
 */

/** Byte positions of the canonical string's hex pairs, in the order the string shows them. */
const BYTE_ORDER = [3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15];
const GUID_PATTERN = /^\{?([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\}?$/i;

export function objectGuidToString(bytes: Buffer): string {
  if (bytes.length !== 16) throw new Error(`an objectGUID has 16 bytes, got ${bytes.length}`);
  const hex = BYTE_ORDER.map((index) => bytes[index]!.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The bytes of a GUID string (braces and case as Windows writes them are accepted); undefined when it is not one. */
export function objectGuidFromString(text: string): Buffer | undefined {
  const match = GUID_PATTERN.exec(text.trim());
  if (match === null) return undefined;
  const inStringOrder = Buffer.from(match.slice(1).join(''), 'hex');
  const bytes = Buffer.alloc(16);
  BYTE_ORDER.forEach((index, position) => (bytes[index] = inStringOrder[position]!));
  return bytes;
}
