/**
 * The usage chart and per-operation figures read whole UTC days from the daily rollups and the hours at a
 * range's edges from the hourly ones (migration 008): for ranges that start and end mid-day, on midnight,
 * within one day, with a UTC offset and per token, every figure equals a direct aggregate of request_log
 * under the chart's rule (an hour counts when it overlaps the range). Every log page, followed cursor by
 * cursor, holds the calls request_log holds, newest first (all tokens merged, or filtered). Retention
 * removes a day's daily row with its hours; the migration fills the daily rollups from the hourly ones
 * already there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import type { RequestLogEntry } from '../../src/server/request-log/entry.ts';
import { bucketOf, BUCKET_COUNT, percentileMs } from '../../src/server/request-log/latency-buckets.ts';
import { createPostgresRequestLogStore } from '../../src/server/request-log/postgres-store.ts';
import type { Client } from './support/http-client.ts';
import { createTestDatabase } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const OPERATIONS = ['listSellerWarehouses', 'getSellerWarehouse', 'listSellerProducts'];
const STATUSES = [200, 304, 404, 200, 401, 429, 503, 201, 400, 200, 200];
// Exact in float4, so the log's stored duration falls in the bucket the rollup counted.
const DURATIONS = [0.5, 1, 2.25, 5, 7.5, 40, 180, 1000, 12_000, 3];

type Point = { start: string; ok: number; redirection: number; clientError: number; unauthorized: number; tooManyRequests: number; serverError: number };
type StatusFilter = '2xx' | '3xx' | '4xx' | '5xx' | '401' | '429';
/** What the chart and tables are filtered by besides the range: the Usage screen's filters. */
type Filters = { tokenId?: number; status?: StatusFilter; operation?: string };
const STATUS_RANGES: Record<StatusFilter, [number, number]> = {
  '2xx': [200, 299],
  '3xx': [300, 399],
  '4xx': [400, 499],
  '5xx': [500, 599],
  '401': [401, 401],
  '429': [429, 429],
};
type Series = {
  bucket: 'hour' | 'day';
  points: Point[];
  totals: { calls: number; errorRate: number; p50Ms: number | null; p95Ms: number | null; busiestOperation: string | null };
};
type Operations = { data: Array<{ operationId: string; calls: number; errorRate: number; p95Ms: number | null }> };
type LoggedCall = { logged_at: Date; token_id: number; operation_id: string; status: number; duration_ms: number };

let server: TestServer;
let seller: Client;
let tokens: number[];
/** UTC midnight 12 days ago: the calls span the 12 days from here. */
let firstDay: number;

const rate = (errors: number, calls: number) => (calls === 0 ? 0 : Math.round((errors / calls) * 10_000) / 10_000);

function entry(at: number, i: number): RequestLogEntry {
  return {
    time: new Date(at),
    userId: 1,
    tokenId: tokens[Math.floor(i / 5) % tokens.length]!,
    operationId: OPERATIONS[Math.floor(i / 3) % OPERATIONS.length]!,
    method: 'GET',
    path: `/api/v1/rollup-test?i=${i}`,
    status: STATUSES[i % STATUSES.length]!,
    durationMs: DURATIONS[i % DURATIONS.length]!,
    responseBytes: 10,
    userAgent: null,
    clientAddress: null,
  };
}

