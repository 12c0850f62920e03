/**
 * The public API: every operation's success on both spellings (/api/v1 and /api), paging, scoping to
 * the token's account, validation (400 naming the parameter), 404, 405, and index-backed paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueOperation } from '../../src/shared/portal-data/catalogue.ts';
import { catalogueCall, catalogueOperations, listOfDetail } from './support/catalogue-calls.ts';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let seller: Client;
let warehouse: Client;
let sellerToken: string;
let warehouseToken: string;
/** The client and token of the operation's family. */
const caller = (op: CatalogueOperation) => (op.family === 'seller' ? { client: seller, token: sellerToken } : { client: warehouse, token: warehouseToken });

type List = { page: number; size: number; lastPage: number; data: Array<{ id?: number; import?: { id: number } }> };
const idOf = (row: List['data'][number]) => row.id ?? row.import?.id ?? 0;

beforeAll(async () => {
  server = await startTestServer();
  seller = server.client();
  warehouse = server.client();
  await seller.login('seller@example.com', 'SELLER');
  await warehouse.login('warehouse@example.com', 'WAREHOUSE');
  sellerToken = await seller.createToken();
  warehouseToken = await warehouse.createToken();
});
afterAll(async () => server?.close());

describe('every public operation answers with data that matches the spec', () => {
  const lists = catalogueOperations().filter((op) => op.mode === 'list');
  it.each(lists.map((op) => [op.operationId, op] as const))('%s lists several pages on /api/v1 and /api alike', async (_id, op) => {
    const { client, token } = caller(op);
    const v1 = await client.api<List>(`/api/v1${op.path}`, token);
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ page: 0, size: 10 });
    expect(v1.body.data.length).toBe(10);
    expect(v1.body.lastPage).toBeGreaterThanOrEqual(1);
    const ids = v1.body.data.map(idOf);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const alias = await client.api<List>(`/api${op.path}`, token);
    expect(alias.text).toBe(v1.text);
  });

  const details = catalogueOperations().filter((op) => op.mode === 'detail');
  it.each(details.map((op) => [op.operationId, op] as const))('%s returns one row of the list', async (_id, op) => {
    const { client, token } = caller(op);
    // The second page's first row, so the id is not simply the first one.
    const readList = async (path: string) => (await client.api<List>(`/api/v1${path}`, token)).body;
    const call = await catalogueCall(op, readList, { listQuery: 'size=3&page=1' });
    const detail = await client.api<{ id?: number; import?: { id: number } }>(`/api/v1${call.path}`, token);
    expect(detail.status).toBe(200);
    const list = listOfDetail(op);
    if (list?.rowId) {
      const id = call.pathValues[op.idParam ?? ''];
      expect(id).toBeGreaterThan(0);
      expect(list.rowId.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], detail.body)).toBe(id);
    }
    expect((await client.api(`/api${call.path}`, token)).text).toBe(detail.text);
  });
});

describe('paging', () => {
  it('walks every page of normal orders once, in id order, and ends with lastPage', async () => {
    const first = await seller.api<List>('/api/v1/seller/orders/normal?size=7', sellerToken);
    const seen: number[] = [];
    for (let page = 0; page <= first.body.lastPage; page += 1) {
      const response = await seller.api<List>(`/api/v1/seller/orders/normal?size=7&page=${page}`, sellerToken);
      expect(response.body.lastPage).toBe(first.body.lastPage);
      seen.push(...response.body.data.map(idOf));
    }
    expect(seen.length).toBeGreaterThanOrEqual(30);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const [{ count } = { count: 0 }] = await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM normal_orders WHERE seller_id = 1');
    expect(seen.length).toBe(count);
    expect(first.body.lastPage).toBe(Math.ceil(count / 7) - 1);
  });

  it('answers a page past the end with 200 and empty data', async () => {
    for (const page of [1000, 2_147_483_647]) {
      const response = await seller.api<List>(`/api/v1/seller/orders/normal?page=${page}&size=100`, sellerToken);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
      expect(response.body.page).toBe(page);
    }
  });

  it('pages by an index range scan on (owner, position), never a scan of the table', async () => {
    const plan = await server.db.query<Record<string, string>>(
      `EXPLAIN SELECT x.id FROM normal_orders x WHERE x.seller_id = 1 AND x.seller_seq > 500000 ORDER BY x.seller_seq LIMIT 10`,
    );
    const text = plan.map((row) => Object.values(row).join(' ')).join('\n');
    expect(text).toMatch(/Index Scan using normal_orders_seller_id_seller_seq_key/);
    expect(text).not.toMatch(/Seq Scan|Sort/);
    const last = await server.db.query<Record<string, string>>(`EXPLAIN SELECT COALESCE(MAX(x.seller_seq), 0) FROM normal_orders x WHERE x.seller_id = 1`);
    expect(last.map((row) => Object.values(row).join(' ')).join('\n')).toMatch(/Index (Only )?Scan (Backward )?using normal_orders_seller_id_seller_seq_key/);
  });
});

