/**
 * resetSandbox: a demo seller's orders come back exactly as the seed made them (and the ETag with them),
 * a demo warehouse account's rows at its warehouse too; an account made at its first sign-in gets a fresh
 * sandbox of the same shape at new ids, whose ETags change at once; the other accounts' data stays; the
 * reset is in the activity log; no session answers 401, a cross-site request 403 and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shadowAccountFor } from '../../src/server/accounts/shadow-sign-in.ts';
import { FIRST_DEMO_SELLER } from '../../src/server/db/seed/demo-data.ts';
import type { ActivityOrigin } from '../../src/server/lib/activity-origin.ts';
import { hashSessionId, newSessionId } from '../../src/server/lib/session-cookie.ts';
import { createSession } from '../../src/server/repositories/sessions-repository.ts';
import type { UserType } from '../../src/shared/api-family.ts';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const RESET = '/api/portal/sandbox/reset';
const SELLER_ORDERS = '/api/v1/seller/orders/normal?page=0&size=100';
const WAREHOUSE_ORDERS = '/api/v1/warehouse/orders/normal?page=0&size=100';
const ORIGIN: ActivityOrigin = { ipAddress: '127.0.0.1', userAgent: 'sandbox reset test' };

type OrderPage = { lastPage: number; data: Array<{ id: number; orderNumber: string; trackingNumber: string | null }> };

let server: TestServer;

async function signedIn(email: string, userType: UserType): Promise<{ client: Client; token: string }> {
  const client = server.client();
  await client.login(email, userType);
  return { client, token: await client.createToken('Reset test') };
}

/** A directory account's first sign-in (which makes its sandbox), then a session and a token as the portal makes them. */
async function signInNew(subject: string, userType: UserType): Promise<{ client: Client; token: string; userId: number }> {
  const account = await server.db.transaction((tx) =>
    shadowAccountFor(tx, 'ldap', { subject, email: `${subject}@corp.example`, userTypes: [userType] }, userType, ORIGIN),
  );
  if (account === undefined) throw new Error(`${subject} was refused`);
  const sessionId = newSessionId();
  await createSession(server.db, hashSessionId(sessionId), account.id, 1, ORIGIN);
  const client = server.client();
  client.cookie = `portal_session=${sessionId}`;
  return { client, token: await client.createToken('Sandbox'), userId: account.id };
}

async function rowCounts(column: 'seller_id' | 'warehouse_id', id: number): Promise<Record<string, number>> {
  const tables = ['quotations', 'imports', 'products', 'normal_orders', 'return_orders'];
  const [row] = await server.db.query<Record<string, number>>(
    `SELECT ${tables.map((table) => `(SELECT count(*)::int FROM ${table} WHERE ${column} = $1) AS ${table}`).join(', ')}`,
    [id],
  );
  return row ?? {};
}

/** Everything of an owner's orders that an answer shows, in list order. */
async function ordersOf(column: 'seller_id' | 'warehouse_id', id: number): Promise<unknown[]> {
  return server.db.query(
    `SELECT o.*, (SELECT json_agg(i ORDER BY i.line_no) FROM order_items i WHERE i.order_id = o.id) AS lines
       FROM normal_orders o WHERE ${column} = $1 ORDER BY o.id`,
    [id],
  );
}

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => server?.close());