/** The series and per-operation answers computed from request_log itself. */
async function expected(from: Date, to: Date, filters: Filters = {}): Promise<{ series: Series; operations: Operations }> {
  const [minStatus, maxStatus] = filters.status === undefined ? [0, 999] : STATUS_RANGES[filters.status];
  const calls = await server.db.query<LoggedCall & Record<string, unknown>>(
    `SELECT logged_at, token_id, operation_id, status::int AS status, duration_ms::float8 AS duration_ms FROM request_log
      WHERE user_id = 1 AND date_trunc('hour', logged_at, 'UTC') > $1::timestamptz - interval '1 hour'
        AND date_trunc('hour', logged_at, 'UTC') < $2 AND ($3::int IS NULL OR token_id = $3)
        AND ($4::text IS NULL OR operation_id = $4) AND status BETWEEN $5 AND $6`,
    [from.toISOString(), to.toISOString(), filters.tokenId ?? null, filters.operation ?? null, minStatus, maxStatus],
  );
  const bucket = to.getTime() - from.getTime() <= 7 * DAY_MS ? 'hour' : 'day';
  const width = bucket === 'hour' ? HOUR_MS : DAY_MS;
  const points = new Map<number, Point>();
  const operations = new Map<string, { calls: number; errors: number; buckets: number[] }>();
  const histogram = new Array<number>(BUCKET_COUNT).fill(0);
  for (const call of calls) {
    const start = Math.floor(call.logged_at.getTime() / width) * width;
    const point = points.get(start) ?? {
      start: new Date(start).toISOString(),
      ok: 0,
      redirection: 0,
      clientError: 0,
      unauthorized: 0,
      tooManyRequests: 0,
      serverError: 0,
    };
    points.set(start, point);
    const s = call.status;
    if (s === 401) point.unauthorized += 1;
    else if (s === 429) point.tooManyRequests += 1;
    else if (s >= 500) point.serverError += 1;
    else if (s >= 400) point.clientError += 1;
    else if (s >= 300) point.redirection += 1;
    else point.ok += 1;
    const operation = operations.get(call.operation_id) ?? { calls: 0, errors: 0, buckets: new Array<number>(BUCKET_COUNT).fill(0) };
    operations.set(call.operation_id, operation);
    operation.calls += 1;
    if (s >= 400) operation.errors += 1;
    operation.buckets[bucketOf(call.duration_ms)]! += 1;
    histogram[bucketOf(call.duration_ms)]! += 1;
  }
  const byOperation = [...operations.entries()].sort(([a, x], [b, y]) => y.calls - x.calls || (a < b ? -1 : 1));
  const errors = byOperation.reduce((sum, [, op]) => sum + op.errors, 0);
  // Latency histograms are kept per operation, not per status: a status filter leaves latency unknown.
  const latency = (buckets: number[], share: number) => (filters.status === undefined ? percentileMs(buckets, share) : null);
  return {
    series: {
      bucket,
      points: [...points.entries()].sort(([a], [b]) => a - b).map(([, point]) => point),
      totals: {
        calls: calls.length,
        errorRate: rate(errors, calls.length),
        p50Ms: latency(histogram, 0.5),
        p95Ms: latency(histogram, 0.95),
        busiestOperation: byOperation[0]?.[0] ?? null,
      },
    },
    operations: {
      data: byOperation.map(([operationId, op]) => ({
        operationId,
        calls: op.calls,
        errorRate: rate(op.errors, op.calls),
        p95Ms: latency(op.buckets, 0.95),
      })),
    },
  };
}

async function expectSameAsTheLog(from: string, to: string, filters: Filters = {}): Promise<Series> {
  const query = new URLSearchParams({ from, to });
  if (filters.tokenId !== undefined) query.set('tokenId', String(filters.tokenId));
  if (filters.status !== undefined) query.set('status', filters.status);
  if (filters.operation !== undefined) query.set('operation', filters.operation);
  const series = await seller.get<Series>(`/api/usage/series?${query}`);
  const operations = await seller.get<Operations>(`/api/usage/operations?${query}`);
  expect(series.status).toBe(200);
  expect(operations.status).toBe(200);
  const want = await expected(new Date(from), new Date(to), filters);
  expect(series.body).toEqual(want.series);
  expect(operations.body).toEqual(want.operations);
  return series.body;
}

