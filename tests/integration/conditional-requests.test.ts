/**
 * Conditional requests and the per-owner response cache, on PGlite and PostgreSQL: a strong ETag on every
 * public 200, stable while the data is, new after a change made with plain SQL; If-None-Match answers 304
 * with no body, not counted in RateLimit-Remaining, and only for a valid token with access; cached answers
 * never cross owners. On PostgreSQL: two replicas each see a change within 100 ms (NOTIFY), and a replica
 * whose listener is down serves nothing from its cache.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../src/server/db/postgres-listener.ts';
import { catalogueCalls } from './support/catalogue-calls.ts';
import type { Client } from './support/http-client.ts';
import { TEST_DATABASE } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const LIST = '/api/v1/seller/orders/normal?page=0&size=10';
const ETAG_SHAPE = /^"[A-Za-z0-9_-]{43}"$/;

type Page = { page: number; lastPage: number; data: Array<{ id: number; trackingNumber: string | null; products: Array<{ productName: string }> }> };

let server: TestServer;
let client: Client;
let token: string;

/** The first normal order of seller 1 (id and position 1 in its list). */
async function firstOrderId(sellerId = 1): Promise<number> {
  const [row] = await server.db.query<{ id: number }>('SELECT id FROM normal_orders WHERE seller_id = $1 ORDER BY seller_seq LIMIT 1', [sellerId]);
  if (row === undefined) throw new Error('no orders seeded');
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  client = server.client();
  await client.login();
  token = await client.createToken();
});
afterAll(async () => server?.close());