describe('data belongs to accounts', () => {
  it("answers 404 for another seller's order, quotation and product", async () => {
    const [other] = await server.db.query<{ order_id: number; quotation_id: number; product_id: number }>(
      `SELECT (SELECT min(id) FROM normal_orders WHERE seller_id = 3) AS order_id,
              (SELECT min(id) FROM quotations WHERE seller_id = 3) AS quotation_id,
              (SELECT min(id) FROM products WHERE seller_id = 3) AS product_id`,
    );
    expect(other).toBeDefined();
    for (const path of [`/seller/orders/normal/${other?.order_id}`, `/seller/quotations/${other?.quotation_id}`, `/seller/products/${other?.product_id}`]) {
      const response = await seller.api(`/api/v1${path}`, sellerToken);
      expect(response.status).toBe(404);
    }
  });

  it('shows a warehouse only what is addressed to it', async () => {
    const [counts] = await server.db.query<{ mine: number; total: number }>(
      `SELECT count(*) FILTER (WHERE warehouse_id = 1)::int AS mine, count(*)::int AS total FROM normal_orders`,
    );
    const list = await warehouse.api<List>('/api/v1/warehouse/orders/normal?size=100', warehouseToken);
    expect(list.body.data.length).toBe(Math.min(100, counts?.mine ?? 0));
    expect(counts?.mine).toBeLessThan(counts?.total ?? 0);
    const [foreign] = await server.db.query<{ id: number }>('SELECT min(id) AS id FROM normal_orders WHERE warehouse_id <> 1');
    expect((await warehouse.api(`/api/v1/warehouse/orders/normal/${foreign?.id}`, warehouseToken)).status).toBe(404);
  });

  it("lists the warehouses a seller works with, each with the seller's quotations there", async () => {
    const list = await seller.api<{ data: Array<{ id: number; quotation: Array<{ id: number }> }> }>('/api/v1/seller/warehouses?size=100', sellerToken);
    const [row] = await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM seller_warehouses WHERE seller_id = 1');
    expect(list.body.data.length).toBe(row?.count);
    const withQuotations = list.body.data.find((warehouseRow) => warehouseRow.quotation.length > 0);
    expect(withQuotations).toBeDefined();
  });
});

describe('requests that break the spec get 400 naming the parameter', () => {
  it.each([
    ['page=-1', 'page'],
    ['size=0', 'size'],
    ['size=101', 'size'],
    ['size=abc', 'size'],
    ['page=1.5', 'page'],
  ])('%s', async (queryString, name) => {
    const response = await seller.api<{ status: number; message: string }>(`/api/v1/seller/orders/normal?${queryString}`, sellerToken);
    expect(response.status).toBe(400);
    expect(response.body.status).toBe(400);
    expect(response.body.message).toMatch(new RegExp(`^${name} `));
  });

  it('id abc', async () => {
    const response = await seller.api<{ message: string }>('/api/v1/seller/orders/normal/abc', sellerToken);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^orderId /);
  });

  it("an id outside the spec's 1 to 2147483647 is 400 naming it; an unknown id inside is 404", async () => {
    for (const id of ['0', '2147483648', '99999999999', '9007199254740993']) {
      const response = await seller.api(`/api/v1/seller/orders/normal/${id}`, sellerToken);
      expect(response.body, id).toEqual({ status: 400, message: 'orderId must be an integer from 1 to 2147483647' });
    }
    expect((await seller.api('/api/v1/seller/orders/normal/2147483647', sellerToken)).status).toBe(404);
  });
});

describe('other methods and unknown paths', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s on a public path is 405 with Allow', async (method) => {
    const response = await seller.request<{ status: number }>(method, '/api/v1/seller/orders/normal', {
      headers: { 'acme-api-token': sellerToken },
      unchecked: true,
    });
    expect(response.status).toBe(405);
    expect(response.body.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
  });

  it('an unknown /api path is a JSON 404', async () => {
    for (const path of ['/api', '/api/nope', '/api/v1/seller/nope', '/api/v2/seller/orders/normal']) {
      const response = await seller.get<{ status: number }>(path, { unchecked: true });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: 404, message: 'Not found.' });
    }
  });

  it('a HEAD on a list answers like GET without a body', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/seller/orders/normal`, { method: 'HEAD', headers: { 'acme-api-token': sellerToken } });
    expect(response.status).toBe(200);
  });
});
