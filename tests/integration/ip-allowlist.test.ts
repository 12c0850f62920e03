/**
 * Per-token IP allowlists on the real server: set at creation or with updateApiTokenIpAllowlist, the 403
 * (exact body, address shown as IPv4 for a mapped client) on public calls and on MCP's call_operation, no
 * rate limit spent, the refused call in the request log, a change applying at once with its activity event,
 * bad entries refused with nothing changed, and getClientAddress. TRUST_PROXY=true lets each call say its
 * address in X-Forwarded-For.
 */
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER, type Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const LIST = '/api/v1/seller/warehouses?page=0&size=1';
const INSIDE = '203.0.113.9';
const OUTSIDE = '198.51.100.1';
const refused = (address: string) => JSON.stringify({ status: 403, message: `This token cannot be used from ${address}.` });

type ApiToken = { id: number; title: string; token: string; ipAllowlist: string[] };
type ActivityRow = { event_type: string; token_id: number; token_title: string; ip_address: string; user_agent: string | null; details: unknown };

let server: TestServer;
let seller: Client;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  seller = server.client();
  await seller.login();
});
afterAll(async () => server?.close());

async function create(title: string, ipAllowlist?: string[]): Promise<ApiToken> {
  const response = await seller.post<{ data: ApiToken }>('/api/auth/token', { title, description: 'd', ...(ipAllowlist ? { ipAllowlist } : {}) });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body.data;
}

const callFrom = (address: string, token: string, path = LIST) => seller.api(path, token, { headers: { 'x-forwarded-for': address } });
const putAllowlist = (id: number, ipAllowlist: unknown, headers: Record<string, string> = {}) =>
  seller.request<{ data: ApiToken }>('PUT', `/api/portal/tokens/${id}/ip-allowlist`, { body: { ipAllowlist }, headers });
const events = (tokenId: number, type: string) =>
  server.db.query<ActivityRow>(
    'SELECT event_type, token_id, token_title, ip_address, user_agent, details FROM activity_events WHERE token_id = $1 AND event_type = $2 ORDER BY id',
    [tokenId, type],
  );

describe('a token with an IP allowlist', () => {
  it('is stored canonical at creation, and shown on the card', async () => {
    const token = await create('canonical', [' 203.0.113.77/24 ', '::ffff:198.51.100.7', '2001:0db8::1', '203.0.113.0/24']);
    expect(token.ipAllowlist).toEqual(['203.0.113.0/24', '198.51.100.7', '2001:db8::1']);
    const listed = (await seller.get<{ data: ApiToken[] }>('/api/auth/token')).body.data.find((row) => row.id === token.id);
    expect(listed?.ipAllowlist).toEqual(['203.0.113.0/24', '198.51.100.7', '2001:db8::1']);
    expect((await create('any address')).ipAllowlist).toEqual([]);
  });

  it('answers 403 naming the address outside it, spends no rate limit, and logs the call as 403', async () => {
    const token = await create('allowlisted', ['203.0.113.0/24']);
    const first = await callFrom(INSIDE, token.token);
    expect(first.status).toBe(200);
    const remaining = Number(first.headers.get('ratelimit-remaining'));

    const outside = await callFrom(OUTSIDE, token.token);
    expect(outside.status).toBe(403);
    expect(outside.text).toBe(refused(OUTSIDE));
    expect(outside.headers.get('ratelimit-remaining')).toBeNull();
    // An IPv4 client seen as IPv4-mapped IPv6 is matched, and named, as IPv4.
    expect((await callFrom(`::ffff:${OUTSIDE}`, token.token)).text).toBe(refused(OUTSIDE));
    expect((await callFrom(`::ffff:${INSIDE}`, token.token)).status).toBe(200);
    // Without X-Forwarded-For the test's own socket address is outside too.
    expect((await seller.api(LIST, token.token)).text).toBe(refused('127.0.0.1'));

    const next = await callFrom(INSIDE, token.token);
    expect(Number(next.headers.get('ratelimit-remaining'))).toBe(remaining - 2);

    await server.app.flushRequestLog();
    const logged = await server.db.query<{ status: number }>('SELECT status FROM request_log WHERE token_id = $1 ORDER BY logged_at, id', [token.id]);
    expect(logged.map((row) => row.status)).toEqual([200, 403, 403, 200, 403, 200]);
  });

  it('checks scopes first: a call outside both answers the access 403', async () => {
    const response = await seller.post<{ data: ApiToken }>('/api/auth/token', {
      title: 'scoped and allowlisted',
      description: 'd',
      scopes: ['orders'],
      ipAllowlist: [INSIDE],
    });
    expect((await callFrom(OUTSIDE, response.body.data.token)).text).toBe('{"status":403,"message":"This token has no access to warehouses."}');
  });

  it('refuses MCP call_operation from outside the list the same way', async () => {
    const token = await create('assistant', [INSIDE]);
    const callAs = async (address: string) => {
      const client = new McpClient({ name: 'allowlist-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
          requestInit: { headers: { [TOKEN_HEADER]: token.token, 'x-forwarded-for': address } },
        }),
      );
      const result = (await client.callTool({ name: 'call_operation', arguments: { operationId: 'listSellerWarehouses', parameters: {} } })) as CallToolResult;
      await client.close();
      return { isError: result.isError, text: (result.content[0] as { text: string }).text };
    };
    const outside = await callAs(OUTSIDE);
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain(refused(OUTSIDE));
    const inside = await callAs(INSIDE);
    expect(inside.isError).toBeFalsy();
    expect(inside.text).toMatch(/^HTTP 200\n/);
  });
});

