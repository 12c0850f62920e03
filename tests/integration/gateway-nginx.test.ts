/**
 * Forward-auth through a real nginx (examples/gateway/nginx.conf as it is) in front of the reference
 * provider API, the portal checking each call (checkGatewayCall, docs/gateway.md): a live token reads its
 * own account's data and the upstream receives the signed identity, never the token; a refused call is the
 * API's own status and JSON body through nginx (401, 403, 404, 429 with Retry-After); the caller's address
 * is the one nginx saw (TRUST_PROXY); each call reaches Usage through the syslog receiver with nginx's
 * status and duration; the portal down is a 503 in JSON. On PostgreSQL, a token deleted through another
 * replica stops at the next call.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf } from '../../examples/upstream-reference/server.mjs';
import { Client, TOKEN_HEADER } from './support/http-client.ts';
import { freePort } from './support/free-port.ts';
import { startGateway, startReferenceUpstream, type Gateway } from './support/gateway-engines.ts';
import { awayFromWindowEnd, createToken, eventually, gatewayPortalEnv, startGatewayPortal, usageOf, type GatewayPortal } from './support/gateway-portal.ts';
import { serverEnv, startServerProcess } from './support/server-process.ts';
import { createTestDatabase, TEST_DATABASE } from './support/test-database.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** A GET through the gateway, from `localAddress` (another loopback address than 127.0.0.1 when given). */
function call(
  baseUrl: string,
  path: string,
  token: string | undefined,
  options: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}${path}`,
      {
        headers: { 'user-agent': 'gateway-test/1', ...(token === undefined ? {} : { [TOKEN_HEADER]: token }), ...options.headers },
        ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const json = (response.headers['content-type'] ?? '').includes('json') && text !== '';
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: json ? (JSON.parse(text) as unknown) : text });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

let setup: GatewayPortal;
let nginx: Gateway;
let seller: Client;
let subject: string;

beforeAll(async () => {
  setup = await startGatewayPortal();
  nginx = await startGateway('nginx', { portal: setup.portalAddress, providerApi: setup.upstream.hostPort, gatewayLog: setup.logAddress });
  seller = setup.portal.client();
  await seller.login();
  const [user] = await setup.portal.db.query<{ id: number; subject: string | null }>(`SELECT id, subject FROM users WHERE email = 'seller@example.com'`);
  subject = user!.subject ?? `portal:${user!.id}`;
});
afterAll(async () => {
  await nginx?.dispose();
  await setup?.close();
});

describe('nginx auth_request with the portal', () => {
  it("admits a live token: the upstream serves its own account's data to the signed identity, never seeing the token", async () => {
    const live = await createToken(seller, 'nginx live');
    const answer = await call(nginx.baseUrl, '/api/v1/seller/warehouses?size=3', live.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const ids = (answer.body as { data: Array<{ id: number }> }).data.map((item) => item.id);
    expect(ids).toEqual(idsOf(subject).slice(0, 3));
    const identity = setup.upstream.identities.at(-1)!;
    expect(identity).toMatchObject({ sub: subject, user_type: 'SELLER', token_id: live.id, client_ip: '127.0.0.1' });
    const headers = setup.upstream.headers.at(-1)!;
    expect(headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(headers[TOKEN_HEADER.toLowerCase()]).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain(live.token);
    expect(headers['x-auth-request-user']).toBe(subject);
    expect(answer.headers['ratelimit-limit']).toBe('600');
    expect(answer.headers['ratelimit-remaining']).toBe('599');
  });

  it("refuses what the portal refuses, with the API's JSON body: out of scope 403, another family 401, a sandbox token 401, no token 401, no operation 404", async () => {
    const scoped = await createToken(seller, 'nginx scoped', { scopes: ['products'] });
    const outOfScope = await call(nginx.baseUrl, '/api/v1/seller/orders/normal', scoped.token);
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.headers['content-type']).toBe('application/json');
    expect(outOfScope.body).toEqual({ status: 403, message: 'This token has no access to orders.' });
    expect((await call(nginx.baseUrl, '/api/v1/seller/products?size=1', scoped.token)).status).toBe(200);

    const warehouse = setup.portal.client();
    await warehouse.login('warehouse@example.com', 'WAREHOUSE');
    const warehouseToken = await createToken(warehouse, 'nginx warehouse');
    expect(await call(nginx.baseUrl, '/api/v1/seller/warehouses', warehouseToken.token)).toMatchObject({
      status: 401,
      body: { status: 401, message: 'forbidden' },
    });

    const sandbox = await createToken(seller, 'nginx sandbox', { environment: 'sandbox' });
    expect(await call(nginx.baseUrl, '/api/v1/seller/warehouses', sandbox.token)).toMatchObject({ status: 401, body: { status: 401, message: 'forbidden' } });
    expect(await call(nginx.baseUrl, '/api/v1/seller/warehouses', undefined)).toMatchObject({ status: 401, body: { status: 401, message: 'forbidden' } });

    const unknown = await call(nginx.baseUrl, '/api/v1/seller/nothing-here?x=1', scoped.token);
    expect(unknown).toMatchObject({ status: 404, body: { status: 404, message: 'GET /api/v1/seller/nothing-here is not an operation of the public API.' } });
    // A percent-encoded slash could lead the upstream elsewhere than the check decided: no operation.
    expect((await call(nginx.baseUrl, '/api/v1/seller/warehouses/1%2F..%2F..%2Forders%2Fnormal', scoped.token)).status).toBe(404);

    // The refusal of a known token is in its owner's Usage at once, under the operation called.
    await setup.portal.app.flushRequestLog();
    const [row] = await usageOf(seller, scoped.id).then((rows) => rows.filter((entry) => entry.status === 403));
    expect(row).toMatchObject({
      operationId: 'listSellerNormalOrders',
      method: 'GET',
      path: '/api/v1/seller/orders/normal',
      status: 403,
      userAgent: 'gateway-test/1',
    });
  });

  it("checks the caller's address as nginx saw it (TRUST_PROXY), whatever X-Forwarded-For the caller sends", async () => {
    const elsewhere = await createToken(seller, 'nginx elsewhere', { ipAllowlist: ['10.9.9.9'] });
    const refused = await call(nginx.baseUrl, '/api/v1/seller/warehouses', elsewhere.token, {
      headers: { 'x-forwarded-for': '10.9.9.9', 'x-real-ip': '10.9.9.9' },
    });
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toContain('127.0.0.1');

    // From another loopback address: the portal sees 127.0.0.5, not nginx's 127.0.0.1.
    const fromFive = await createToken(seller, 'nginx from .5', { ipAllowlist: ['127.0.0.5'] });
    expect((await call(nginx.baseUrl, '/api/v1/seller/warehouses', fromFive.token)).status).toBe(403);
    const admitted = await call(nginx.baseUrl, '/api/v1/seller/warehouses?size=1', fromFive.token, { localAddress: '127.0.0.5' });
    expect(admitted.status).toBe(200);
    expect(setup.upstream.identities.at(-1)).toMatchObject({ token_id: fromFive.id, client_ip: '127.0.0.5' });
    const row = await eventually(async () => {
      await setup.portal.app.flushRequestLog();
      const found = (await usageOf(seller, fromFive.id)).find((entry) => entry.status === 200);
      expect(found).toBeDefined();
      return found!;
    });
    expect(row.clientAddress).toBe('127.0.0.5');
  });

  it("puts each admitted call in Usage from nginx's access log: nginx's status, its duration and bytes", async () => {
    const live = await createToken(seller, 'nginx usage');
    const own = idsOf(subject)[0]!;
    expect((await call(nginx.baseUrl, `/api/v1/seller/warehouses/${own}`, live.token)).status).toBe(200);
    // Admitted by the portal, answered 404 by the upstream (not this account's id): Usage says 404.
    expect((await call(nginx.baseUrl, '/api/v1/seller/warehouses/1', live.token)).status).toBe(404);
    const rows = await eventually(async () => {
      await setup.portal.app.flushRequestLog();
      const found = await usageOf(seller, live.id);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(rows.map((row) => [row.operationId, row.path, row.status])).toEqual([
      ['getSellerWarehouse', '/api/v1/seller/warehouses/1', 404],
      ['getSellerWarehouse', `/api/v1/seller/warehouses/${own}`, 200],
    ]);
    for (const row of rows) {
      expect(row.durationMs).toBeGreaterThanOrEqual(0);
      expect(row.responseBytes).toBeGreaterThan(0);
      expect(row).toMatchObject({ method: 'GET', userAgent: 'gateway-test/1', clientAddress: '127.0.0.1' });
    }
    const stats = setup.portal.app.gatewayLogStats();
    expect(stats.recorded).toBeGreaterThanOrEqual(2);
    expect(stats.dropped).toEqual({});
    // The check's own access line holds no token.
    expect(setup.portal.logs()).not.toContain(live.token);
  });

  it('answers the 601st call of a minute 429 with Retry-After, the rate-limit headers and the JSON body (the default 600)', { timeout: 120_000 }, async () => {
    const live = await createToken(seller, 'nginx 600');
    await awayFromWindowEnd(30);
    const statuses: number[] = [];
    for (let batch = 0; batch < 30; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => call(nginx.baseUrl, '/api/v1/seller/warehouses?size=1', live.token)));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(600);
    const refused = await call(nginx.baseUrl, '/api/v1/seller/warehouses?size=1', live.token);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('application/json');
    expect(refused.body).toMatchObject({ status: 429, message: expect.stringMatching(/^Too many requests, retry in \d+ seconds\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-limit']).toBe('600');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
  });
});

describe('nginx with the portal down', () => {
  it('answers 503 in JSON and passes no call', async () => {
    const down = await startGateway('nginx', { portal: `127.0.0.1:${await freePort()}`, providerApi: setup.upstream.hostPort, gatewayLog: setup.logAddress });
    try {
      const before = setup.upstream.headers.length;
      const answer = await call(down.baseUrl, '/api/v1/seller/warehouses', 'acme_s_live_whatever');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ status: 503, message: expect.stringContaining('cannot be reached') });
      expect(setup.upstream.headers.length).toBe(before);
    } finally {
      await down.dispose();
    }
  });
});

describe.runIf(TEST_DATABASE === 'postgres')('two replicas on one PostgreSQL', () => {
  it('a token deleted through replica B stops at the next call nginx checks with replica A', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    const portPort = await freePort();
    const origin = `http://127.0.0.1:${portPort}`;
    const upstream = await startReferenceUpstream(origin);
    const logAddress = `127.0.0.1:${await freePort()}`;
    const env = serverEnv(database, { ...gatewayPortalEnv(origin, upstream, logAddress), PUBLIC_ORIGIN: origin });
    const a = await startServerProcess({ ...env, PORT: String(portPort) });
    const b = await startServerProcess({ ...env, GATEWAY_LOG_ADDRESS: `127.0.0.1:${await freePort()}` }).catch(async (error: unknown) => {
      await a.kill('SIGKILL');
      throw error;
    });
    const gateway = await startGateway('nginx', { portal: `127.0.0.1:${portPort}`, providerApi: upstream.hostPort, gatewayLog: logAddress });
    try {
      const atA = new Client(a.baseUrl);
      await atA.login();
      const live = await createToken(atA, 'two replicas');
      expect((await call(gateway.baseUrl, '/api/v1/seller/warehouses?size=1', live.token)).status).toBe(200);
      // Usage through replica A's receiver, read through replica B.
      const atB = new Client(b.baseUrl);
      await atB.login();
      await eventually(async () => expect((await usageOf(atB, live.id)).map((row) => row.status)).toEqual([200]));

      expect((await atB.delete(`/api/auth/token/${live.token}`)).status).toBe(204);
      const next = await eventually(async () => {
        const answer = await call(gateway.baseUrl, '/api/v1/seller/warehouses?size=1', live.token);
        expect(answer.status).toBe(401);
        return answer;
      }, 2_000);
      expect(next.body).toEqual({ status: 401, message: 'forbidden' });
    } finally {
      await gateway.dispose();
      await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
      await upstream.close();
      await database.drop();
    }
  });
});