describe('resetSandbox', () => {
  it("gives a demo seller its seeded orders back, and the list's ETag changes with them at once", async () => {
    const seller = await signedIn('seller@example.com', 'SELLER');
    const seeded = await ordersOf('seller_id', 1);
    const first = await seller.client.api<OrderPage>(SELLER_ORDERS, seller.token);
    expect(first.status).toBe(200);
    const otherSeller = await ordersOf('seller_id', 3);

    // The sandbox drifts: an order changes, another goes.
    const [changed, removed] = first.body.data;
    await server.db.query('UPDATE normal_orders SET tracking_number = $1 WHERE id = $2', ['TRK-DRIFT', changed?.id]);
    await server.db.query('DELETE FROM return_orders WHERE order_id = $1', [removed?.id]);
    await server.db.query('DELETE FROM order_items WHERE order_id = $1', [removed?.id]);
    await server.db.query('DELETE FROM normal_orders WHERE id = $1', [removed?.id]);
    await expect.poll(async () => (await seller.client.api<OrderPage>(SELLER_ORDERS, seller.token)).body.data[0]?.trackingNumber).toBe('TRK-DRIFT');
    const drifted = await seller.client.api<OrderPage>(SELLER_ORDERS, seller.token);
    expect(drifted.headers.get('etag')).not.toBe(first.headers.get('etag'));

    const response = await seller.client.post<{ resetDate: string }>(RESET);
    expect(response.status).toBe(200);
    expect(Date.parse(response.body.resetDate)).toBeGreaterThan(Date.now() - 60_000);

    expect(await ordersOf('seller_id', 1)).toEqual(seeded);
    expect(await ordersOf('seller_id', 3)).toEqual(otherSeller);
    // The cached answer goes when the reset commits (PostgreSQL delivers the notification a moment later).
    const etag = async () => (await seller.client.api<OrderPage>(SELLER_ORDERS, seller.token)).headers.get('etag');
    await expect.poll(etag, { timeout: 1000, interval: 10 }).not.toBe(drifted.headers.get('etag'));
    const after = await seller.client.api<OrderPage>(SELLER_ORDERS, seller.token);
    expect(after.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(after.text).toBe(first.text);
    expect(await rowCounts('seller_id', 1)).toEqual({
      quotations: FIRST_DEMO_SELLER.quotations,
      imports: expect.any(Number),
      products: FIRST_DEMO_SELLER.products,
      normal_orders: FIRST_DEMO_SELLER.orders,
      return_orders: FIRST_DEMO_SELLER.returns,
    });
  });

  it("gives a demo warehouse account its warehouse's seeded rows back", async () => {
    const warehouse = await signedIn('warehouse@example.com', 'WAREHOUSE');
    const [{ id: warehouseId } = { id: 0 }] = await server.db.query<{ id: number }>('SELECT id FROM warehouses WHERE account_id = 2');
    const seeded = await ordersOf('warehouse_id', warehouseId);
    const first = await warehouse.client.api<OrderPage>(WAREHOUSE_ORDERS, warehouse.token);
    await server.db.query('UPDATE normal_orders SET tracking_number = $1 WHERE id = $2', ['TRK-WAREHOUSE', first.body.data[0]?.id]);
    await expect
      .poll(async () => (await warehouse.client.api<OrderPage>(WAREHOUSE_ORDERS, warehouse.token)).body.data[0]?.trackingNumber)
      .toBe('TRK-WAREHOUSE');

    expect((await warehouse.client.post(RESET)).status).toBe(200);
    expect(await ordersOf('warehouse_id', warehouseId)).toEqual(seeded);
    await expect.poll(async () => (await warehouse.client.api(WAREHOUSE_ORDERS, warehouse.token)).text, { timeout: 1000, interval: 10 }).toBe(first.text);
  });

  it.each(['SELLER', 'WAREHOUSE'] as const)('makes a fresh sandbox of the same shape for a %s made at its first sign-in', async (userType) => {
    const account = await signInNew(`reset-${userType.toLowerCase()}`, userType);
    const [warehouse] = await server.db.query<{ id: number }>('SELECT id FROM warehouses WHERE account_id = $1', [account.userId]);
    const owner =
      userType === 'SELLER' ? ({ column: 'seller_id', id: account.userId } as const) : ({ column: 'warehouse_id', id: warehouse?.id ?? 0 } as const);
    const list = userType === 'SELLER' ? SELLER_ORDERS : WAREHOUSE_ORDERS;
    const countsBefore = await rowCounts(owner.column, owner.id);
    const before = await account.client.api<OrderPage>(list, account.token);
    const [{ users: usersBefore, warehouses: warehousesBefore } = { users: 0, warehouses: 0 }] = await server.db.query<{ users: number; warehouses: number }>(
      'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM warehouses) AS warehouses',
    );
    const demoOrders = await ordersOf('seller_id', 3);

    expect((await account.client.post(RESET)).status).toBe(200);

    expect(await rowCounts(owner.column, owner.id)).toEqual(countsBefore);
    const etag = async () => (await account.client.api(list, account.token)).headers.get('etag');
    await expect.poll(etag, { timeout: 1000, interval: 10 }).not.toBe(before.headers.get('etag'));
    const after = await account.client.api<OrderPage>(list, account.token);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // The same rows made again at new ids, in the same order.
    expect(after.body.data.map((order) => order.orderNumber)).toEqual(before.body.data.map((order) => order.orderNumber));
    expect(after.body.data[0]?.id).toBeGreaterThan(before.body.data[before.body.data.length - 1]?.id ?? Infinity);
    // A warehouse account keeps its warehouse and seller; a seller's old warehouses went with its new ones.
    const [counts] = await server.db.query<{ users: number; warehouses: number }>(
      'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM warehouses) AS warehouses',
    );
    expect(counts).toEqual({ users: usersBefore, warehouses: warehousesBefore });
    if (userType === 'WAREHOUSE') {
      expect(await server.db.query('SELECT id FROM warehouses WHERE account_id = $1', [account.userId])).toEqual([{ id: warehouse?.id }]);
    }
    expect(await ordersOf('seller_id', 3)).toEqual(demoOrders);
  });

  it('records the reset in the activity log', async () => {
    const seller = await signedIn('seller2@example.com', 'SELLER');
    expect((await seller.client.post(RESET)).status).toBe(200);
    const events = await seller.client.get<{ data: Array<{ type: string; tokenId: number | null; details: unknown }> }>('/api/portal/activity');
    expect(events.body.data[0]).toMatchObject({ type: 'sandbox_reset', tokenId: null, details: {} });
  });

  it('answers 401 without a session and changes nothing', async () => {
    const [before] = await server.db.query<{ max: number }>('SELECT max(id) AS max FROM normal_orders');
    const response = await server.client().post(RESET);
    expect(response.status).toBe(401);
    expect(await server.db.query<{ max: number }>('SELECT max(id) AS max FROM normal_orders')).toEqual([before]);
  });

  it('refuses a cross-site request with 403 and changes nothing', async () => {
    const seller = await signInNew('reset-cross-site', 'SELLER');
    const before = await ordersOf('seller_id', seller.userId);
    const response = await seller.client.post(RESET, undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
    expect(await ordersOf('seller_id', seller.userId)).toEqual(before);
    const [events] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM activity_events WHERE user_id = $1 AND event_type = 'sandbox_reset'`,
      [seller.userId],
    );
    expect(events?.n).toBe(0);
  });
});
