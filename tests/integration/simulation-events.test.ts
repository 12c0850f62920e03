/**
 * From a change to a verified delivery: a sandbox simulation's events reach the sandbox endpoints of
 * both accounts the row concerns (the seller's and the warehouse operator's), each in its own family's
 * view, signed so `standardwebhooks` verifies them, and never a live endpoint or another account's; an
 * endpoint that subscribes to other types hears nothing; a simulation refused (409) sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../../src/server/lib/schemas.ts';
import type { Client } from './support/http-client.ts';
import { TOKEN_HEADER } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { startWebhookReceiver, verifies, type ReceivedWebhook, type WebhookReceiver } from './support/webhook-receiver.ts';

type Payload = { id: string; type: string; environment: string; data: { resourceId: number; resourceUrl: string; changes: Record<string, unknown> } };

let server: TestServer;
let receiver: WebhookReceiver;
const accounts: Record<'seller' | 'warehouse' | 'other', { client: Client; token: string; secret: string }> = {} as never;
let liveSecret = '';
let picky = '';

async function endpoint(client: Client, path: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await client.post<Schemas['WebhookEndpointCreated']>('/api/webhooks/endpoints', { url: `${receiver.origin}${path}`, ...extra });
  expect(response.status, response.text).toBe(201);
  return response.body.secret;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    env: {
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      RATE_LIMIT_PER_MINUTE: '1000',
      UPSTREAM_API_URL: 'http://127.0.0.1:9/api/v1',
      PUBLIC_ORIGIN: 'https://developers.example.com',
    },
  });
  for (const [name, email, userType] of [
    ['seller', 'seller@example.com', 'SELLER'],
    ['warehouse', 'warehouse@example.com', 'WAREHOUSE'],
    ['other', 'seller2@example.com', 'SELLER'],
  ] as const) {
    const client = server.client();
    await client.login(email, userType);
    accounts[name] = { client, token: await client.createToken('Events'), secret: await endpoint(client, `/${name}`) };
  }
  liveSecret = await endpoint(accounts.seller.client, '/seller-live', {
    environment: 'live',
    url: `${receiver.origin}/seller-live`.replace('http:', 'https:'),
  });
  picky = await endpoint(accounts.seller.client, '/seller-returns-only', { eventTypes: ['seller.return_order.status_changed'] });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const payloadOf = (received: ReceivedWebhook) => JSON.parse(received.body) as Payload;

describe('a simulated order shipping', () => {
  it("reaches the seller's and the warehouse's sandbox endpoints, verified, each in its family's view", async () => {
    const [order] = await server.db.query<{ id: number }>(
      `SELECT o.id FROM normal_orders o JOIN warehouses w ON w.id = o.warehouse_id JOIN users u ON u.id = w.account_id
        WHERE o.seller_id = (SELECT id FROM users WHERE email = 'seller@example.com') AND u.email = 'warehouse@example.com' AND o.status = 'PACKED'
        ORDER BY o.id LIMIT 1`,
    );
    expect(order).toBeDefined();
    const answer = await accounts.seller.client.request<Schemas['SimulationResult']>('POST', `/api/v1/seller/sandbox/orders/normal/${order?.id}/advance`, {
      headers: { [TOKEN_HEADER]: accounts.seller.token },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.deliveriesQueued).toBe(2);

    const [toSeller] = await receiver.waitFor(1, { path: '/seller' });
    const [toWarehouse] = await receiver.waitFor(1, { path: '/warehouse' });
    expect(toSeller && verifies(toSeller, accounts.seller.secret)).toBe(true);
    expect(toWarehouse && verifies(toWarehouse, accounts.warehouse.secret)).toBe(true);
    expect(toSeller && verifies(toSeller, accounts.warehouse.secret)).toBe(false);

    const seller = payloadOf(toSeller as ReceivedWebhook);
    expect(seller).toMatchObject({ type: 'seller.normal_order.status_changed', environment: 'sandbox' });
    expect(seller.id).toBe(toSeller?.id);
    expect(seller.data).toEqual({
      resourceId: order?.id,
      resourceUrl: `https://developers.example.com/api/v1/seller/orders/normal/${order?.id}`,
      changes: { status: { previous: 'PACKED', current: 'SHIPPED' }, warehouseStatus: { previous: 'PACKED', current: 'SHIPPED' } },
    });
    const warehouse = payloadOf(toWarehouse as ReceivedWebhook);
    expect(warehouse.type).toBe('warehouse.normal_order.status_changed');
    expect(warehouse.data.resourceUrl).toBe(`https://developers.example.com/api/v1/warehouse/orders/normal/${order?.id}`);

    // The resource URL answers the receiver's follow-up read with the new status.
    const read = await accounts.seller.client.api<{ status: string }>(`/api/v1/seller/orders/normal/${order?.id}`, accounts.seller.token);
    expect(read.body.status).toBe('SHIPPED');

    // Neither the live endpoint, nor the one for returns only, nor another seller heard of it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.filter((got) => ['/seller-live', '/seller-returns-only', '/other'].includes(got.path))).toEqual([]);
    expect(liveSecret).toMatch(/^whsec_/);
    expect(picky).toMatch(/^whsec_/);
  });

  it('sends nothing when the simulation is refused', async () => {
    const [delivered] = await server.db.query<{ id: number }>(
      `SELECT id FROM normal_orders WHERE seller_id = (SELECT id FROM users WHERE email = 'seller@example.com') AND status = 'DELIVERED' ORDER BY id LIMIT 1`,
    );
    const before = receiver.received.length;
    const [{ count: eventsBefore } = { count: 0 }] = await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM webhook_events');
    const refused = await accounts.seller.client.request('POST', `/api/v1/seller/sandbox/orders/normal/${delivered?.id}/advance`, {
      headers: { [TOKEN_HEADER]: accounts.seller.token },
    });
    expect(refused.status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.length).toBe(before);
    const [{ count: eventsAfter } = { count: 0 }] = await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM webhook_events');
    expect(eventsAfter).toBe(eventsBefore);
  });

  it('a return arriving reaches the endpoint that wants only returns too', async () => {
    const [row] = await server.db.query<{ id: number }>(
      `SELECT id FROM return_orders WHERE seller_id = (SELECT id FROM users WHERE email = 'seller@example.com') AND return_status = 'IN_TRANSIT' ORDER BY id LIMIT 1`,
    );
    const answer = await accounts.seller.client.request<Schemas['SimulationResult']>('POST', `/api/v1/seller/sandbox/orders/return/${row?.id}/advance`, {
      headers: { [TOKEN_HEADER]: accounts.seller.token },
    });
    expect(answer.status).toBe(200);
    const [got] = await receiver.waitFor(1, { path: '/seller-returns-only' });
    expect(got && verifies(got, picky)).toBe(true);
    expect(payloadOf(got as ReceivedWebhook).type).toBe('seller.return_order.status_changed');
  });
});