describe('updateApiTokenIpAllowlist', () => {
  it('applies at once, even to a token this server has cached, and records the list before and after once', async () => {
    const token = await create('changed later');
    expect((await callFrom(OUTSIDE, token.token)).status).toBe(200);

    const changed = await putAllowlist(token.id, ['203.0.113.0/24'], { 'user-agent': 'allowlist-test/1.0', 'x-forwarded-for': `::ffff:${INSIDE}` });
    expect(changed.status).toBe(200);
    expect(changed.body.data.ipAllowlist).toEqual(['203.0.113.0/24']);
    expect(changed.body.data.token).toBe(token.token);
    expect((await callFrom(OUTSIDE, token.token)).text).toBe(refused(OUTSIDE));
    expect((await callFrom(INSIDE, token.token)).status).toBe(200);

    expect(await events(token.id, 'ip_allowlist_changed')).toEqual([
      {
        event_type: 'ip_allowlist_changed',
        token_id: token.id,
        token_title: 'changed later',
        ip_address: INSIDE,
        user_agent: 'allowlist-test/1.0',
        details: { before: [], after: ['203.0.113.0/24'] },
      },
    ]);

    // The same list again (in any order) changes nothing and records nothing.
    expect((await putAllowlist(token.id, ['203.0.113.5/24'])).status).toBe(200);
    expect(await events(token.id, 'ip_allowlist_changed')).toHaveLength(1);

    // Emptied: any address again.
    const cleared = await putAllowlist(token.id, []);
    expect(cleared.body.data.ipAllowlist).toEqual([]);
    expect((await callFrom(OUTSIDE, token.token)).status).toBe(200);
    expect((await events(token.id, 'ip_allowlist_changed')).map((row) => row.details)).toEqual([
      { before: [], after: ['203.0.113.0/24'] },
      { before: ['203.0.113.0/24'], after: [] },
    ]);
  });

  it.each([
    [['203.0.113.0/24', '203.0.113.300'], 'ipAllowlist: "203.0.113.300" is not an IPv4 or IPv6 address or CIDR range.'],
    [['10.0.0.0/8', 'intranet'], 'ipAllowlist: "intranet" is not an IPv4 or IPv6 address or CIDR range.'],
    // Forms a looser reader takes as another address: hex or octal IPv4 inside IPv6, a zone id, octal, short.
    ...['::ffff:0x7f.0.0.1', '::ffff:010.0.0.1', 'fe80::1%eth0', '012.1.2.3', '10.1', '10.0.0.0/08'].map((entry) => [
      [INSIDE, entry],
      `ipAllowlist: "${entry}" is not an IPv4 or IPv6 address or CIDR range.`,
    ]),
  ])('refuses %j with 400 naming the entry, changing nothing and recording nothing', async (list, message) => {
    const token = await create('bad entry', [INSIDE]);
    const response = await putAllowlist(token.id, list);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, message });
    const listed = (await seller.get<{ data: ApiToken[] }>('/api/auth/token')).body.data.find((row) => row.id === token.id);
    expect(listed?.ipAllowlist).toEqual([INSIDE]);
    expect(await events(token.id, 'ip_allowlist_changed')).toEqual([]);
  });

  it('refuses more than 20 entries (the spec) and a bad entry at creation, creating nothing', async () => {
    const token = await create('too many');
    const many = Array.from({ length: 21 }, (_, index) => `198.51.100.${index}`);
    expect((await putAllowlist(token.id, many)).status).toBe(400);
    const count = async () => (await seller.get<{ data: ApiToken[] }>('/api/auth/token')).body.data.length;
    const before = await count();
    const bad = await seller.post('/api/auth/token', { title: 'bad at creation', description: 'd', ipAllowlist: ['203.0.113.0/33'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ status: 400, message: 'ipAllowlist: "203.0.113.0/33" is not an IPv4 or IPv6 address or CIDR range.' });
    expect(await count()).toBe(before);
    expect(await server.db.query(`SELECT 1 FROM activity_events WHERE token_title = 'bad at creation'`)).toEqual([]);
  });

  it("answers 404 for another user's token or an unknown id, and changes nothing", async () => {
    const other = server.client();
    await other.login('seller2@example.com');
    const token = await create('not yours');
    const response = await other.request('PUT', `/api/portal/tokens/${token.id}/ip-allowlist`, { body: { ipAllowlist: [INSIDE] } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: 404, message: 'Token not found.' });
    expect((await putAllowlist(2_000_000_000, [INSIDE])).status).toBe(404);
    expect((await callFrom(OUTSIDE, token.token)).status).toBe(200);
    expect(await events(token.id, 'ip_allowlist_changed')).toEqual([]);
  });
});

