/**
 * When an operation was deprecated. OpenAPI's `deprecated: true` says only that it is; this project adds
 * `x-deprecated-at: YYYY-MM-DD` beside it (midnight UTC), the date the server sends in the `Deprecation`
 * response header (RFC 9745) and the reference pages, tester and changelog show. One without the other is
 * an error in the spec, named by the build step.
 */
import { operationIdOf, type OperationEntry } from './openapi-document.ts';

export interface Deprecation {
  /** `YYYY-MM-DD`. */
  since: string;
  /** Seconds since the epoch: the header's `@<seconds>` structured-field date. */
  epochSeconds: number;
}

export function deprecationOf(entry: OperationEntry): Deprecation | null {
  const flagged = entry.operation.deprecated === true;
  const at = entry.operation['x-deprecated-at'];
  if (!flagged && at === undefined) return null;
  const id = operationIdOf(entry);
  if (!flagged) throw new Error(`${id}: x-deprecated-at needs deprecated: true beside it`);
  const time = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at) ? Date.parse(`${at}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(time)) throw new Error(`${id}: deprecated: true needs x-deprecated-at: YYYY-MM-DD (the date it was deprecated), got ${JSON.stringify(at)}`);
  return { since: at as string, epochSeconds: time / 1000 };
}

/** The `Deprecation` header's value: an RFC 9651 date, `@1796083200`. */
export function deprecationHeader(deprecation: Deprecation): string {
  return `@${deprecation.epochSeconds}`;
}
