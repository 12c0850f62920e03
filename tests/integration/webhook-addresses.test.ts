/**
 * The address check of webhook delivery, with private networks not allowed (the default): an endpoint
 * whose URL is a private, loopback or metadata address, or a name that resolves to one (`localhost`, as
 * the system's resolver answers it; the check runs in the socket's own lookup, so it is the address
 * connected to that is judged), gets a failed attempt saying why, and the receiver behind it gets nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Schemas } from '../../src/server/lib/schemas.ts';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

let server: TestServer;
let receiver: WebhookReceiver;
let seller: Client;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer();
  seller = server.client();
  await seller.login();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

async function attemptFor(url: string): Promise<Schemas['WebhookAttempt'] | undefined> {
  const made = await seller.post<Schemas['WebhookEndpointCreated']>('/api/webhooks/endpoints', { url });
  expect(made.status).toBe(201);
  const queued = await seller.post(`/api/webhooks/endpoints/${made.body.endpoint.id}/test`, { eventType: 'seller.normal_order.status_changed' });
  expect(queued.status).toBe(202);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const page = await seller.get<Schemas['WebhookAttemptPage']>(`/api/webhooks/deliveries?endpointId=${made.body.endpoint.id}`);
    if (page.body.data[0] !== undefined) return page.body.data[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

it.each([
  ['http://10.0.0.5:8080/hook', 'refused: resolves to a private address 10.0.0.5'],
  ['http://192.168.1.20/hook', 'refused: resolves to a private address 192.168.1.20'],
  ['http://100.64.0.1/hook', 'refused: resolves to a carrier-grade NAT address 100.64.0.1'],
  ['http://169.254.169.254/latest/meta-data/', 'refused: resolves to a cloud metadata address 169.254.169.254'],
  ['http://[fd00:ec2::254]/latest/meta-data/', 'refused: resolves to a cloud metadata address fd00:ec2::254'],
  ['http://[::ffff:10.0.0.5]/hook', /^refused: resolves to a private address /],
  ['http://0.0.0.0/hook', 'refused: resolves to an unspecified address 0.0.0.0'],
])('refuses %s before any connection', async (url, message) => {
  const attempt = await attemptFor(url);
  expect(attempt).toMatchObject({ outcome: 'failed', statusCode: null, responseBody: null });
  expect(attempt?.error).toMatch(message);
});

it('refuses a name that resolves to a loopback address, and the receiver there gets nothing', async () => {
  const port = new URL(receiver.origin).port;
  const viaName = await attemptFor(`http://localhost:${port}/by-name`);
  expect(viaName?.error).toMatch(/^refused: resolves to a loopback address (127\.0\.0\.1|::1)$/);
  const viaAddress = await attemptFor(`${receiver.origin}/by-address`);
  expect(viaAddress?.error).toBe('refused: resolves to a loopback address 127.0.0.1');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(receiver.received).toHaveLength(0);
});

it.each(['http://010.0.0.1/hook', 'http://0x7f.0.0.1/hook', 'http://127.1/hook', 'http://2130706433/hook', 'https://10.0.0.05/hook'])(
  'refuses %s at registration with a 400 naming its host, which the URL parser would read as another address',
  async (url) => {
    const made = await seller.post('/api/webhooks/endpoints', { url });
    expect(made.status).toBe(400);
    expect(made.body).toEqual({
      status: 400,
      message: `url: the host "${url.slice(url.indexOf('//') + 2, url.indexOf('/', url.indexOf('//') + 2))}" is not an IPv4 address in four plain decimal numbers.`,
    });
  },
);