describe('a forwarded address outside the strict rule', () => {
  it.each([
    ['012.1.2.3', '10.1.2.3'],
    ['0x0a.1.2.3', '10.1.2.3'],
    ['10.1.515', '10.1.2.3'],
    ['::ffff:012.1.2.3', '10.1.2.3'],
    ['::ffff:0x7f.0.0.1', '127.0.0.1'],
  ])('%s matches no entry, not even the %s it reads as loosely, and is named as no address', async (forwarded, loosely) => {
    const token = await create(`strict ${forwarded}`, [loosely, '0.0.0.0/0', '::/0']);
    const answer = await callFrom(forwarded, token.token);
    expect(answer.status).toBe(403);
    expect(answer.text).toBe(refused('an unreadable address'));
    expect((await callFrom(loosely, token.token)).status).toBe(200);
  });

  it('is compared by value when canonical: any spelling of an IPv6 address on the list is let in', async () => {
    const token = await create('ipv6 spellings', ['2001:db8::1']);
    for (const spelled of ['2001:DB8::1', '2001:db8:0:0:0:0:0:1', '2001:0db8::0001']) expect((await callFrom(spelled, token.token)).status, spelled).toBe(200);
    expect((await callFrom('fe80::1%eth0', token.token)).status).toBe(403);
  });
});

describe('getClientAddress', () => {
  it('answers the address this browser is seen at, a mapped IPv4 address as IPv4', async () => {
    expect((await seller.get('/api/portal/client-address', { headers: { 'x-forwarded-for': `::ffff:${INSIDE}` } })).body).toEqual({ address: INSIDE });
    expect((await seller.get('/api/portal/client-address', { headers: { 'x-forwarded-for': '2001:db8::7' } })).body).toEqual({ address: '2001:db8::7' });
    expect((await seller.get('/api/portal/client-address', { headers: { 'x-forwarded-for': '012.1.2.3' } })).body).toEqual({
      address: 'an unreadable address',
    });
    expect((await server.client().get('/api/portal/client-address')).status).toBe(401);
  });
});
