/**
 * Strong entity tags for public API answers and the If-None-Match test (RFC 9110 §8.8.3, §13.1.2).
 * The tag is a digest of the exact body bytes, so equal data gives an equal tag on every replica and
 * after every restart, and any change to the body changes it.
 */
import { createHash } from 'node:crypto';

export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/**
 * True when If-None-Match names the current tag (or is `*`). Weak comparison, as the RFC prescribes for
 * If-None-Match: W/"x" matches "x". A header that names no tag matches nothing.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = header.trim();
  if (value === '*') return true;
  // The provider's API may tag its answers weakly (live calls); the portal's own tags are strong.
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const candidate of value.matchAll(/(?:W\/)?("[^"]*")/g)) {
    if (candidate[1] === opaque) return true;
  }
  return false;
}
