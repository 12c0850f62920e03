/**
 * A batch's contribution to the hourly or daily rollups: one row per token, UTC hour (or day) and operation,
 * with outcome counts and a latency histogram. Sorted by key, so concurrent replicas upserting overlapping
 * rows lock them in the same order (no deadlock).
 */
import { BUCKET_COUNT, bucketOf } from './latency-buckets.ts';
import type { RequestLogEntry } from './entry.ts';
import { OUTCOME_CLASSES, outcomeOf, type Outcome } from '../../shared/outcomes.ts';

export interface RollupRow {
  tokenId: number;
  userId: number;
  /** The UTC hour or day the row counts. */
  start: Date;
  operationId: string;
  calls: number;
  outcomes: Record<Outcome, number>;
  durationMsSum: number;
  latencyBuckets: number[];
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** `periodMs`: HOUR_MS or DAY_MS (UTC days: the epoch starts at midnight and has no leap seconds). */
export function rollUp(batch: readonly RequestLogEntry[], periodMs: number): RollupRow[] {
  // Keyed by token, then start, then operation: no key string is built per call.
  const byToken = new Map<number, Map<number, Map<string, RollupRow>>>();
  const rows: RollupRow[] = [];
  for (const entry of batch) {
    const startMs = Math.floor(entry.time.getTime() / periodMs) * periodMs;
    let byStart = byToken.get(entry.tokenId);
    if (byStart === undefined) byToken.set(entry.tokenId, (byStart = new Map()));
    let byOperation = byStart.get(startMs);
    if (byOperation === undefined) byStart.set(startMs, (byOperation = new Map()));
    let row = byOperation.get(entry.operationId);
    if (row === undefined) {
      row = {
        tokenId: entry.tokenId,
        userId: entry.userId,
        start: new Date(startMs),
        operationId: entry.operationId,
        calls: 0,
        outcomes: Object.fromEntries(OUTCOME_CLASSES.map((outcome) => [outcome, 0])) as Record<Outcome, number>,
        durationMsSum: 0,
        latencyBuckets: new Array<number>(BUCKET_COUNT).fill(0),
      };
      byOperation.set(entry.operationId, row);
      rows.push(row);
    }
    row.calls += 1;
    row.outcomes[outcomeOf(entry.status)] += 1;
    row.durationMsSum += entry.durationMs;
    row.latencyBuckets[bucketOf(entry.durationMs)]! += 1;
  }
  return rows.sort(
    (a, b) => a.tokenId - b.tokenId || a.start.getTime() - b.start.getTime() || (a.operationId < b.operationId ? -1 : a.operationId > b.operationId ? 1 : 0),
  );
}
