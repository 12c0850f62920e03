/**
 * Live calls through the portal, against the reference provider API (examples/upstream-reference/), which
 * trusts only the portal's signed identity, verified with the portal's real /.well-known/jwks.json. On
 * every public operation of both APIs: a live token reads its account's data from the upstream (the
 * identity names the account, its user type, the token's scopes and id, the caller's address, the
 * configured issuer and audience, a life of at most 60 s), the answer is the spec's, ETag and If-None-Match
 * pass through and a 304 costs no rate limit, a sandbox token of the same account still reads the sandbox,
 * and another account's id is the upstream's 404. The token value reaches neither the upstream nor the
 * log; MCP's call_operation follows the token's environment like any other call.
 */
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceUpstream, idsOf } from '../../examples/upstream-reference/server.mjs';
import { loadSpec } from '../../src/server/spec/openapi-document.ts';
import { catalogueCalls, catalogueOperations, listOfDetail } from './support/catalogue-calls.ts';
import { freePort } from './support/free-port.ts';
import { TOKEN_HEADER, type Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const AUDIENCE = 'https://fulfillment-api.test.example';
const USER_AGENT = 'live-proxy-test/1.0';
/** What the portal may send the upstream, and nothing else. */
const SENT_HEADERS = ['accept', 'accept-encoding', 'authorization', 'connection', 'host', 'if-none-match', 'user-agent', 'x-request-id'];

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
}

interface Account {
  client: Client;
  userId: number;
  live: string;
  sandbox: string;
  family: 'seller' | 'warehouse';
}

let server: TestServer;
let upstream: Server;
let origin: string;
const received: Received[] = [];
const accounts: Partial<Record<'seller' | 'warehouse', Account>> = {};

async function account(family: 'seller' | 'warehouse'): Promise<Account> {
  const client = server.client();
  if (family === 'seller') await client.login();
  else await client.login('warehouse@example.com', 'WAREHOUSE');
  const created = await client.post<{ data: { token: string } }>('/api/auth/token', { title: 'Live', description: 'live calls', environment: 'live' });
  expect(created.status).toBe(201);
  const sandbox = await client.createToken('Sandbox');
  const [user] = await server.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    family === 'seller' ? 'seller@example.com' : 'warehouse@example.com',
  ]);
  return { client, userId: user?.id ?? 0, live: created.body.data.token, sandbox, family };
}

const mine = (family: 'seller' | 'warehouse'): Account => {
  const found = accounts[family];
  if (found === undefined) throw new Error(`no ${family} account`);
  return found;
};

