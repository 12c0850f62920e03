/**
 * The sandbox's simulation calls: each moves one row of the token's own sandbox a step along the sandbox's
 * lifecycle, answers what changed, and the public reads (and their ETags) show it at once. The last status
 * answers 409, someone else's row 404, a stock change below zero 400 naming the field, and nothing changes
 * then; a token without the domain is 403; a live token is 403 before anything is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestResponse } from './support/http-client.ts';
import { TOKEN_HEADER } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Result = {
  resourceId: number;
  resourceUrl: string;
  changes: Record<string, { previous: string | number; current: string | number }>;
  deliveriesQueued: number;
};

let server: TestServer;
let seller: { client: Client; token: string };
let warehouse: { client: Client; token: string };

async function signedIn(email: string, userType: 'SELLER' | 'WAREHOUSE'): Promise<{ client: Client; token: string }> {
  const client = server.client();
  await client.login(email, userType);
  return { client, token: await client.createToken('Simulations') };
}

const simulate = <T = Result>(who: { client: Client; token: string }, path: string, body?: unknown): Promise<TestResponse<T>> =>
  who.client.request<T>('POST', `/api/v1${path}`, { headers: { [TOKEN_HEADER]: who.token }, ...(body === undefined ? {} : { body }) });

async function firstRow(table: string, where: string, params: unknown[] = []): Promise<Record<string, unknown>> {
  const [row] = await server.db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE ${where} ORDER BY id LIMIT 1`, params);
  if (row === undefined) throw new Error(`no ${table} row where ${where}`);
  return row;
}

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  seller = await signedIn('seller@example.com', 'SELLER');
  warehouse = await signedIn('warehouse@example.com', 'WAREHOUSE');
});
afterAll(async () => server?.close());

describe('advancing a normal order', () => {
  it('moves it through the lifecycle to DELIVERED, shipping gives it a tracking number, then answers 409', async () => {
    const order = await firstRow('normal_orders', "seller_id = 1 AND status = 'NEW'");
    const before = await seller.client.api(`/api/v1/seller/orders/normal/${order.id}`, seller.token);
    const seen: string[] = [];
    for (const expected of ['CONFIRMED', 'PICKING', 'PACKED', 'SHIPPED', 'DELIVERED']) {
      const answer = await simulate(seller, `/seller/sandbox/orders/normal/${order.id}/advance`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-remaining')).not.toBeNull();
      expect(answer.body.changes.status?.current).toBe(expected);
      expect(answer.body.resourceUrl).toMatch(new RegExp(`/api/v1/seller/orders/normal/${order.id}$`));
      seen.push(String(answer.body.changes.status?.previous));
    }
    expect(seen).toEqual(['NEW', 'CONFIRMED', 'PICKING', 'PACKED', 'SHIPPED']);

    const after = await seller.client.api<{ status: string; warehouseStatus: string; trackingNumber: string | null }>(
      `/api/v1/seller/orders/normal/${order.id}`,
      seller.token,
      {
        headers: { 'if-none-match': String(before.headers.get('etag')) },
      },
    );
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ status: 'DELIVERED', warehouseStatus: 'DELIVERED' });
    expect(after.body.trackingNumber).not.toBeNull();

    const last = await simulate(seller, `/seller/sandbox/orders/normal/${order.id}/advance`);
    expect(last.status).toBe(409);
    expect(last.text).toContain(`Normal order ${order.id} is DELIVERED, the last status of the sandbox's lifecycle.`);
  });

  it("answers 404 for another seller's order and for an id that does not exist, and changes neither", async () => {
    const other = await firstRow('normal_orders', "seller_id <> 1 AND status = 'NEW'");
    expect((await simulate(seller, `/seller/sandbox/orders/normal/${other.id}/advance`)).status).toBe(404);
    expect((await simulate(seller, '/seller/sandbox/orders/normal/2147483000/advance')).status).toBe(404);
    expect((await firstRow('normal_orders', 'id = $1', [other.id])).status).toBe('NEW');
  });

  it('lets the warehouse move an order addressed to it, and refuses a seller token on the warehouse call', async () => {
    const [own] = await server.db.query<{ id: number }>(
      `SELECT o.id FROM normal_orders o JOIN warehouses w ON w.id = o.warehouse_id JOIN users u ON u.id = w.account_id
        WHERE u.email = 'warehouse@example.com' AND o.status = 'PACKED' ORDER BY o.id LIMIT 1`,
    );
    const answer = await simulate(warehouse, `/warehouse/sandbox/orders/normal/${own?.id}/advance`);
    expect(answer.status).toBe(200);
    expect(answer.body.changes).toEqual({ status: { previous: 'PACKED', current: 'SHIPPED' }, warehouseStatus: { previous: 'PACKED', current: 'SHIPPED' } });
    expect((await simulate(seller, `/warehouse/sandbox/orders/normal/${own?.id}/advance`)).status).toBe(401);
  });
});

describe('returns, quotations and imports', () => {
  it('advances a return order with the warehouse receiving it', async () => {
    const row = await firstRow('return_orders', "seller_id = 1 AND return_status = 'IN_TRANSIT'");
    const answer = await simulate(seller, `/seller/sandbox/orders/return/${row.id}/advance`);
    expect(answer.status).toBe(200);
    expect(answer.body.changes.returnStatus).toEqual({ previous: 'IN_TRANSIT', current: 'RECEIVED' });
    expect(answer.body.changes.warehouseReturnStatus).toEqual({ previous: 'WAITING', current: 'RECEIVED' });
  });

  it('approves a quotation with its approval date', async () => {
    const row = await firstRow('quotations', "seller_id = 1 AND progress_status = 'QUOTED'");
    const answer = await simulate(seller, `/seller/sandbox/quotations/${row.id}/advance`);
    expect(answer.body.changes).toEqual({ progressStatus: { previous: 'QUOTED', current: 'APPROVED' } });
    expect((await firstRow('quotations', 'id = $1', [row.id])).warehouse_approved_date).not.toBeNull();
  });

  it('receives an import into inventory: the import completes and the products at its warehouse grow, once', async () => {
    const row = await firstRow('imports', "seller_id = 1 AND status <> 'COMPLETED'");
    const productsBefore = await server.db.query<{ id: number; available_quantity: number }>(
      'SELECT id, available_quantity FROM products WHERE seller_id = $1 AND warehouse_id = $2 ORDER BY id LIMIT 5',
      [row.seller_id, row.warehouse_id],
    );
    const answer = await simulate(seller, `/seller/sandbox/imports/${row.id}/receive`);
    expect(answer.status).toBe(200);
    expect(answer.body.changes.status?.current).toBe('COMPLETED');
    for (const product of productsBefore) {
      expect((await firstRow('products', 'id = $1', [product.id])).available_quantity).toBe(product.available_quantity + 12);
    }
    const again = await simulate(seller, `/seller/sandbox/imports/${row.id}/receive`);
    expect(again.status).toBe(409);
    expect((await simulate(seller, `/seller/sandbox/imports/${row.id}/advance`)).status).toBe(409);
  });
});

describe('changing stock', () => {
  it('moves the available and remaining quantities, and refuses to go below zero naming the field', async () => {
    const product = await firstRow('products', 'seller_id = 1');
    const answer = await simulate(seller, `/seller/sandbox/products/${product.id}/stock`, { quantityChange: -1 });
    expect(answer.status).toBe(200);
    expect(answer.body.changes.availableQuantity).toEqual({ previous: product.available_quantity, current: Number(product.available_quantity) - 1 });

    const tooMany = await simulate(seller, `/seller/sandbox/products/${product.id}/stock`, { quantityChange: -100000 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('quantityChange');
    const zero = await simulate(seller, `/seller/sandbox/products/${product.id}/stock`, { quantityChange: 0 });
    expect(zero.status).toBe(400);
    expect((await firstRow('products', 'id = $1', [product.id])).available_quantity).toBe(Number(product.available_quantity) - 1);
  });
});

describe('who may simulate', () => {
  it('refuses a token without the domain with 403 and changes nothing', async () => {
    const created = await seller.client.post<{ data: { token: string } }>('/api/auth/token', {
      title: 'Warehouses only',
      description: 'Scoped',
      scopes: ['warehouses'],
    });
    const order = await firstRow('normal_orders', "seller_id = 1 AND status = 'NEW'");
    const answer = await simulate({ client: seller.client, token: created.body.data.token }, `/seller/sandbox/orders/normal/${order.id}/advance`);
    expect(answer.status).toBe(403);
    expect((await firstRow('normal_orders', 'id = $1', [order.id])).status).toBe('NEW');
  });
});

describe('a live token', () => {
  let live: TestServer;
  beforeAll(async () => {
    live = await startTestServer({ env: { UPSTREAM_API_URL: 'http://127.0.0.1:9/api/v1', PUBLIC_ORIGIN: 'https://developers.example.com' } });
  });
  afterAll(async () => live?.close());

  it('is refused with 403 before anything is read or changed', async () => {
    const client = live.client();
    await client.login('seller@example.com', 'SELLER');
    const created = await client.post<{ data: { token: string } }>('/api/auth/token', { title: 'Live', description: 'Live calls', environment: 'live' });
    expect(created.status).toBe(201);
    const [order] = await live.db.query<{ id: number; status: string }>(
      "SELECT id, status FROM normal_orders WHERE seller_id = 1 AND status = 'NEW' ORDER BY id LIMIT 1",
    );
    const answer = await client.request('POST', `/api/v1/seller/sandbox/orders/normal/${order?.id}/advance`, {
      headers: { [TOKEN_HEADER]: created.body.data.token },
    });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('Simulations need a sandbox token');
    const [after] = await live.db.query<{ status: string }>('SELECT status FROM normal_orders WHERE id = $1', [order?.id]);
    expect(after?.status).toBe('NEW');
  });
});
