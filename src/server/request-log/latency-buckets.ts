/**
 * Server latency as a histogram: the hourly rollups keep a count per bucket, so p50 and p95 over any range
 * come from summed counts without reading a log row. Bucket i counts durations up to UPPER_BOUNDS_MS[i]; the
 * last one counts everything slower. A percentile is reported as the upper bound of the bucket it falls in
 * (so within one bucket's width, at most about 1.5x, of the exact value).
 */
export const UPPER_BOUNDS_MS = [1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 2000, 5000, 10000] as const;
export const BUCKET_COUNT = UPPER_BOUNDS_MS.length + 1;

export function bucketOf(durationMs: number): number {
  for (let i = 0; i < UPPER_BOUNDS_MS.length; i += 1) if (durationMs <= UPPER_BOUNDS_MS[i]!) return i;
  return UPPER_BOUNDS_MS.length;
}

/** The `quantile` (0..1) of the counts, as its bucket's upper bound in ms; null when there are no counts. */
export function percentileMs(counts: readonly number[], quantile: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(quantile * total);
  let seen = 0;
  for (let i = 0; i < counts.length; i += 1) {
    seen += counts[i] ?? 0;
    if (seen >= rank) return UPPER_BOUNDS_MS[i] ?? UPPER_BOUNDS_MS[UPPER_BOUNDS_MS.length - 1]! * 2;
  }
  return null;
}