/** The identity the upstream received with the last call of `path` (relative to /api/v1). */
function lastIdentityFor(path: string): { header: ReturnType<typeof decodeProtectedHeader>; claims: Record<string, unknown>; received: Received } {
  const entry = received.findLast((candidate) => candidate.url === `/api/v1${path}`);
  if (entry === undefined) throw new Error(`the upstream saw no call of ${path}`);
  const jwt = (entry.headers.authorization ?? '').replace(/^Bearer /, '');
  return { header: decodeProtectedHeader(jwt), claims: decodeJwt(jwt) as Record<string, unknown>, received: entry };
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const reference = createReferenceUpstream({
    spec: loadSpec(new URL('../../src/generated/openapi.public.json', import.meta.url).pathname),
    issuer: origin,
    audience: AUDIENCE,
  });
  upstream = reference.server;
  upstream.prependListener('request', (request) => received.push({ url: request.url ?? '', headers: request.headers }));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1`;
  server = await startTestServer({
    port,
    env: { PUBLIC_ORIGIN: origin, UPSTREAM_API_URL: upstreamUrl, UPSTREAM_AUDIENCE: AUDIENCE, RATE_LIMIT_PER_MINUTE: '1000' },
  });
  expect(server.baseUrl).toBe(origin);
  accounts.seller = await account('seller');
  accounts.warehouse = await account('warehouse');
});
afterAll(async () => {
  await server?.close();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe.each(['seller', 'warehouse'] as const)('every %s operation with a live token', (family) => {
  it('reads the account own data from the upstream, as the account, within the spec', async () => {
    const me = mine(family);
    const subject = `portal:${me.userId}`;
    const domains = [...new Set(catalogueOperations(family).map((operation) => operation.domain))];
    const [token] = await server.db.query<{ id: number }>("SELECT id FROM api_tokens WHERE user_id = $1 AND environment = 'live'", [me.userId]);
    const calls = await catalogueCalls(
      family,
      async (path) => (await me.client.api(`/api/v1${path}`, me.live, { headers: { 'user-agent': USER_AGENT } })).body,
    );
    expect(calls.length).toBe(catalogueOperations(family).length);
    for (const call of calls) {
      // The client validates every answer against the spec.
      const answer = await me.client.api<{ data?: unknown[] }>(`/api/v1${call.path}`, me.live);
      expect(answer.status, call.path).toBe(200);
      const rowId = (call.operation.mode === 'list' ? call.operation.rowId : listOfDetail(call.operation)?.rowId) ?? ['id'];
      const idOf = (row: unknown) => rowId.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], row);
      const ids = call.operation.mode === 'list' ? (answer.body.data ?? []).map(idOf) : [idOf(answer.body)];
      expect(ids.length, call.path).toBeGreaterThan(0);
      for (const id of ids) expect(idsOf(subject), call.path).toContain(id);
      const { header, claims, received: seen } = lastIdentityFor(call.path);
      expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
      expect(claims).toMatchObject({
        iss: origin,
        aud: AUDIENCE,
        sub: subject,
        user_type: family.toUpperCase(),
        token_id: token?.id,
        client_ip: '127.0.0.1',
      });
      expect(String(claims.scope).split(' ').sort()).toEqual([...domains].sort());
      expect((claims.exp as number) - (claims.iat as number)).toBeLessThanOrEqual(60);
      expect(
        Object.keys(seen.headers)
          .sort()
          .filter((name) => !SENT_HEADERS.includes(name)),
      ).toEqual([]);
      expect(seen.headers['accept-encoding']).toBe('identity');
      expect(seen.headers['user-agent']).toMatch(/developer-portal/);
      expect(seen.headers['x-request-id']).toBeTruthy();
    }
  });

  it('passes ETag and If-None-Match through, and a 304 spends no rate limit', async () => {
    const me = mine(family);
    const path = `/api/v1${catalogueOperations(family)[0]?.path}?page=0&size=5`;
    const first = await me.client.api(path, me.live);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const remaining = first.headers.get('ratelimit-remaining');
    const before = received.length;
    const again = await me.client.api(path, me.live, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('ratelimit-remaining')).toBe(remaining);
    // The upstream was asked (its Cache-Control is no-cache), conditionally.
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)?.headers['if-none-match']).toBe(etag);
    // A caller's tag of another answer: the kept body, 200.
    const other = await me.client.api(path, me.live, { headers: { 'if-none-match': '"not-this-one"' } });
    expect(other.status).toBe(200);
    expect(other.text).toBe(first.text);
    expect(Number(other.headers.get('ratelimit-remaining'))).toBe(Number(remaining) - 1);
  });

  it('keeps the sandbox for a sandbox token of the same account, and never mixes the two', async () => {
    const me = mine(family);
    const subject = `portal:${me.userId}`;
    const list = `/api/v1${catalogueOperations(family)[0]?.path}?page=0&size=10`;
    const before = received.length;
    const sandbox = await me.client.api<{ data: { id: number }[] }>(list, me.sandbox);
    expect(sandbox.status).toBe(200);
    expect(received.length).toBe(before);
    const live = await me.client.api<{ data: { id: number }[] }>(list, me.live);
    expect(live.body.data.map((row) => row.id)).toEqual(idsOf(subject).slice(0, 10));
    expect(sandbox.text).not.toBe(live.text);
    expect((await me.client.api(list, me.sandbox)).text).toBe(sandbox.text);
    // The sandbox's tag is not the live answer's: a 304 is never the other environment's.
    const crossed = await me.client.api(list, me.live, { headers: { 'if-none-match': sandbox.headers.get('etag') ?? '' } });
    expect(crossed.status).toBe(200);
  });

  it("answers the upstream's 404 for another account's id", async () => {
    const me = mine(family);
    const detail = catalogueOperations(family).find((operation) => operation.mode === 'detail');
    const foreign = idsOf('portal:987654').find((id) => !idsOf(`portal:${me.userId}`).includes(id));
    const path = `/api/v1${detail?.path.replace(/\{[^}]+\}/, String(foreign))}`;
    const answer = await me.client.api<{ status: number; message: string }>(path, me.live);
    expect(answer.status).toBe(404);
    expect(answer.body.status).toBe(404);
    expect(answer.headers.get('ratelimit-remaining')).not.toBeNull();
  });
});

describe('the token value', () => {
  it('reaches neither the upstream nor the log', () => {
    const values = [mine('seller').live, mine('warehouse').live, mine('seller').sandbox];
    expect(received.length).toBeGreaterThan(20);
    const everything = JSON.stringify(received);
    for (const value of values) {
      expect(everything).not.toContain(value);
      expect(server.logs()).not.toContain(value);
    }
    for (const entry of received) {
      expect(entry.headers[TOKEN_HEADER.toLowerCase()]).toBeUndefined();
      expect(entry.headers.cookie).toBeUndefined();
    }
  });
});

describe('MCP call_operation', () => {
  it('follows the live token to the upstream', async () => {
    const me = mine('seller');
    const mcp = new McpClient({ name: 'live-proxy-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { requestInit: { headers: { [TOKEN_HEADER]: me.live } } }));
    const before = received.length;
    const result = (await mcp.callTool({
      name: 'call_operation',
      arguments: { operationId: 'listSellerWarehouses', parameters: { page: 0, size: 3 } },
    })) as CallToolResult;
    const text = (result.content[0] as { text: string }).text;
    expect(result.isError).toBeFalsy();
    expect(text).toMatch(/^HTTP 200\n/);
    const body = JSON.parse(text.slice(text.indexOf('\n\n') + 2)) as { data: { id: number }[] };
    expect(body.data.map((row) => row.id)).toEqual(idsOf(`portal:${me.userId}`).slice(0, 3));
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)?.url).toBe('/api/v1/seller/warehouses?page=0&size=3');
    await mcp.close();
  });
});
