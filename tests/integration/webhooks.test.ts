/**
 * Webhooks end to end, on a server whose clock the test moves: endpoints and their checks (400s naming
 * the field, 20 at most, https for live), secrets shown and rotated (both signatures verify for 24 hours,
 * then only the new one), test events, the outbox committing with its change or not at all, the retry
 * schedule, 410 and five failing days switching an endpoint off, the delivery log's filters and pages,
 * replays and retention. Every delivery is verified as a receiver would, with `standardwebhooks`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanUp } from '../../src/server/plugins/housekeeping.ts';
import { RETRY_DELAYS_MS } from '../../src/server/lib/webhook-schedule.ts';
import { createPostgresRequestLogStore } from '../../src/server/request-log/postgres-store.ts';
import { recordEvents, type ResourceEvent } from '../../src/server/webhooks/outbox.ts';
import type { Schemas } from '../../src/server/lib/schemas.ts';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { startWebhookReceiver, verifies, type WebhookReceiver } from './support/webhook-receiver.ts';

const ENDPOINTS = '/api/webhooks/endpoints';
const ATTEMPTS = '/api/webhooks/deliveries';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let clock = Date.now();
let server: TestServer;
let receiver: WebhookReceiver;
let seller: Client;
let sellerId: number;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    env: {
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_TIMEOUT_SECONDS: '2',
      UPSTREAM_API_URL: 'http://127.0.0.1:9/api/v1',
      PUBLIC_ORIGIN: 'https://developers.example.com',
    },
    testing: { clock: () => clock },
  });
  seller = server.client();
  await seller.login();
  const [row] = await server.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'seller@example.com'`);
  sellerId = row?.id ?? 0;
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});
beforeEach(async () => {
  receiver.answer = () => ({ status: 200 });
  const { body } = await seller.get<Schemas['WebhookEndpointList']>(ENDPOINTS);
  for (const endpoint of body.data) await seller.delete(`${ENDPOINTS}/${endpoint.id}`);
});

async function created(path: string, extra: Record<string, unknown> = {}, client = seller): Promise<Schemas['WebhookEndpointCreated']> {
  const response = await client.post<Schemas['WebhookEndpointCreated']>(ENDPOINTS, { url: `${receiver.origin}${path}`, ...extra });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

function orderShipped(orderId: number, time = new Date(clock)): ResourceEvent {
  return {
    accountId: sellerId,
    environment: 'sandbox',
    type: 'seller.normal_order.status_changed',
    resourceId: orderId,
    resourcePath: `/seller/orders/normal/${orderId}`,
    changes: { status: { previous: 'PACKED', current: 'SHIPPED' } },
    time,
  };
}

async function record(events: ResourceEvent[]): Promise<number> {
  return server.db.transaction((tx) => recordEvents(tx, events));
}

async function attempts(query = ''): Promise<Schemas['WebhookAttemptPage']> {
  const response = await seller.get<Schemas['WebhookAttemptPage']>(`${ATTEMPTS}${query}`);
  expect(response.status).toBe(200);
  return response.body;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function activityTypes(): Promise<string[]> {
  const page = await seller.get<{ data: { type: string }[] }>('/api/portal/activity');
  return page.body.data.map((event) => event.type);
}

describe('createWebhookEndpoint', () => {
  it('adds an endpoint with a whsec_ secret, lists it without, and records it', async () => {
    const { endpoint, secret } = await created('/crud', { eventTypes: ['seller.normal_order.status_changed'], description: 'Orders' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ environment: 'sandbox', enabled: true, disabledReason: null, failingSince: null, description: 'Orders' });
    const list = await seller.get<Schemas['WebhookEndpointList']>(ENDPOINTS);
    expect(list.body.data.map((row) => row.id)).toEqual([endpoint.id]);
    expect(list.text).not.toContain(secret);
    expect((await activityTypes())[0]).toBe('webhook_endpoint_created');
    // The secret is stored encrypted, never as it is.
    const rows = await server.db.query<{ row: string }>('SELECT t::text AS row FROM webhook_endpoints t');
    expect(rows.map((row) => row.row).join('\n')).not.toContain(secret.slice(6));
  });

  it('answers 400 naming the field, and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /url/],
      [{ url: 'ftp://example.com/hook' }, /url/],
      [{ url: 'https://user:pw@example.com/hook' }, /^url: /],
      [{ url: 'http://example.com/hook', environment: 'live' }, /^url: a live endpoint must use https/],
      [{ url: 'https://example.com/hook', eventTypes: ['warehouse.import.status_changed'] }, /^eventTypes: /],
      [{ url: 'https://example.com/hook', eventTypes: ['seller.nothing'] }, /eventTypes/],
      [{ url: 'https://example.com/hook', description: 'x'.repeat(201) }, /description/],
      [{ url: 'https://example.com/hook', extra: true }, /extra/],
    ];
    for (const [body, message] of cases) {
      const response = await seller.post<{ message: string }>(ENDPOINTS, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect((await server.db.query('SELECT 1 FROM webhook_endpoints')).length).toBe(0);
  });

  it('takes a live https endpoint when live tokens exist', async () => {
    const live = await seller.post<Schemas['WebhookEndpointCreated']>(ENDPOINTS, { url: 'https://hooks.example.com/live', environment: 'live' });
    expect(live.status).toBe(201);
    const { endpoint } = live.body;
    expect(endpoint.environment).toBe('live');
    const patched = await seller.request<{ message: string }>('PATCH', `${ENDPOINTS}/${endpoint.id}`, { body: { url: 'http://hooks.example.com/live' } });
    expect(patched.status).toBe(400);
    expect(patched.body.message).toMatch(/^url: /);
  });

  it('refuses the 21st endpoint', async () => {
    for (let index = 0; index < 20; index += 1) await created(`/many/${index}`);
    const over = await seller.post<{ message: string }>(ENDPOINTS, { url: `${receiver.origin}/many/20` });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/20 webhook endpoints/);
  });

  it('refuses a cross-site request with 403 and another account’s endpoint with 404', async () => {
    const crossSite = await seller.post(ENDPOINTS, { url: 'https://example.com/x' }, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const { endpoint } = await created('/mine');
    const other = server.client();
    await other.login('seller2@example.com');
    expect((await other.get(`${ENDPOINTS}/${endpoint.id}/secret`)).status).toBe(404);
    expect((await other.delete(`${ENDPOINTS}/${endpoint.id}`)).status).toBe(404);
    expect((await other.request('PATCH', `${ENDPOINTS}/${endpoint.id}`, { body: { description: 'x' } })).status).toBe(404);
  });
});

describe('updateWebhookEndpoint and deleteWebhookEndpoint', () => {
  it('changes fields, switches off and on (recorded), and deletes', async () => {
    const { endpoint } = await created('/update');
    const changed = await seller.request<Schemas['WebhookEndpoint']>('PATCH', `${ENDPOINTS}/${endpoint.id}`, {
      body: { description: 'Changed', eventTypes: ['seller.import.status_changed'] },
    });
    expect(changed.body).toMatchObject({ description: 'Changed', eventTypes: ['seller.import.status_changed'] });
    const off = await seller.request<Schemas['WebhookEndpoint']>('PATCH', `${ENDPOINTS}/${endpoint.id}`, { body: { enabled: false } });
    expect(off.body).toMatchObject({ enabled: false, disabledReason: 'owner' });
    expect((await activityTypes())[0]).toBe('webhook_endpoint_disabled');
    const on = await seller.request<Schemas['WebhookEndpoint']>('PATCH', `${ENDPOINTS}/${endpoint.id}`, { body: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    expect((await seller.delete(`${ENDPOINTS}/${endpoint.id}`)).status).toBe(204);
    expect((await activityTypes())[0]).toBe('webhook_endpoint_deleted');
    expect((await seller.delete(`${ENDPOINTS}/${endpoint.id}`)).status).toBe(404);
  });
});

describe('getWebhookEndpointSecret and rotateWebhookEndpointSecret', () => {
  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const { endpoint, secret: first } = await created('/rotate');
    const shown = await seller.get<Schemas['WebhookEndpointSecret']>(`${ENDPOINTS}/${endpoint.id}/secret`);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.body).toEqual({ secret: first, previousSecretEndDate: null });

    const rotated = await seller.post<Schemas['WebhookEndpointSecret']>(`${ENDPOINTS}/${endpoint.id}/secret/rotate`);
    expect(rotated.status).toBe(200);
    const second = rotated.body.secret;
    expect(second).not.toBe(first);
    expect(Date.parse(rotated.body.previousSecretEndDate ?? '')).toBe(clock + DAY);
    expect((await activityTypes())[0]).toBe('webhook_secret_rotated');

    const test = async (count: number) => {
      expect((await seller.post(`${ENDPOINTS}/${endpoint.id}/test`, { eventType: 'seller.import.status_changed' })).status).toBe(202);
      return (await receiver.waitFor(count, { path: '/rotate' }))[count - 1];
    };
    const during = await test(1);
    expect(during?.signature.split(' ')).toHaveLength(2);
    expect(verifies(during!, first)).toBe(true);
    expect(verifies(during!, second)).toBe(true);

    clock += DAY + 1_000;
    const after = await test(2);
    expect(after?.signature.split(' ')).toHaveLength(1);
    expect(verifies(after!, second)).toBe(true);
    expect(verifies(after!, first)).toBe(false);
    expect((await seller.get<Schemas['WebhookEndpoint'][]>(ENDPOINTS)).text).toContain('"previousSecretEndDate":null');
  });
});

describe('sendWebhookTestEvent', () => {
  it("sends the spec's example with a fresh id and time, to an endpoint that does not subscribe to it", async () => {
    const { endpoint, secret } = await created('/test-event', { eventTypes: ['seller.import.status_changed'] });
    const queued = await seller.post<Schemas['WebhookDeliveryQueued']>(`${ENDPOINTS}/${endpoint.id}/test`, { eventType: 'seller.product.inventory_changed' });
    expect(queued.status).toBe(202);
    const [got] = await receiver.waitFor(1, { path: '/test-event' });
    expect(verifies(got!, secret)).toBe(true);
    expect(got?.id).toBe(queued.body.eventId);
    const payload = JSON.parse(got?.body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(payload)).toEqual(['id', 'type', 'timestamp', 'environment', 'data']);
    expect(payload).toMatchObject({ id: queued.body.eventId, type: 'seller.product.inventory_changed', timestamp: new Date(clock).toISOString() });
    expect(payload.data).toMatchObject({ resourceId: 230, changes: { availableQuantity: { previous: 410, current: 398 } } });
    const foreign = await seller.post<{ message: string }>(`${ENDPOINTS}/${endpoint.id}/test`, { eventType: 'warehouse.import.status_changed' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^eventType: /);
    await seller.request('PATCH', `${ENDPOINTS}/${endpoint.id}`, { body: { enabled: false } });
    const off = await seller.post<{ message: string }>(`${ENDPOINTS}/${endpoint.id}/test`, { eventType: 'seller.import.status_changed' });
    expect(off.status).toBe(400);
    expect(off.body.message).toMatch(/^endpointId: /);
  });
});

describe('recordEvents', () => {
  it('queues one delivery per subscribed endpoint when the change commits, and none when it rolls back', async () => {
    const all = await created('/outbox-all');
    const orders = await created('/outbox-orders', { eventTypes: ['seller.normal_order.status_changed'] });
    await created('/outbox-imports', { eventTypes: ['seller.import.status_changed'] });
    await created('/outbox-off').then((made) => seller.request('PATCH', `${ENDPOINTS}/${made.endpoint.id}`, { body: { enabled: false } }));

    await expect(
      server.db.transaction(async (tx) => {
        expect(await recordEvents(tx, [orderShipped(1)])).toBe(2);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await record([orderShipped(2)])).toBe(2);
    const [toAll] = await receiver.waitFor(1, { path: '/outbox-all' });
    const [toOrders] = await receiver.waitFor(1, { path: '/outbox-orders' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(
      receiver.received
        .filter((got) => got.path.startsWith('/outbox'))
        .map((got) => got.path)
        .sort(),
    ).toEqual(['/outbox-all', '/outbox-orders']);
    expect(verifies(toAll!, all.secret)).toBe(true);
    expect(verifies(toOrders!, orders.secret)).toBe(true);
    expect(toAll?.id).toBe(toOrders?.id);
    expect(JSON.parse(toAll?.body ?? '{}')).toEqual({
      id: toAll?.id,
      type: 'seller.normal_order.status_changed',
      timestamp: new Date(clock).toISOString(),
      environment: 'sandbox',
      data: {
        resourceId: 2,
        resourceUrl: 'https://developers.example.com/api/v1/seller/orders/normal/2',
        changes: { status: { previous: 'PACKED', current: 'SHIPPED' } },
      },
    });
    expect((await server.db.query(`SELECT 1 FROM webhook_events WHERE payload LIKE '%"resourceId":1,%'`)).length).toBe(0);
  });
});

describe('retries', () => {
  it("follows Svix's schedule on the server's clock, then fails the delivery, keeping the webhook-id", async () => {
    const { endpoint } = await created('/retry');
    receiver.answer = () => ({ status: 500, body: 'x'.repeat(10_000) });
    await record([orderShipped(3)]);
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length + 1; attempt += 1) {
      await receiver.waitFor(attempt, { path: '/retry' });
      const page = await until(
        () => attempts(`?endpointId=${endpoint.id}`),
        (found) => found.data.length === attempt,
      );
      const latest = page.data[0];
      expect(latest).toMatchObject({ attempt, outcome: 'failed', statusCode: 500, error: null });
      expect(latest?.responseBody).toHaveLength(4096);
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined) expect(latest?.nextAttemptDate).toBeNull();
      else {
        expect(Date.parse(latest?.nextAttemptDate ?? '')).toBe(clock + delay);
        clock += delay;
      }
    }
    const ids = new Set(receiver.received.filter((got) => got.path === '/retry').map((got) => got.id));
    expect(ids.size).toBe(1);
    const delivery = await seller.get<Schemas['WebhookDelivery']>(`/api/webhooks/deliveries/${(await attempts()).data[0]?.deliveryId}`);
    expect(delivery.body).toMatchObject({ state: 'failed', nextAttemptDate: null });
    expect(delivery.body.attempts).toHaveLength(8);
    const failing = await seller.get<Schemas['WebhookEndpointList']>(ENDPOINTS);
    expect(failing.body.data[0]?.failingSince).not.toBeNull();
  }, 60_000);

  it('switches an endpoint off when it answers 410', async () => {
    const { endpoint } = await created('/gone');
    receiver.answer = () => ({ status: 410 });
    await record([orderShipped(4)]);
    const list = await until(
      () => seller.get<Schemas['WebhookEndpointList']>(ENDPOINTS),
      (found) => found.body.data[0]?.enabled === false,
    );
    expect(list.body.data[0]).toMatchObject({ id: endpoint.id, enabled: false, disabledReason: 'gone' });
    const [attempt] = (await attempts(`?endpointId=${endpoint.id}`)).data;
    expect(attempt).toMatchObject({ statusCode: 410, nextAttemptDate: null });
    expect((await activityTypes())[0]).toBe('webhook_endpoint_disabled');
  });

  it('switches an endpoint off after 5 days of failures with no success, and a success clears failingSince', async () => {
    const { endpoint } = await created('/failing');
    receiver.answer = () => ({ status: 503 });
    await record([orderShipped(5)]);
    await receiver.waitFor(1, { path: '/failing' });
    const failing = await until(
      () => seller.get<Schemas['WebhookEndpointList']>(ENDPOINTS),
      (found) => found.body.data[0]?.failingSince !== null,
    );
    expect(Date.parse(failing.body.data[0]?.failingSince ?? '')).toBe(clock);

    clock += 5 * DAY + 1_000;
    await record([orderShipped(6)]);
    const off = await until(
      () => seller.get<Schemas['WebhookEndpointList']>(ENDPOINTS),
      (found) => found.body.data[0]?.enabled === false,
    );
    expect(off.body.data[0]).toMatchObject({ id: endpoint.id, disabledReason: 'failing' });
    const activity = await seller.get<{ data: { type: string; details: Record<string, unknown> }[] }>('/api/portal/activity');
    expect(activity.body.data[0]).toMatchObject({
      type: 'webhook_endpoint_disabled',
      details: { webhookDisabledReason: 'failing', webhookEndpointId: endpoint.id },
    });

    // Switched on again, the waiting deliveries go out; a success clears failingSince.
    receiver.answer = () => ({ status: 204 });
    await seller.request('PATCH', `${ENDPOINTS}/${endpoint.id}`, { body: { enabled: true } });
    clock += DAY;
    await until(
      () => attempts(`?endpointId=${endpoint.id}&outcome=succeeded`),
      (found) => found.data.length >= 1,
    );
    const healthy = await seller.get<Schemas['WebhookEndpointList']>(ENDPOINTS);
    expect(healthy.body.data[0]).toMatchObject({ enabled: true, failingSince: null });
  });
});

describe('listWebhookAttempts, getWebhookDelivery and replays', () => {
  it('pages 50 at a time newest first, and filters by endpoint, event type and outcome', async () => {
    const first = await created('/log-a');
    const second = await created('/log-b');
    const events = Array.from({ length: 30 }, (_, index) => orderShipped(100 + index));
    events.push({ ...orderShipped(999), type: 'seller.import.status_changed', resourcePath: '/seller/imports/999' });
    await record(events);
    await until(
      () => server.db.query('SELECT 1 FROM webhook_attempts'),
      (rows) => rows.length === 62,
    );
    const firstOnly = await attempts(`?endpointId=${first.endpoint.id}`);
    expect(firstOnly.data).toHaveLength(31);
    expect(firstOnly.nextCursor).toBeNull();
    const page = await attempts();
    expect(page.data).toHaveLength(50);
    expect(page.nextCursor).toMatch(/^\d+-\d+$/);
    const rest = await attempts(`?cursor=${page.nextCursor}`);
    expect(rest.data).toHaveLength(12);
    expect(rest.nextCursor).toBeNull();
    const seen = [...page.data, ...rest.data].map((attempt) => attempt.id);
    expect(new Set(seen).size).toBe(seen.length);
    const times = [...page.data, ...rest.data].map((attempt) => Date.parse(attempt.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const imports = await attempts('?eventType=seller.import.status_changed');
    expect(imports.data.map((attempt) => attempt.endpointId).sort()).toEqual([first.endpoint.id, second.endpoint.id].sort());
    expect((await attempts(`?endpointId=${second.endpoint.id}&outcome=failed`)).data).toHaveLength(0);
    expect((await seller.get(`${ATTEMPTS}?cursor=nonsense`)).status).toBe(400);
  });

  it('replays one delivery with the same webhook-id and body and a new signature', async () => {
    const { secret } = await created('/replay');
    await record([orderShipped(7)]);
    const [original] = await receiver.waitFor(1, { path: '/replay' });
    const [attempt] = (await until(attempts, (found) => found.data[0]?.endpointUrl.endsWith('/replay') === true)).data;
    // The signature covers the attempt's timestamp, in seconds: the replay is sent in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const replayed = await seller.post<Schemas['WebhookDeliveryQueued']>(`/api/webhooks/deliveries/${attempt?.deliveryId}/replay`);
    expect(replayed.status).toBe(202);
    const [, again] = await receiver.waitFor(2, { path: '/replay' });
    expect(again?.id).toBe(original?.id);
    expect(again?.body).toBe(original?.body);
    expect(again?.signature).not.toBe(original?.signature);
    expect(verifies(again!, secret)).toBe(true);
    const delivery = await until(
      () => seller.get<Schemas['WebhookDelivery']>(`/api/webhooks/deliveries/${attempt?.deliveryId}`),
      (found) => found.body.attempts.length === 2,
    );
    expect(delivery.body.attempts.map((row) => row.attempt)).toEqual([1, 1]);
    expect(delivery.body.payload).toBe(original?.body);
    expect((await seller.post('/api/webhooks/deliveries/999999999/replay')).status).toBe(404);
  });

  it('replays every failed delivery of an endpoint since a time', async () => {
    const { endpoint } = await created('/replay-failed');
    await record([orderShipped(8), orderShipped(9), orderShipped(10)]);
    await receiver.waitFor(3, { path: '/replay-failed' });
    await until(
      () => attempts(`?endpointId=${endpoint.id}`),
      (found) => found.data.length === 3,
    );
    // Two failed for good within the window, one before it.
    await server.db.query(
      `UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL,
              last_attempt_at = CASE WHEN event_id = (SELECT min(event_id) FROM webhook_deliveries WHERE endpoint_id = $1) THEN $2::timestamptz - interval '1 hour' ELSE $2 END
        WHERE endpoint_id = $1`,
      [endpoint.id, new Date(clock)],
    );
    const replayed = await seller.post<Schemas['ReplayFailedResult']>('/api/webhooks/deliveries/replay', {
      endpointId: endpoint.id,
      since: new Date(clock - 60_000).toISOString(),
    });
    expect(replayed.status).toBe(202);
    expect(replayed.body.replayed).toBe(2);
    await receiver.waitFor(5, { path: '/replay-failed' });
    const bad = await seller.post<{ message: string }>('/api/webhooks/deliveries/replay', { endpointId: endpoint.id, since: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/since/);
  });
});

describe('retention', () => {
  it('deletes events, deliveries and attempts older than WEBHOOK_LOG_DAYS', async () => {
    await created('/retention');
    await record([orderShipped(11, new Date(clock - 31 * DAY)), orderShipped(12)]);
    await receiver.waitFor(2, { path: '/retention' });
    await until(
      () => server.db.query('SELECT 1 FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id'),
      (rows) => rows.length >= 2,
    );
    await server.db.query(
      `UPDATE webhook_attempts SET attempted_at = $1 WHERE delivery_id IN
      (SELECT d.id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE e.payload LIKE '%"resourceId":11,%')`,
      [new Date(clock - 31 * DAY)],
    );
    await cleanUp({
      db: server.db,
      config: { ...server.config, webhookLogDays: 30 },
      loginThrottle: { windowSeconds: 900 },
      requestLog: createPostgresRequestLogStore(server.db),
      now: () => clock,
    } as never);
    const left = await server.db.query<{ payload: string }>('SELECT payload FROM webhook_events');
    expect(left.some((row) => row.payload.includes('"resourceId":11,'))).toBe(false);
    expect(left.some((row) => row.payload.includes('"resourceId":12,'))).toBe(true);
    const orphans = await server.db.query(`SELECT 1 FROM webhook_attempts WHERE attempted_at < $1`, [new Date(clock - 30 * DAY)]);
    expect(orphans).toHaveLength(0);
  });
});

describe('log lines', () => {
  it('never hold a payload, a secret or an answer', async () => {
    const { secret } = await created('/logs');
    receiver.answer = () => ({ status: 500, body: 'answer-body-never-logged' });
    await record([orderShipped(13)]);
    const [got] = await receiver.waitFor(1, { path: '/logs' });
    await until(
      () => attempts(),
      (found) => found.data[0]?.endpointUrl.endsWith('/logs') === true,
    );
    const logs = server.logs();
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(got?.body ?? 'x');
    expect(logs).not.toContain('answer-body-never-logged');
  });
});