const at = (dayOffset: number, hours = 0, minutes = 0, ms = 0) =>
  new Date(firstDay + dayOffset * DAY_MS + hours * HOUR_MS + minutes * 60_000 + ms).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  seller = server.client();
  await seller.login();
  tokens = [];
  for (const title of ['Rollup one', 'Rollup two']) {
    const response = await seller.post<{ data: { id: number } }>('/api/auth/token', { title, description: 'rollup test' });
    tokens.push(response.body.data.id);
  }
  firstDay = Math.floor(Date.now() / DAY_MS) * DAY_MS - 12 * DAY_MS;
  // 2,400 calls every 7 minutes 12 seconds over 12 days, plus calls on the edges of a day and an hour.
  const times = Array.from({ length: 2_400 }, (_, i) => firstDay + i * 432_000 + (i % 7) * 1_000);
  for (const day of [1, 5, 9]) times.push(firstDay + day * DAY_MS, firstDay + day * DAY_MS - 1, firstDay + day * DAY_MS + HOUR_MS - 1);
  const entries = times.map((time, i) => entry(time, i));
  // Two passes in batches of 250 that cross midnights: every hourly and daily row is written, then added to.
  const store = createPostgresRequestLogStore(server.db);
  for (const pass of [0, 1]) {
    const half = entries.filter((_, i) => i % 2 === pass);
    for (let i = 0; i < half.length; i += 250) await store.append(half.slice(i, i + 250));
  }
});
afterAll(async () => server?.close());

describe('daily rollups', () => {
  it('hold, for every token, day and operation, the sum of its hourly rows', async () => {
    type Rollup = {
      token_id: number;
      start: Date;
      operation_id: string;
      user_id: number;
      counts: number[];
      duration_ms_sum: number;
      latency_buckets: number[];
    };
    const read = (table: string, period: string) =>
      server.db.query<Rollup & Record<string, unknown>>(
        `SELECT token_id, ${period} AS start, operation_id, user_id, ARRAY[calls, ok, redirection, client_error, unauthorized, too_many, server_error] AS counts,
                duration_ms_sum, latency_buckets FROM ${table} ORDER BY token_id, ${period}, operation_id`,
      );
    const summed = new Map<string, Rollup>();
    for (const hour of await read('request_usage_hourly', 'hour')) {
      const day = new Date(Math.floor(hour.start.getTime() / DAY_MS) * DAY_MS);
      const key = `${hour.token_id} ${day.toISOString()} ${hour.operation_id}`;
      const sum = summed.get(key);
      if (sum === undefined) summed.set(key, { ...hour, start: day });
      else {
        sum.counts = sum.counts.map((n, i) => n + hour.counts[i]!);
        sum.latency_buckets = sum.latency_buckets.map((n, i) => n + hour.latency_buckets[i]!);
        sum.duration_ms_sum += hour.duration_ms_sum;
      }
    }
    const key = (row: Rollup) => `${row.token_id} ${row.start.toISOString()} ${row.operation_id}`;
    const byKey = (a: Rollup, b: Rollup) => (key(a) < key(b) ? -1 : 1);
    const daily = (await read('request_usage_daily', 'day')).sort(byKey);
    const sums = [...summed.values()].sort(byKey);
    expect(daily.map(({ duration_ms_sum: _, ...row }) => row)).toEqual(sums.map(({ duration_ms_sum: _, ...row }) => row));
    daily.forEach((row, i) => expect(row.duration_ms_sum).toBeCloseTo(sums[i]!.duration_ms_sum, 6));
    expect(new Set(daily.map((row) => row.start.getTime())).size).toBe(12);
  });
});

