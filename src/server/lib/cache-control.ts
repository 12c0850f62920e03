/**
 * How long the portal may keep an answer of the provider's API, from the upstream's Cache-Control
 * (RFC 9111 §5.2.2), for a cache kept per account (public-api/live-calls.ts):
 *
 *   - `no-store`: not kept at all;
 *   - `s-maxage=N`, else `max-age=N`: served without asking again for N seconds (s-maxage first: the
 *     portal is a cache between the caller and the upstream);
 *   - `no-cache`, or no freshness given: kept only to revalidate (If-None-Match) before every use;
 *   - `private` does not stop it: each account's answers are kept apart, so the cache is that account's own.
 *
 * `Expires` and heuristic freshness are not used: an upstream that wants answers served without asking
 * says so with max-age.
 */

/** Not kept. */
export const NOT_STORED = -1;

/** Seconds the answer may be served without asking the upstream again (0: revalidate every time), or NOT_STORED. */
export function freshSecondsOf(header: string | undefined): number {
  if (header === undefined) return 0;
  let maxAge: number | undefined;
  let sharedMaxAge: number | undefined;
  let noCache = false;
  for (const part of header.split(',')) {
    const directive = part.trim().toLowerCase();
    if (directive === 'no-store') return NOT_STORED;
    if (directive === 'no-cache' || directive.startsWith('no-cache=')) noCache = true;
    else if (directive.startsWith('s-maxage=')) sharedMaxAge = secondsOf(directive.slice(9));
    else if (directive.startsWith('max-age=')) maxAge = secondsOf(directive.slice(8));
  }
  if (noCache) return 0;
  return sharedMaxAge ?? maxAge ?? 0;
}

/** A delta-seconds value, quoted or not; anything else is 0 (stale at once). */
function secondsOf(value: string): number {
  const digits = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  const seconds = Number(digits);
  return digits !== '' && Number.isInteger(seconds) && seconds > 0 ? seconds : 0;
}
