/**
 * Forward-auth through a real Caddy (examples/gateway/Caddyfile as it is) in front of the reference
 * provider API, the portal checking each call (checkGatewayCall, docs/gateway.md): a live token reads its
 * own account's data with the identity Caddy copies into Authorization; refusals come back as the portal
 * answered them (401, 403, 429 with Retry-After, JSON); a client's own X-Original-URI cannot make the check
 * decide another call; Caddy's JSON access log, sent over UDP, carries the copied note, so each call reaches
 * Usage with Caddy's status and duration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf } from '../../examples/upstream-reference/server.mjs';
import { TOKEN_HEADER, type Client } from './support/http-client.ts';
import { freePort } from './support/free-port.ts';
import { startGateway, type Gateway } from './support/gateway-engines.ts';
import { awayFromWindowEnd, createToken, eventually, startGatewayPortal, usageOf, type GatewayPortal } from './support/gateway-portal.ts';

const LIMIT = 20;

async function call(baseUrl: string, path: string, token: string | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { 'user-agent': 'gateway-test/1', ...(token === undefined ? {} : { [TOKEN_HEADER]: token }), ...headers },
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json') && text !== '';
  return { status: response.status, headers: response.headers, body: json ? (JSON.parse(text) as unknown) : text };
}

let setup: GatewayPortal;
let caddy: Gateway;
let seller: Client;
let subject: string;

beforeAll(async () => {
  setup = await startGatewayPortal({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  caddy = await startGateway('caddy', { portal: setup.portalAddress, providerApi: setup.upstream.hostPort, gatewayLog: setup.logAddress });
  seller = setup.portal.client();
  await seller.login();
  const [user] = await setup.portal.db.query<{ id: number; subject: string | null }>(`SELECT id, subject FROM users WHERE email = 'seller@example.com'`);
  subject = user!.subject ?? `portal:${user!.id}`;
});
afterAll(async () => {
  await caddy?.dispose();
  await setup?.close();
});

describe('Caddy forward_auth with the portal', () => {
  it("admits a live token: the upstream serves its own account's data to the identity in Authorization, never seeing the token", async () => {
    const live = await createToken(seller, 'caddy live');
    const answer = await call(caddy.baseUrl, '/api/v1/seller/warehouses?size=2', live.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as { data: Array<{ id: number }> }).data.map((item) => item.id)).toEqual(idsOf(subject).slice(0, 2));
    expect(setup.upstream.identities.at(-1)).toMatchObject({ sub: subject, user_type: 'SELLER', token_id: live.id, client_ip: '127.0.0.1' });
    const headers = setup.upstream.headers.at(-1)!;
    expect(headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(headers[TOKEN_HEADER.toLowerCase()]).toBeUndefined();
    expect(headers['x-auth-request-call']).toBeUndefined();
    expect(headers['x-auth-request-user']).toBe(subject);
  });

  it('passes refusals on as the portal answered them: 403 out of scope, 401 a sandbox token or none, 404 no operation', async () => {
    const scoped = await createToken(seller, 'caddy scoped', { scopes: ['products'] });
    const outOfScope = await call(caddy.baseUrl, '/api/v1/seller/orders/normal', scoped.token);
    expect(outOfScope).toMatchObject({ status: 403, body: { status: 403, message: 'This token has no access to orders.' } });
    const sandbox = await createToken(seller, 'caddy sandbox', { environment: 'sandbox' });
    expect(await call(caddy.baseUrl, '/api/v1/seller/warehouses', sandbox.token)).toMatchObject({ status: 401, body: { status: 401, message: 'forbidden' } });
    expect(await call(caddy.baseUrl, '/api/v1/seller/warehouses', undefined)).toMatchObject({ status: 401, body: { status: 401, message: 'forbidden' } });
    expect(await call(caddy.baseUrl, '/api/v1/seller/nothing', scoped.token)).toMatchObject({
      status: 404,
      body: { status: 404, message: 'GET /api/v1/seller/nothing is not an operation of the public API.' },
    });
  });

  it("lets no client name another call than its own: its X-Original-URI is removed, and one the portal sees beside Caddy's X-Forwarded-Uri must agree", async () => {
    const scoped = await createToken(seller, 'caddy spoof', { scopes: ['products'] });
    const spoofed = await call(caddy.baseUrl, '/api/v1/seller/orders/normal', scoped.token, { 'x-original-uri': '/api/v1/seller/products' });
    expect(spoofed.status).toBe(403);
    // Straight at the portal, as a gateway without that removal would send it: refused, not decided.
    const direct = await fetch(`http://${setup.portalAddress}/api/gateway/check`, {
      headers: { [TOKEN_HEADER]: scoped.token, 'x-original-uri': '/api/v1/seller/products', 'x-forwarded-uri': '/api/v1/seller/orders/normal' },
    });
    expect(direct.status).toBe(400);
    expect(JSON.parse(direct.headers.get('x-auth-request-error') ?? '{}')).toEqual({
      status: 400,
      message: 'The URI in x-original-uri and x-forwarded-uri differ.',
    });
  });

  it("puts each admitted call in Usage from Caddy's JSON access log, with Caddy's status and duration", async () => {
    const live = await createToken(seller, 'caddy usage');
    const own = idsOf(subject)[1]!;
    expect((await call(caddy.baseUrl, `/api/v1/seller/warehouses/${own}`, live.token)).status).toBe(200);
    expect((await call(caddy.baseUrl, '/api/v1/seller/warehouses/2', live.token)).status).toBe(404);
    const rows = await eventually(async () => {
      await setup.portal.app.flushRequestLog();
      const found = await usageOf(seller, live.id);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(rows.map((row) => [row.operationId, row.path, row.status])).toEqual([
      ['getSellerWarehouse', '/api/v1/seller/warehouses/2', 404],
      ['getSellerWarehouse', `/api/v1/seller/warehouses/${own}`, 200],
    ]);
    for (const row of rows) {
      expect(row.durationMs).toBeGreaterThan(0);
      expect(row.responseBytes).toBeGreaterThan(0);
      expect(row).toMatchObject({ method: 'GET', userAgent: 'gateway-test/1', clientAddress: '127.0.0.1' });
    }
  });

  it(`answers the call past the limit (${LIMIT} a minute) 429 with Retry-After and the JSON body`, { timeout: 90_000 }, async () => {
    const live = await createToken(seller, 'caddy limit');
    await awayFromWindowEnd();
    const statuses = await Promise.all(
      Array.from({ length: LIMIT }, async () => (await call(caddy.baseUrl, '/api/v1/seller/warehouses?size=1', live.token)).status),
    );
    expect(statuses).toEqual(Array.from({ length: LIMIT }, () => 200));
    const refused = await call(caddy.baseUrl, '/api/v1/seller/warehouses?size=1', live.token);
    expect(refused).toMatchObject({ status: 429, body: { status: 429, message: expect.stringMatching(/^Too many requests, retry in \d+ seconds\.$/) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  });
});

describe('Caddy with the portal down', () => {
  it('answers 503 in JSON and passes no call', async () => {
    const down = await startGateway('caddy', { portal: `127.0.0.1:${await freePort()}`, providerApi: setup.upstream.hostPort, gatewayLog: setup.logAddress });
    try {
      const before = setup.upstream.headers.length;
      const answer = await call(down.baseUrl, '/api/v1/seller/warehouses', 'acme_s_live_whatever');
      expect(answer).toMatchObject({ status: 503, body: { status: 503 } });
      expect(setup.upstream.headers.length).toBe(before);
    } finally {
      await down.dispose();
    }
  });
});
