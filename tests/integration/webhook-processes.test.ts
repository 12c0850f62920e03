/**
 * Webhook delivery across real server processes: a process SIGKILLed while a receiver holds its request
 * leaves the delivery to the next process, which sends it again with the same webhook-id once the lease
 * ends; and on PostgreSQL two replicas deliver 1,000 events to 5 endpoints, each exactly once.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Transaction } from '../../src/server/db/database.ts';
import type { Schemas } from '../../src/server/lib/schemas.ts';
import { recordEvents, type ResourceEvent } from '../../src/server/webhooks/outbox.ts';
import { Client } from './support/http-client.ts';
import { serverProcesses } from './support/server-process.ts';
import { createTestDatabase, TEST_DATABASE, type TestDatabase } from './support/test-database.ts';
import { startWebhookReceiver, verifies, type WebhookReceiver } from './support/webhook-receiver.ts';

const WEBHOOK_ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_TIMEOUT_SECONDS: '3' };

let database: TestDatabase;
let receiver: WebhookReceiver;
const processes = serverProcesses();

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await processes.killAll();
  await receiver?.close();
  await database?.drop();
});

async function endpointOf(client: Client, path: string): Promise<Schemas['WebhookEndpointCreated']> {
  const made = await client.post<Schemas['WebhookEndpointCreated']>('/api/webhooks/endpoints', { url: `${receiver.origin}${path}` });
  expect(made.status).toBe(201);
  return made.body;
}

it('redelivers with the same webhook-id when the process sending it is killed mid-delivery', { timeout: 120_000 }, async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  receiver.answer = (got) =>
    got.path === '/killed' && receiver.received.filter((seen) => seen.path === '/killed').length === 1 ? { status: 200, after: held } : { status: 200 };
  const first = await processes.start(database, WEBHOOK_ENV);
  const client = new Client(first.baseUrl);
  await client.login();
  const { endpoint, secret } = await endpointOf(client, '/killed');
  const queued = await client.post<Schemas['WebhookDeliveryQueued']>(`/api/webhooks/endpoints/${endpoint.id}/test`, {
    eventType: 'seller.quotation.status_changed',
  });
  expect(queued.status).toBe(202);
  const [inFlight] = await receiver.waitFor(1, { path: '/killed' });
  await first.kill('SIGKILL');
  release();

  const second = await processes.start(database, WEBHOOK_ENV);
  const [, again] = await receiver.waitFor(2, { path: '/killed', timeoutMs: 30_000 });
  expect(again?.id).toBe(queued.body.eventId);
  expect(again?.id).toBe(inFlight?.id);
  expect(again?.body).toBe(inFlight?.body);
  expect(verifies(again!, secret)).toBe(true);
  const fresh = new Client(second.baseUrl);
  fresh.cookie = client.cookie;
  let delivery = await fresh.get<Schemas['WebhookDelivery']>(`/api/webhooks/deliveries/${queued.body.deliveryId}`);
  for (let tries = 0; tries < 50 && delivery.body.state !== 'succeeded'; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    delivery = await fresh.get<Schemas['WebhookDelivery']>(`/api/webhooks/deliveries/${queued.body.deliveryId}`);
  }
  expect(delivery.body.state).toBe('succeeded');
  // The killed attempt left no row: the log shows the one that was answered.
  expect(delivery.body.attempts.map((attempt) => attempt.outcome)).toEqual(['succeeded']);
  await second.kill('SIGTERM');
});

it.runIf(TEST_DATABASE === 'postgres')('two replicas deliver 1,000 events to 5 endpoints, each exactly once', { timeout: 180_000 }, async () => {
  receiver.answer = () => ({ status: 200 });
  const replicas = [await processes.start(database, WEBHOOK_ENV), await processes.start(database, WEBHOOK_ENV)];
  const client = new Client(replicas[0]!.baseUrl);
  // Another account than the first test's, whose endpoint would hear these events too.
  await client.login('seller2@example.com');
  const paths = ['/r1', '/r2', '/r3', '/r4', '/r5'];
  for (const path of paths) await endpointOf(client, path);
  const connection = new pg.Client({ connectionString: database.databaseUrl });
  await connection.connect();
  try {
    const [user] = (await connection.query<{ id: number }>(`SELECT id FROM users WHERE email = 'seller2@example.com'`)).rows;
    const tx: Transaction = {
      query: async (text, params) => (await connection.query(text, params)).rows,
      exec: async (sql) => void (await connection.query(sql)),
    };
    for (let batch = 0; batch < 10; batch += 1) {
      const events: ResourceEvent[] = Array.from({ length: 100 }, (_, index) => ({
        accountId: user!.id,
        environment: 'sandbox',
        type: 'seller.normal_order.status_changed',
        resourceId: batch * 100 + index + 1,
        resourcePath: `/seller/orders/normal/${batch * 100 + index + 1}`,
        changes: { status: { previous: 'PACKED', current: 'SHIPPED' } },
        time: new Date(),
      }));
      await connection.query('BEGIN');
      expect(await recordEvents(tx, events)).toBe(500);
      await connection.query('COMMIT');
    }
  } finally {
    await connection.end();
  }
  for (const path of paths) await receiver.waitFor(1_000, { path, timeoutMs: 120_000 });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const path of paths) {
    const ids = receiver.received.filter((got) => got.path === path).map((got) => got.id);
    expect(ids).toHaveLength(1_000);
    expect(new Set(ids).size).toBe(1_000);
  }
  for (const replica of replicas) await replica.kill('SIGTERM');
});