describe('the chart and per-operation figures equal a direct aggregate of the log', () => {
  it('over ten days from mid-morning to mid-afternoon (daily buckets, whole days and edge hours)', async () => {
    const series = await expectSameAsTheLog(at(1, 7, 30), at(11, 13, 15));
    expect(series.bucket).toBe('day');
    expect(series.points).toHaveLength(11);
  });

  it('from midnight to midnight, and one millisecond inside both', async () => {
    await expectSameAsTheLog(at(1), at(9));
    await expectSameAsTheLog(at(1, 0, 0, 1), at(9, 0, 0, -1));
    await expectSameAsTheLog(at(0), at(12));
  });

  it('with a UTC offset that is not whole hours, and for one token', async () => {
    const from = new Date(at(2, 3, 10)).toISOString().replace('Z', '+00:00');
    // 2026-xx-xxT..+05:30 names the same instant as the UTC time 5 h 30 min earlier.
    const shifted = (iso: string) => {
      const local = new Date(new Date(iso).getTime() + 5.5 * HOUR_MS).toISOString().slice(0, 23);
      return `${local}+05:30`;
    };
    await expectSameAsTheLog(shifted(at(2, 3, 10)), shifted(at(10, 20, 45)));
    await expectSameAsTheLog(from, at(10, 20, 45), { tokenId: tokens[1] });
  });

  it('over three days (hourly buckets), within one day, and past the newest call', async () => {
    const hourly = await expectSameAsTheLog(at(3, 22, 5), at(6, 1, 55));
    expect(hourly.bucket).toBe('hour');
    await expectSameAsTheLog(at(4, 2, 20), at(4, 17, 40), { tokenId: tokens[0] });
    await expectSameAsTheLog(at(-20, 5), at(14, 5));
  });
});

describe('the chart and per-operation figures follow the status and operation filters', () => {
  it.each(Object.keys(STATUS_RANGES) as StatusFilter[])('status %s: only its calls, over days and over hours, latency unknown', async (status) => {
    const days = await expectSameAsTheLog(at(1, 7, 30), at(11, 13, 15), { status });
    expect(days.totals.calls).toBeGreaterThan(0);
    await expectSameAsTheLog(at(3, 22, 5), at(6, 1, 55), { status, tokenId: tokens[1] });
  });

  it('an operation: only its calls, alone and with a status', async () => {
    const series = await expectSameAsTheLog(at(1, 7, 30), at(11, 13, 15), { operation: 'getSellerWarehouse' });
    expect(series.totals.busiestOperation).toBe('getSellerWarehouse');
    await expectSameAsTheLog(at(3, 22, 5), at(6, 1, 55), { operation: 'listSellerProducts', status: '3xx' });
  });

  it('counts a 304 as 3xx, apart from the 2xx calls', async () => {
    const series = await expectSameAsTheLog(at(0), at(12), { status: '3xx' });
    expect(series.points.every((point) => point.ok === 0 && point.redirection > 0)).toBe(true);
  });
});

describe('log pages', () => {
  type Page = { data: Array<{ id: number }>; nextCursor: string | null };

  /** Every page of the log for `query`, followed cursor by cursor, against the same calls read from request_log. */
  async function expectPagesAsTheLog(query: string, where: string, params: unknown[]): Promise<number> {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const response: { status: number; body: Page } = await seller.get<Page>(`/api/usage/requests?${query}${cursor === null ? '' : `&cursor=${cursor}`}`);
      expect(response.status).toBe(200);
      ids.push(...response.body.data.map((row) => row.id));
      cursor = response.body.nextCursor;
    } while (cursor !== null);
    const rows = await server.db.query<{ id: number }>(
      `SELECT id::float8 AS id FROM request_log WHERE user_id = 1 AND ${where} ORDER BY logged_at DESC, id DESC`,
      params,
    );
    expect(ids).toEqual(rows.map((row) => row.id));
    return ids.length;
  }

  it("merges the user's tokens newest first, every call once, over whole days and a range cut mid-day", async () => {
    const [from, to] = [at(2, 9, 30), at(7, 14)];
    const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const inRange = 'logged_at >= $1 AND logged_at < $2';
    expect(await expectPagesAsTheLog(range, inRange, [from, to])).toBeGreaterThan(900);
    expect(await expectPagesAsTheLog(`${range}&status=2xx`, `${inRange} AND status BETWEEN 200 AND 299`, [from, to])).toBeGreaterThan(300);
    expect(await expectPagesAsTheLog(`${range}&status=4xx`, `${inRange} AND status BETWEEN 400 AND 499`, [from, to])).toBeGreaterThan(300);
    expect(await expectPagesAsTheLog(`${range}&tokenId=${tokens[1]}`, `${inRange} AND token_id = $3`, [from, to, tokens[1]])).toBeGreaterThan(400);
    // Within one day, starting after its midnight: the day's token list is its daily row, dated before `from`.
    const [morning, afternoon] = [at(4, 2, 20), at(4, 17, 40)];
    const oneDay = `from=${encodeURIComponent(morning)}&to=${encodeURIComponent(afternoon)}`;
    expect(await expectPagesAsTheLog(oneDay, inRange, [morning, afternoon])).toBeGreaterThan(100);
    const everything = `from=${encodeURIComponent(at(-20))}&to=${encodeURIComponent(at(14))}`;
    expect(await expectPagesAsTheLog(everything, 'true', [])).toBe(2_409);
  });
});

