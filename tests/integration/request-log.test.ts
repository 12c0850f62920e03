/**
 * The request log and usage operations on the real server: what a call records (and never records),
 * batching into the log and the hourly rollups, scoping to the caller (another user's entry is 404),
 * filters and keyset paging, the CSV download, deleted tokens, retention by day partitions, and the
 * buffer's figures on /healthz.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Entry = {
  id: number;
  time: string;
  tokenId: number;
  tokenTitle: string | null;
  tokenDeleted: boolean;
  operationId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  responseBytes: number;
  userAgent: string | null;
  clientAddress: string | null;
};
type Page = { data: Entry[]; nextCursor: string | null };
type TokenBody = { data: { id: number; token: string } };

let server: TestServer;
let seller: Client;
let otherSeller: Client;
let token: { id: number; token: string };
let second: { id: number; token: string };

async function createToken(client: Client, title: string): Promise<{ id: number; token: string }> {
  const response = await client.post<TokenBody>('/api/auth/token', { title, description: 'request log test' });
  expect(response.status).toBe(201);
  return response.body.data;
}

const logPage = async (client: Client, query = '') => (await client.get<Page>(`/api/usage/requests${query}`)).body;

beforeAll(async () => {
  server = await startTestServer();
  seller = server.client();
  await seller.login();
  otherSeller = server.client();
  // The demo's second seller account.
  await otherSeller.login('seller2@example.com');
  token = await createToken(seller, 'Log token');
  second = await createToken(seller, 'Second token');
});
afterAll(async () => server?.close());

describe('the column table', () => {
  it('declares every column of request_log but its id, with the type the migration gives it', async () => {
    const { STORED_COLUMNS } = await import('../../src/server/request-log/columns.ts');
    const types = { timestamptz: 'timestamp with time zone', integer: 'integer', smallint: 'smallint', real: 'real', text: 'text' };
    const columns = await server.db.query<{ name: string; type: string }>(
      `SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_name = 'request_log' AND column_name <> 'id' ORDER BY column_name`,
    );
    const declared = STORED_COLUMNS.map((column) => ({ name: column.sql, type: types[column.type] }));
    expect(columns).toEqual(declared.sort((a, b) => (a.name < b.name ? -1 : 1)));
  });
});

describe('recording', () => {
  it('records every public call of a known token after the answer, in batches, with every field a log entry records', async () => {
    const started = Date.now();
    expect(
      (await seller.api('/api/v1/seller/orders/normal?page=0&size=5', token.token, { headers: { 'user-agent': 'sync-bot/1.0 ' + 'x'.repeat(300) } })).status,
    ).toBe(200);
    expect((await seller.api('/api/seller/products?size=2', token.token)).status).toBe(200);
    expect((await seller.api('/api/v1/seller/products/999999', token.token)).status).toBe(404);
    expect((await seller.api('/api/v1/seller/products?size=0', token.token)).status).toBe(400);
    await server.app.flushRequestLog();
    const page = await logPage(seller, `?tokenId=${token.id}`);
    expect(page.data.map((entry) => [entry.operationId, entry.status])).toEqual([
      ['listSellerProducts', 400],
      ['getSellerProduct', 404],
      ['listSellerProducts', 200],
      ['listSellerNormalOrders', 200],
    ]);
    const first = page.data[3]!;
    expect(first).toMatchObject({
      tokenId: token.id,
      tokenTitle: 'Log token',
      tokenDeleted: false,
      method: 'GET',
      path: '/api/v1/seller/orders/normal?page=0&size=5',
      clientAddress: '127.0.0.1',
    });
    expect(first.userAgent).toHaveLength(200);
    expect(first.userAgent!.startsWith('sync-bot/1.0 ')).toBe(true);
    expect(first.responseBytes).toBeGreaterThan(100);
    expect(first.durationMs).toBeGreaterThan(0);
    expect(Date.parse(first.time)).toBeGreaterThanOrEqual(started - 1000);
    expect(page.data[2]!.path).toBe('/api/seller/products?size=2');
  });

  it('attributes a refused call (403, scope) to its token; counts unknown tokens only in aggregate', async () => {
    const limited = await seller.post<TokenBody>('/api/auth/token', { title: 'Products only', description: 'scoped', scopes: ['products'] });
    const scoped = limited.body.data;
    expect((await seller.api('/api/v1/seller/orders/normal', scoped.token)).status).toBe(403);
    const before = server.app.requestLogStats().unattributed;
    expect((await seller.api('/api/v1/seller/orders/normal', undefined)).status).toBe(401);
    expect((await seller.api('/api/v1/seller/orders/normal', 'acme_s_notarealtoken')).status).toBe(401);
    await server.app.flushRequestLog();
    expect(server.app.requestLogStats().unattributed).toBe(before + 2);
    const page = await logPage(seller, `?tokenId=${scoped.id}`);
    expect(page.data.map((entry) => entry.status)).toEqual([403]);
    // Portal calls are not public calls: none logged.
    const all = await logPage(seller);
    expect(all.data.every((entry) => entry.path.startsWith('/api/v1/') || entry.path.startsWith('/api/seller/'))).toBe(true);
  });

  it('never stores, exports or logs a token value, even one sent in the query', async () => {
    const value = second.token;
    expect((await seller.api(`/api/v1/seller/warehouses?token=${value}&size=3`, value)).status).toBe(200);
    await server.app.flushRequestLog();
    const rows = JSON.stringify(await server.db.query('SELECT * FROM request_log'));
    expect(rows).not.toContain(value);
    expect(rows).toContain('token=[redacted]');
    const csv = await seller.get(`/api/usage/requests.csv?tokenId=${second.id}`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('[redacted]');
    expect(csv.text).not.toContain(value);
    expect(server.logs()).not.toContain(value);
    expect(server.logs()).not.toContain(token.token);
  });

  it('stores every field as captured, whatever its text: quotes, backslashes, braces, commas, NULL, empty, non-ASCII', async () => {
    const { createPostgresRequestLogStore } = await import('../../src/server/request-log/postgres-store.ts');
    const agents = ['say "hi"', 'back\\slash\\', '{a,b}', 'NULL', '', 'Grüße 😀', null, 'say "hi"'];
    const time = new Date(Date.now() - 1_234);
    const entries = agents.map((userAgent, i) => ({
      time: new Date(time.getTime() + i),
      userId: 1,
      tokenId: 424_242,
      operationId: i % 2 === 0 ? 'listSellerWarehouses' : 'getSellerWarehouse',
      method: 'GET',
      path: `/api/v1/seller/warehouses?q=${encodeURIComponent(userAgent ?? '')}`,
      status: 200 + i,
      durationMs: 0.25 * i,
      responseBytes: 1_000 + i,
      userAgent,
      clientAddress: i === 3 ? null : `10.0.0.${i}`,
    }));
    await createPostgresRequestLogStore(server.db).append(entries);
    const rows = await server.db.query<Record<string, unknown>>(
      `SELECT logged_at AS time, user_id AS "userId", token_id AS "tokenId", operation_id AS "operationId", method, path, status::int AS status,
              duration_ms::float8 AS "durationMs", response_bytes AS "responseBytes", user_agent AS "userAgent", client_address AS "clientAddress"
         FROM request_log WHERE token_id = 424242 ORDER BY logged_at`,
    );
    expect(rows).toEqual(entries);
  });

  it('reports the buffer on /healthz', async () => {
    const health = await seller.get<{ status: string; requestLog: { buffered: number; dropped: number; written: number } }>('/healthz', { unchecked: true });
    expect(health.body.status).toBe('ok');
    expect(health.body.requestLog.dropped).toBe(0);
    expect(health.body.requestLog.written).toBeGreaterThanOrEqual(6);
  });
});

describe('reading', () => {
  it('pages by keyset, 50 a page, newest first, with filters', async () => {
    for (let i = 0; i < 30; i += 1) await seller.api(`/api/v1/seller/warehouses?page=${i}`, second.token);
    for (let i = 0; i < 30; i += 1) await seller.api(`/api/v1/seller/warehouses/99999${i}`, second.token);
    await server.app.flushRequestLog();
    const first = await logPage(seller, `?tokenId=${second.id}`);
    expect(first.data).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const next = await logPage(seller, `?tokenId=${second.id}&cursor=${first.nextCursor}`);
    expect(next.data).toHaveLength(11);
    expect(next.nextCursor).toBeNull();
    const ids = [...first.data, ...next.data].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(61);
    const times = [...first.data, ...next.data].map((entry) => Date.parse(entry.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const notFound = await logPage(seller, `?tokenId=${second.id}&status=4xx&operation=getSellerWarehouse`);
    expect(notFound.data).toHaveLength(30);
    expect(notFound.data.every((entry) => entry.status === 404 && entry.operationId === 'getSellerWarehouse')).toBe(true);
    expect((await logPage(seller, `?tokenId=${second.id}&status=5xx`)).data).toEqual([]);
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const older = new Date(Date.now() - 2 * 86_400_000).toISOString();
    expect((await logPage(seller, `?from=${past}&to=${older}`)).data).toEqual([]);
  });

  it('answers 400 naming the parameter for a bad range, cursor or filter', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/api/usage/requests?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', /^from must be before to/],
      ['/api/usage/series?from=yesterday', /^from /],
      ['/api/usage/requests?cursor=abc', /^cursor /],
      ['/api/usage/requests?status=6xx', /^status /],
      ['/api/usage/requests?tokenId=0', /^tokenId /],
      ['/api/usage/operations?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', /^from must be at most/],
    ];
    for (const [path, message] of cases) {
      const response = await seller.get<{ message: string }>(path);
      expect(response.status, path).toBe(400);
      expect(response.body.message, path).toMatch(message);
    }
  });

  it("shows a user only their own calls: another user sees none, and another user's entry is 404", async () => {
    const mine = (await logPage(seller)).data[0]!;
    expect((await seller.get(`/api/usage/requests/${mine.id}`)).body).toEqual({ data: mine });
    expect((await otherSeller.get(`/api/usage/requests/${mine.id}`)).status).toBe(404);
    expect((await otherSeller.get(`/api/usage/requests/999999999`)).status).toBe(404);
    expect((await logPage(otherSeller)).data).toEqual([]);
    expect((await otherSeller.get<{ data: unknown[] }>('/api/usage/series')).body).toMatchObject({ points: [], totals: { calls: 0, p95Ms: null } });
    expect((await otherSeller.get(`/api/usage/requests.csv`)).text.trim().split('\r\n')).toHaveLength(1);
    expect((await server.client().get('/api/usage/requests')).status).toBe(401);
  });

  it('reads charts, totals and per-operation figures from the hourly rollups', async () => {
    const rollups = await server.db.query<{ calls: number }>('SELECT sum(calls)::int AS calls FROM request_usage_hourly');
    const logged = await server.db.query<{ calls: number }>('SELECT count(*)::int AS calls FROM request_log');
    expect(rollups[0]!.calls).toBe(logged[0]!.calls);

    type Series = {
      bucket: string;
      points: Array<{ start: string; ok: number; clientError: number; unauthorized: number; tooManyRequests: number; serverError: number }>;
      totals: { calls: number; errorRate: number; p50Ms: number; p95Ms: number; busiestOperation: string };
    };
    const series = (await seller.get<Series>(`/api/usage/series?tokenId=${second.id}`)).body;
    expect(series.bucket).toBe('hour');
    const sum = series.points.reduce(
      (total, point) => total + point.ok + point.clientError + point.unauthorized + point.tooManyRequests + point.serverError,
      0,
    );
    expect(sum).toBe(61);
    expect(series.totals).toMatchObject({ calls: 61, busiestOperation: 'listSellerWarehouses' });
    expect(series.totals.errorRate).toBeCloseTo(30 / 61, 3);
    expect(series.totals.p95Ms).toBeGreaterThanOrEqual(series.totals.p50Ms);

    const month = (await seller.get<Series>(`/api/usage/series?from=${new Date(Date.now() - 30 * 86_400_000).toISOString()}`)).body;
    expect(month.bucket).toBe('day');
    expect(month.totals.calls).toBe(logged[0]!.calls);

    const operations = (
      await seller.get<{ data: Array<{ operationId: string; calls: number; errorRate: number; p95Ms: number }> }>(`/api/usage/operations?tokenId=${second.id}`)
    ).body.data;
    expect(operations.map((row) => [row.operationId, row.calls, row.errorRate])).toEqual([
      ['listSellerWarehouses', 31, 0],
      ['getSellerWarehouse', 30, 1],
    ]);

    const tokens = (
      await seller.get<{ data: Array<{ tokenId: number; title: string; calls: number; daily: number[]; deleted: boolean }> }>('/api/usage/tokens')
    ).body.data;
    const secondUsage = tokens.find((row) => row.tokenId === second.id);
    expect(secondUsage).toMatchObject({ title: 'Second token', calls: 61, deleted: false });
    expect(secondUsage!.daily[6]).toBe(61);
    expect(secondUsage!.daily.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('streams the filtered log as CSV', async () => {
    const response = await seller.get(`/api/usage/requests.csv?tokenId=${second.id}&status=4xx`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="request-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.text.trim().split('\r\n');
    expect(lines[0]).toBe('time,token,token_deleted,operation,method,path,status,duration_ms,response_bytes,user_agent,client_address');
    expect(lines).toHaveLength(31);
    expect(lines[1]).toMatch(/^\d{4}-[^,]+,Second token,false,getSellerWarehouse,GET,\/api\/v1\/seller\/warehouses\/99999\d+,404,/);
  });

  it('keeps a deleted token\'s calls, labelled with its title and "deleted"', async () => {
    const doomed = await createToken(seller, 'Doomed token');
    await seller.api('/api/v1/seller/warehouses', doomed.token);
    await server.app.flushRequestLog();
    expect((await seller.delete(`/api/auth/token/${doomed.token}`)).status).toBe(204);
    const page = await logPage(seller, `?tokenId=${doomed.id}`);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ tokenTitle: 'Doomed token', tokenDeleted: true });
    const tokens = (await seller.get<{ data: Array<{ tokenId: number; deleted: boolean; title: string }> }>('/api/usage/tokens')).body.data;
    expect(tokens.find((row) => row.tokenId === doomed.id)).toMatchObject({ deleted: true, title: 'Doomed token' });
  });
});

describe('retention', () => {
  it('drops day partitions past REQUEST_LOG_DAYS and creates days ahead; old rollups go too', async () => {
    const partitions = async () =>
      (
        await server.db.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'request_log'::regclass ORDER BY 1`,
        )
      ).map((row) => row.name);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    expect(await partitions()).toEqual(expect.arrayContaining([`request_log_p${day(0)}`, `request_log_p${day(7)}`, 'request_log_default']));
    // An old day, with a call and its rollup, as if written 40 days ago.
    const old = new Date(Date.now() - 40 * 86_400_000);
    const oldDay = old.toISOString().slice(0, 10);
    await server.db.exec(
      `CREATE TABLE request_log_p${oldDay.replace(/-/g, '')} PARTITION OF request_log FOR VALUES FROM ('${oldDay}T00:00:00Z') TO ('${oldDay}T00:00:00Z'::timestamptz + interval '1 day')`,
    );
    await server.db.query(
      `INSERT INTO request_log (logged_at, user_id, token_id, operation_id, method, path, status, duration_ms, response_bytes)
       SELECT $1, user_id, id, 'listSellerWarehouses', 'GET', '/old', 200, 1, 1 FROM api_tokens WHERE id = $2`,
      [old.toISOString(), token.id],
    );
    await server.db.query(
      `INSERT INTO request_usage_hourly SELECT token_id, date_trunc('hour', logged_at), operation_id, user_id, 1, 1, 0, 0, 0, 0, 1, '{1}' FROM request_log WHERE path = '/old'`,
    );
    await server.db.query(
      `INSERT INTO request_usage_daily SELECT token_id, date_trunc('day', logged_at, 'UTC'), operation_id, user_id, 1, 1, 0, 0, 0, 0, 1, '{1}' FROM request_log WHERE path = '/old'`,
    );
    const { createPostgresRequestLogStore } = await import('../../src/server/request-log/postgres-store.ts');
    expect(await createPostgresRequestLogStore(server.db).applyRetention(30)).toBe(1);
    expect(await partitions()).not.toContain(`request_log_p${oldDay.replace(/-/g, '')}`);
    expect(await server.db.query(`SELECT 1 FROM request_log WHERE path = '/old'`)).toEqual([]);
    // Rollups go by whole UTC days, as the partitions do: nothing before the oldest kept day.
    const oldestKeptDay = `((now() AT TIME ZONE 'UTC')::date - 30)::timestamp AT TIME ZONE 'UTC'`;
    expect(await server.db.query(`SELECT 1 FROM request_usage_hourly WHERE hour < ${oldestKeptDay}`)).toEqual([]);
    expect(await server.db.query(`SELECT 1 FROM request_usage_daily WHERE day < ${oldestKeptDay}`)).toEqual([]);
    // Today's calls are untouched.
    expect((await logPage(seller)).data.length).toBeGreaterThan(0);
  });

  it('makes room for the days ahead before the first write when tomorrow has none (a server stopped for over a week)', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    const exists = async (offset: number) =>
      (await server.db.query<{ found: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS found`, [`request_log_p${day(offset)}`]))[0]?.found;
    for (let offset = 1; offset <= 7; offset += 1) await server.db.exec(`DROP TABLE IF EXISTS request_log_p${day(offset)}`);
    expect(await exists(1)).toBe(false);
    const { createPostgresRequestLogStore } = await import('../../src/server/request-log/postgres-store.ts');
    await createPostgresRequestLogStore(server.db).ensureDaysAhead();
    for (let offset = 0; offset <= 7; offset += 1) expect(await exists(offset), `day +${offset}`).toBe(true);
  });
});

describe('configuration', () => {
  it('REQUEST_LOG_DAYS is an integer of days from 1 to 365; anything else stops the server naming it', async () => {
    const { ConfigError, parseConfig } = await import('../../src/server/config.ts');
    expect(parseConfig({ REQUEST_LOG_DAYS: '7' }).requestLogDays).toBe(7);
    expect(parseConfig({}).requestLogDays).toBe(30);
    for (const bad of ['0', '366', '1.5', 'month']) {
      expect(() => parseConfig({ REQUEST_LOG_DAYS: bad })).toThrow(ConfigError);
      expect(() => parseConfig({ REQUEST_LOG_DAYS: bad })).toThrow(/REQUEST_LOG_DAYS must be an integer from 1 to 365/);
    }
  });

  it('REQUEST_LOG=false records nothing', async () => {
    const quiet = await startTestServer({ env: { REQUEST_LOG: 'false' } });
    try {
      const client = quiet.client();
      await client.login();
      const value = await client.createToken('not logged', 'REQUEST_LOG=false');
      expect((await client.api('/api/v1/seller/warehouses', value)).status).toBe(200);
      await quiet.app.flushRequestLog();
      expect(await quiet.db.query('SELECT 1 FROM request_log')).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe('shutdown', () => {
  it('a graceful close writes what is still buffered', async () => {
    const own = await startTestServer();
    try {
      const client = own.client();
      await client.login();
      const value = await client.createToken('flushed on close', 'shutdown');
      for (let i = 0; i < 5; i += 1) expect((await client.api('/api/v1/seller/warehouses', value)).status).toBe(200);
      await own.app.close();
      const { openDatabase } = await import('../../src/server/db/open-database.ts');
      const db = await openDatabase({ databaseUrl: own.config.databaseUrl, dataDir: own.config.dataDir });
      try {
        expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM request_log'))[0]!.n).toBe(5);
      } finally {
        await db.close();
      }
    } finally {
      await own.database.drop();
    }
  });
});