describe('ETag', () => {
  it('is on every public 200 with Cache-Control private, no-cache, and the same for unchanged data', async () => {
    // Each detail at a row of its own list, so every call answers 200 with data to tag.
    const calls = await catalogueCalls('seller', async (path) => (await client.api(`/api/v1${path}`, token)).body);
    for (const call of calls) {
      const path = `/api/v1${call.path}`;
      const first = await client.api(path, token);
      expect(first.status, path).toBe(200);
      expect(first.headers.get('etag'), path).toMatch(ETAG_SHAPE);
      expect(first.headers.get('cache-control'), path).toBe('private, no-cache');
      const again = await client.api(path, token);
      expect(again.headers.get('etag'), path).toBe(first.headers.get('etag'));
      expect(again.text, path).toBe(first.text);
    }
  });

  it('changes when the data changes with plain SQL, and the body shows the change', async () => {
    const id = await firstOrderId();
    const before = await client.api<Page>(LIST, token);
    await server.db.query('UPDATE normal_orders SET tracking_number = $1 WHERE id = $2', ['TRK-ETAG-1', id]);
    await expect.poll(async () => (await client.api<Page>(LIST, token)).body.data[0]?.trackingNumber, { timeout: 1000, interval: 10 }).toBe('TRK-ETAG-1');
    const after = await client.api<Page>(LIST, token);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('changes when a product named in an order line changes (the order embeds it)', async () => {
    const id = await firstOrderId();
    const [line] = await server.db.query<{ product_id: number }>('SELECT product_id FROM order_items WHERE order_id = $1 ORDER BY line_no LIMIT 1', [id]);
    const before = await client.api<Page>(`/api/v1/seller/orders/normal/${id}`, token);
    await server.db.query('UPDATE products SET product_name = $1 WHERE id = $2', ['Renamed by test', line?.product_id]);
    await expect
      .poll(async () => (await client.api<Page['data'][number]>(`/api/v1/seller/orders/normal/${id}`, token)).body.products[0]?.productName, {
        timeout: 1000,
        interval: 10,
      })
      .toBe('Renamed by test');
    const after = await client.api(`/api/v1/seller/orders/normal/${id}`, token);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});

describe('If-None-Match', () => {
  it('answers 304 with no body for the current tag, and 200 for an old or foreign one', async () => {
    const current = await client.api(LIST, token);
    const etag = current.headers.get('etag') ?? '';
    const notModified = await client.api(LIST, token, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    // A list of tags, weak form included, and *.
    expect((await client.api(LIST, token, { headers: { 'if-none-match': `"old", W/${etag}` } })).status).toBe(304);
    expect((await client.api(LIST, token, { headers: { 'if-none-match': '*' } })).status).toBe(304);
    const stale = await client.api(LIST, token, { headers: { 'if-none-match': '"not-the-current-tag"' } });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(current.text);
    // Another page's tag is not this page's.
    expect((await client.api('/api/v1/seller/orders/normal?page=1&size=10', token, { headers: { 'if-none-match': etag } })).status).toBe(200);
  });

  it('does not count a 304 in RateLimit-Remaining, cached or read from the database', async () => {
    const fresh = await client.createToken('rate test');
    const first = await client.api(LIST, fresh);
    const etag = first.headers.get('etag') ?? '';
    const remaining = Number(first.headers.get('ratelimit-remaining'));
    for (let i = 0; i < 5; i++) {
      const answer = await client.api(LIST, fresh, { headers: { 'if-none-match': etag } });
      expect(answer.status).toBe(304);
      expect(Number(answer.headers.get('ratelimit-remaining'))).toBe(remaining);
    }
    // Not cached (the cache emptied): the database is read, and the 304 still costs nothing.
    server.app.responseCache.clear();
    const uncached = await client.api(LIST, fresh, { headers: { 'if-none-match': etag } });
    expect(uncached.status).toBe(304);
    expect(Number(uncached.headers.get('ratelimit-remaining'))).toBe(remaining);
    const next = await client.api(LIST, fresh);
    expect(next.status).toBe(200);
    expect(Number(next.headers.get('ratelimit-remaining'))).toBe(remaining - 1);
  });

  it('needs a valid token with access: no token, no 304', async () => {
    const etag = (await client.api(LIST, token)).headers.get('etag') ?? '';
    expect((await client.api(LIST, undefined, { headers: { 'if-none-match': etag } })).status).toBe(401);
    const revoked = await client.createToken('to delete');
    expect((await client.api(LIST, revoked, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await client.delete(`/api/auth/token/${encodeURIComponent(revoked)}`)).status).toBeLessThan(300);
    expect((await client.api(LIST, revoked, { headers: { 'if-none-match': etag } })).status).toBe(401);
    const warehouseClient = server.client();
    await warehouseClient.login('warehouse@example.com', 'WAREHOUSE');
    const warehouseToken = await warehouseClient.createToken();
    expect((await client.api(LIST, warehouseToken, { headers: { 'if-none-match': etag } })).status).toBe(401);
    const productsOnly = await client.post<{ data: { token: string } }>('/api/auth/token', { title: 'p', description: 'd', scopes: ['products'] });
    expect((await client.api(LIST, productsOnly.body.data.token, { headers: { 'if-none-match': etag } })).status).toBe(403);
  });
});

describe('owner isolation', () => {
  it('gives two sellers asking the same page their own rows, and one seller`s tag means nothing to the other', async () => {
    const other = server.client();
    await other.login('seller2@example.com');
    const otherToken = await other.createToken();
    const mine = await client.api<Page>(LIST, token);
    const theirs = await other.api<Page>(LIST, otherToken);
    const idsOf = async (sellerId: number) =>
      (await server.db.query<{ id: number }>('SELECT id FROM normal_orders WHERE seller_id = $1 ORDER BY seller_seq LIMIT 10', [sellerId])).map(
        (row) => row.id,
      );
    expect(mine.body.data.map((row) => row.id)).toEqual(await idsOf(1));
    expect(theirs.body.data.map((row) => row.id)).toEqual(await idsOf(3));
    expect(theirs.headers.get('etag')).not.toBe(mine.headers.get('etag'));
    // Asked again (now cached for both), each still gets its own.
    expect((await other.api(LIST, otherToken)).text).toBe(theirs.text);
    expect((await client.api(LIST, token)).text).toBe(mine.text);
    expect((await other.api(LIST, otherToken, { headers: { 'if-none-match': mine.headers.get('etag') ?? '' } })).status).toBe(200);
    // A change to seller 2's data leaves seller 1's answer (and tag) alone.
    await server.db.query('UPDATE normal_orders SET tracking_number = $1 WHERE id = $2', ['TRK-OTHER', await firstOrderId(3)]);
    await expect.poll(async () => (await other.api<Page>(LIST, otherToken)).body.data[0]?.trackingNumber, { timeout: 1000, interval: 10 }).toBe('TRK-OTHER');
    expect((await client.api(LIST, token, { headers: { 'if-none-match': mine.headers.get('etag') ?? '' } })).status).toBe(304);
  });
});

describe('eviction', () => {
  it('serves from the cache until the owner`s data changes, then the new data at once', async () => {
    const id = await firstOrderId();
    await client.api(LIST, token);
    const cached = server.app.responseCache.size.entries;
    expect(cached).toBeGreaterThan(0);
    // PGlite delivers the notification as the statement commits; PostgreSQL within milliseconds.
    await server.db.query('UPDATE normal_orders SET tracking_number = $1 WHERE id = $2', ['TRK-EVICT', id]);
    const started = Date.now();
    await expect.poll(async () => (await client.api<Page>(LIST, token)).body.data[0]?.trackingNumber, { timeout: 1000, interval: 5 }).toBe('TRK-EVICT');
    expect(Date.now() - started).toBeLessThan(100);
    if (TEST_DATABASE === 'pglite') {
      // In process: the very next call already sees it.
      await server.db.query('UPDATE normal_orders SET tracking_number = $1 WHERE id = $2', ['TRK-EVICT-2', id]);
      expect((await client.api<Page>(LIST, token)).body.data[0]?.trackingNumber).toBe('TRK-EVICT-2');
    }
  });

  it('clears every owner on TRUNCATE', async () => {
    await client.api('/api/v1/seller/orders/return?page=0&size=10', token);
    await server.db.query('TRUNCATE return_items');
    await expect.poll(() => server.app.responseCache.size.entries, { timeout: 1000, interval: 5 }).toBe(0);
  });
});

if (TEST_DATABASE === 'postgres') {
  describe('two replicas on PostgreSQL', () => {
    let replica: TestServer;
    let sql: pg.Client;
    beforeAll(async () => {
      replica = await startTestServer({ database: server.database, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
      sql = new pg.Client({ connectionString: server.database.databaseUrl });
      await sql.connect();
    });
    afterAll(async () => {
      await sql?.end();
      await replica?.close();
    });

    it('each replica returns the new data within 100 ms of a change made with plain SQL on another connection', async () => {
      const id = await firstOrderId();
      const replicaClient = replica.client();
      for (const [label, value] of [
        ['first', 'TRK-R1'],
        ['second', 'TRK-R2'],
      ] as const) {
        // Both replicas have the page cached.
        await client.api(LIST, token);
        await replicaClient.api(LIST, token);
        expect(server.app.responseCache.size.entries, label).toBeGreaterThan(0);
        expect(replica.app.responseCache.size.entries, label).toBeGreaterThan(0);
        await sql.query('UPDATE normal_orders SET tracking_number = $1 WHERE id = $2', [value, id]);
        const changed = Date.now();
        const seen = await Promise.all(
          [client, replicaClient].map(async (c) => {
            for (;;) {
              if ((await c.api<Page>(LIST, token)).body.data[0]?.trackingNumber === value) return Date.now() - changed;
              if (Date.now() - changed > 1000) return Infinity;
            }
          }),
        );
        for (const ms of seen) expect(ms, label).toBeLessThan(100);
      }
    });

    it('serves nothing from its cache while its listener is down, and caches again once it reconnects', async () => {
      const id = await firstOrderId();
      const replicaClient = replica.client();
      await replicaClient.api(LIST, token);
      expect(replica.app.responseCache.size.entries).toBeGreaterThan(0);
      // Drop both replicas' listener connections: no notification can reach them now.
      await sql.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
        LISTENER_APPLICATION_NAME,
      ]);
      await expect.poll(() => replica.app.responseCache.size.entries, { timeout: 1000, interval: 5 }).toBe(0);
      await sql.query('UPDATE normal_orders SET tracking_number = $1 WHERE id = $2', ['TRK-DOWN', id]);
      // Read from the database, not kept: the cache stays empty while the listener is away.
      expect((await replicaClient.api<Page>(LIST, token)).body.data[0]?.trackingNumber).toBe('TRK-DOWN');
      expect(replica.app.responseCache.size.entries).toBe(0);
      // Back after its reconnect delay (1 s): answers are cached again.
      await expect
        .poll(
          async () => {
            await replicaClient.api(LIST, token);
            return replica.app.responseCache.size.entries;
          },
          { timeout: 5000, interval: 100 },
        )
        .toBeGreaterThan(0);
    });
  });
}