describe('retention', () => {
  it("removes a day's daily row with its hours, by the log's whole-day rule, and keeps the oldest kept day whole", async () => {
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const store = createPostgresRequestLogStore(server.db);
    // The last hour of the newest day past 30 days, and the first hour of the oldest day kept.
    await store.append([entry(today - 30 * DAY_MS - HOUR_MS / 2, 0), entry(today - 30 * DAY_MS + 1, 1)]);
    await store.applyRetention(30);
    const left = async (table: string, column: string) =>
      (
        await server.db.query<{ at: Date }>(`SELECT ${column} AS at FROM ${table} WHERE ${column} < $1 ORDER BY 1`, [
          new Date(today - 29 * DAY_MS).toISOString(),
        ])
      ).map((row) => row.at.toISOString());
    const oldestKept = new Date(today - 30 * DAY_MS).toISOString();
    expect(await left('request_usage_daily', 'day')).toEqual([oldestKept]);
    expect(await left('request_usage_hourly', 'hour')).toEqual([oldestKept]);
    expect(await left('request_log', 'logged_at')).toEqual([new Date(today - 30 * DAY_MS + 1).toISOString()]);
    await expectSameAsTheLog(new Date(today - 32 * DAY_MS).toISOString(), new Date(today - 25 * DAY_MS).toISOString());
  });
});

function readMigrations() {
  const dir = fileURLToPath(new URL('../../src/server/db/migrations/', import.meta.url));
  return readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), name: file, sql: readFileSync(`${dir}${file}`, 'utf8') }));
}

/** A fresh database migrated up to (not including) `version`, with every migration to run the rest. */
async function databaseBefore(version: number) {
  const database = await createTestDatabase();
  const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  const migrations = readMigrations();
  await migrate(
    db,
    migrations.filter((m) => m.version < version),
  );
  const close = async () => {
    await db.close();
    await database.drop();
  };
  return { db, migrations, close };
}

