/** The request log's buffer and batch writer: bounded under a stuck database, drops counted and warned, nothing lost on stop. */
import { describe, expect, it } from 'vitest';
import { BatchWriter } from '../../../src/server/request-log/batch-writer.ts';
import type { RequestLogEntry } from '../../../src/server/request-log/entry.ts';
import { bucketOf, percentileMs } from '../../../src/server/request-log/latency-buckets.ts';
import { DAY_MS, HOUR_MS, rollUp } from '../../../src/server/request-log/rollup.ts';

const entry = (status = 200, durationMs = 3, at = Date.UTC(2026, 0, 1, 10, 30)): RequestLogEntry => ({
  time: new Date(at),
  userId: 1,
  tokenId: 1,
  operationId: 'listSellerWarehouses',
  method: 'GET',
  path: '/api/v1/seller/warehouses',
  status,
  durationMs,
  responseBytes: 10,
  userAgent: null,
  clientAddress: null,
});

/** A writer (batches of 10) whose first write waits for `release()`; `writes` holds each batch's size. */
function writerWithFirstWriteHeld() {
  let release: () => void = () => undefined;
  const writes: number[] = [];
  const writer = new BatchWriter({
    write: async (batch) => {
      writes.push(batch.length);
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
    },
    capacity: 1_000,
    intervalMs: 10_000,
    maxBatch: 10,
    warn: () => undefined,
  });
  return { writer, writes, release: () => release() };
}

describe('BatchWriter', () => {
  it('stops at its bound while the database hangs, counts the drops, warns once, and writes the rest when it answers', async () => {
    let release: () => void = () => undefined;
    const hung = new Promise<void>((resolve) => (release = resolve));
    const written: number[] = [];
    const warnings: Array<Record<string, unknown>> = [];
    const writer = new BatchWriter({
      write: async (batch) => {
        await hung;
        written.push(batch.length);
      },
      capacity: 100,
      intervalMs: 10_000,
      maxBatch: 50,
      warn: (details) => warnings.push(details),
      warnEveryMs: 0,
    });
    for (let i = 0; i < 1_000; i += 1) writer.add(entry());
    // The first 50 went into a write that hangs; 100 wait; 850 were turned away.
    expect(writer.stats()).toMatchObject({ buffered: 100, dropped: 850, written: 0 });
    release();
    await writer.stop();
    expect(written.reduce((a, b) => a + b, 0)).toBe(150);
    expect(writer.stats()).toMatchObject({ buffered: 0, dropped: 850, written: 150 });
    expect(warnings).toEqual([{ dropped: 850, droppedTotal: 850 }]);
  });

  it('leaves calls that arrive during a write for the next interval, and writes whole batches at once', async () => {
    const { writer, writes, release } = writerWithFirstWriteHeld();
    for (let i = 0; i < 5; i += 1) writer.add(entry());
    const flushed = writer.flush();
    // 25 arrive while the first write is under way: two whole batches' worth and 5 more.
    for (let i = 0; i < 25; i += 1) writer.add(entry());
    release();
    await flushed;
    // A busy server's writer does not chase every newcomer with a small batch of its own.
    expect(writes).toEqual([5, 10, 10]);
    expect(writer.stats()).toMatchObject({ buffered: 5, written: 25 });
    await writer.stop();
    expect(writes).toEqual([5, 10, 10, 5]);
    expect(writer.stats()).toMatchObject({ buffered: 0, written: 30 });
  });

  it('flush() during a write writes what was buffered when it was called, after that write', async () => {
    const { writer, writes, release } = writerWithFirstWriteHeld();
    writer.add(entry());
    const first = writer.flush();
    for (let i = 0; i < 3; i += 1) writer.add(entry());
    // A caller waiting for its calls to be written (as tests and the graceful stop do) gets them written.
    const second = writer.flush();
    release();
    await Promise.all([first, second]);
    expect(writes).toEqual([1, 3]);
    expect(writer.stats()).toMatchObject({ buffered: 0, written: 4 });
  });

  it('keeps a failed batch for the next write, as much as fits', async () => {
    let fail = true;
    const written: RequestLogEntry[] = [];
    const writer = new BatchWriter({
      write: async (batch) => {
        if (fail) throw new Error('database down');
        written.push(...batch);
      },
      capacity: 10,
      intervalMs: 10_000,
      maxBatch: 10,
      warn: () => undefined,
    });
    for (let i = 0; i < 5; i += 1) writer.add(entry(200 + i));
    await writer.flush();
    expect(writer.stats()).toMatchObject({ buffered: 5, failedWrites: 1, dropped: 0 });
    fail = false;
    await writer.stop();
    expect(written.map((e) => e.status)).toEqual([200, 201, 202, 203, 204]);
  });
});

describe('rollups and latency', () => {
  it('counts a batch per token, hour and operation, by outcome, with a latency histogram', () => {
    const rows = rollUp([entry(200, 1), entry(304, 4), entry(401), entry(429), entry(404), entry(503, 40), entry(200, 2, Date.UTC(2026, 0, 1, 11))], HOUR_MS);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      start: new Date(Date.UTC(2026, 0, 1, 10)),
      calls: 6,
      outcomes: { ok: 1, redirection: 1, clientError: 1, unauthorized: 1, tooManyRequests: 1, serverError: 1 },
    });
    expect(rows[0]!.latencyBuckets.reduce((a, b) => a + b, 0)).toBe(6);
    expect(rows[1]!.calls).toBe(1);
  });

  it('counts a batch per UTC day for the daily rollups, across the day boundary', () => {
    const batch = [entry(200, 1, Date.UTC(2026, 0, 1, 0, 0)), entry(404, 2, Date.UTC(2026, 0, 1, 23, 59, 59, 999)), entry(200, 3, Date.UTC(2026, 0, 2))];
    const rows = rollUp(batch, DAY_MS);
    expect(rows.map((row) => [row.start.toISOString(), row.calls, row.outcomes.clientError])).toEqual([
      ['2026-01-01T00:00:00.000Z', 2, 1],
      ['2026-01-02T00:00:00.000Z', 1, 0],
    ]);
  });

  it('reports percentiles as bucket upper bounds', () => {
    const counts = new Array<number>(22).fill(0);
    for (let i = 0; i < 95; i += 1) counts[bucketOf(4)]! += 1;
    for (let i = 0; i < 5; i += 1) counts[bucketOf(180)]! += 1;
    expect(percentileMs(counts, 0.5)).toBe(5);
    expect(percentileMs(counts, 0.95)).toBe(5);
    expect(percentileMs(counts, 0.96)).toBe(200);
    expect(percentileMs(new Array<number>(22).fill(0), 0.5)).toBeNull();
  });
});