describe('migration 016 on existing rollups', () => {
  it('moves the 3xx calls the log holds from ok to redirection, hourly and daily', async () => {
    const { db, migrations, close } = await databaseBefore(16);
    try {
      await db.exec(`INSERT INTO request_log (logged_at, user_id, token_id, operation_id, method, path, status, duration_ms, response_bytes) VALUES
        ('2026-03-01T22:10Z', 3, 7, 'listSellerProducts', 'GET', '/p', 304, 1, 0),
        ('2026-03-01T22:20Z', 3, 7, 'listSellerProducts', 'GET', '/p', 200, 1, 10),
        ('2026-03-01T23:20Z', 3, 7, 'listSellerProducts', 'GET', '/p', 304, 1, 0),
        ('2026-03-01T23:30Z', 3, 7, 'listSellerProducts', 'GET', '/p', 404, 1, 10)`);
      await db.exec(`INSERT INTO request_usage_hourly (token_id, hour, operation_id, user_id, calls, ok, client_error, unauthorized, too_many, server_error, duration_ms_sum, latency_buckets) VALUES
        (7, '2026-03-01T22:00Z', 'listSellerProducts', 3, 2, 2, 0, 0, 0, 0, 2, '{2}'),
        (7, '2026-03-01T23:00Z', 'listSellerProducts', 3, 2, 1, 1, 0, 0, 0, 2, '{2}')`);
      await db.exec(`INSERT INTO request_usage_daily (token_id, day, operation_id, user_id, calls, ok, client_error, unauthorized, too_many, server_error, duration_ms_sum, latency_buckets) VALUES
        (7, '2026-03-01T00:00Z', 'listSellerProducts', 3, 4, 3, 1, 0, 0, 0, 4, '{4}')`);
      expect(await migrate(db, migrations)).toContain('016-usage-redirection.sql');
      const counts = (table: string, period: string) =>
        db.query(`SELECT ${period} AS start, calls, ok, redirection, client_error FROM ${table} ORDER BY ${period}`);
      expect(await counts('request_usage_hourly', 'hour')).toEqual([
        { start: new Date('2026-03-01T22:00Z'), calls: 2, ok: 1, redirection: 1, client_error: 0 },
        { start: new Date('2026-03-01T23:00Z'), calls: 2, ok: 0, redirection: 1, client_error: 1 },
      ]);
      expect(await counts('request_usage_daily', 'day')).toEqual([{ start: new Date('2026-03-01T00:00Z'), calls: 4, ok: 1, redirection: 2, client_error: 1 }]);
    } finally {
      await close();
    }
  });
});

describe('migration 008 on existing hourly rollups', () => {
  it('fills the daily rollups with each day of hours summed, histograms bucket by bucket', async () => {
    const { db, migrations, close } = await databaseBefore(8);
    try {
      await db.exec(`INSERT INTO request_usage_hourly VALUES
        (7, '2026-03-01T22:00Z', 'listSellerProducts', 3, 3, 2, 1, 0, 0, 0, 4.5, '{1,2,0}'),
        (7, '2026-03-01T23:00Z', 'listSellerProducts', 3, 5, 1, 1, 1, 1, 1, 10, '{0,4,1}'),
        (7, '2026-03-02T00:00Z', 'listSellerProducts', 3, 1, 1, 0, 0, 0, 0, 1, '{1,0,0}'),
        (7, '2026-03-01T05:00Z', 'getSellerProduct', 3, 2, 0, 0, 0, 0, 2, 8, '{0,0,2}')`);
      expect(await migrate(db, migrations)).toContain('008-request-usage-daily.sql');
      const daily = await db.query(
        `SELECT token_id, day, operation_id, user_id, calls, ok, client_error, unauthorized, too_many, server_error, duration_ms_sum, latency_buckets
           FROM request_usage_daily ORDER BY day, operation_id`,
      );
      expect(daily).toEqual([
        {
          token_id: 7,
          day: new Date('2026-03-01T00:00Z'),
          operation_id: 'getSellerProduct',
          user_id: 3,
          calls: 2,
          ok: 0,
          client_error: 0,
          unauthorized: 0,
          too_many: 0,
          server_error: 2,
          duration_ms_sum: 8,
          latency_buckets: [0, 0, 2],
        },
        {
          token_id: 7,
          day: new Date('2026-03-01T00:00Z'),
          operation_id: 'listSellerProducts',
          user_id: 3,
          calls: 8,
          ok: 3,
          client_error: 2,
          unauthorized: 1,
          too_many: 1,
          server_error: 1,
          duration_ms_sum: 14.5,
          latency_buckets: [1, 6, 1],
        },
        {
          token_id: 7,
          day: new Date('2026-03-02T00:00Z'),
          operation_id: 'listSellerProducts',
          user_id: 3,
          calls: 1,
          ok: 1,
          client_error: 0,
          unauthorized: 0,
          too_many: 0,
          server_error: 0,
          duration_ms_sum: 1,
          latency_buckets: [1, 0, 0],
        },
      ]);
    } finally {
      await close();
    }
  });
});
