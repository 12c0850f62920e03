/**
 * Token access (scopes) and chosen lifetimes: createApiToken with `scopes` and `expiresInDays`, the 403 on
 * every public operation outside a token's access (table-driven from the spec: each public operation, its
 * family and its x-domain), no rate limit spent on it, every 401 case unchanged, and 400s naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER, type Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { loadSpec, routableOperations } from '../../src/server/spec/openapi-document.ts';
import { domainsOfFamily } from '../../src/shared/api-family.ts';
import contract from '../fixtures/contract/public-operations.json';
import { catalogueOperation, exampleCall } from './support/catalogue-calls.ts';
import { bodyFor } from './support/operation-body.ts';

const FORBIDDEN = '{"status":401,"message":"forbidden"}';
const noAccess = (domain: string) => JSON.stringify({ status: 403, message: `This token has no access to ${domain}.` });

type ApiToken = { token: string; scopes: string[] | null; lifetimeDays: number; createdDate: string; expiryDate: string };

/** Every public operation of the bundled spec, as the server routes it: no hand-written list. */
const spec = loadSpec();
const publicOperations = routableOperations(spec)
  .filter((op) => !op.internal)
  .map((op) => ({
    operationId: op.operationId,
    family: op.family as 'seller' | 'warehouse',
    domain: op.domain as string,
    // A detail call with its ids at their examples: 200 or 404 (the row may belong to someone else), never 401 or 403.
    url: `/api/v1${exampleCall(catalogueOperation(op.operationId), spec).path}`,
    method: op.method.toUpperCase(),
    body: bodyFor(op),
  }));

/** One call of an operation as it is made: a GET, or a simulation's POST with its body. */
const call = (client: Client, op: { url: string; method: string; body: Record<string, unknown> | undefined }, token: string | undefined, url = op.url) =>
  client.request(op.method, url, { headers: token === undefined ? {} : { [TOKEN_HEADER]: token }, ...(op.body === undefined ? {} : { body: op.body }) });
const domainsOf = (family: 'seller' | 'warehouse') => domainsOfFamily(publicOperations, family);

let server: TestServer;
const clients = {} as Record<'seller' | 'warehouse', Client>;

async function create(client: Client, body: Record<string, unknown>): Promise<ApiToken> {
  const response = await client.post<{ data: ApiToken }>('/api/auth/token', { title: 'access test', description: 'd', ...body });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body.data;
}

beforeAll(async () => {
  server = await startTestServer();
  clients.seller = server.client();
  clients.warehouse = server.client();
  await clients.seller.login();
  await clients.warehouse.login('warehouse@example.com', 'WAREHOUSE');
});
afterAll(async () => server?.close());

describe('the spec as the table', () => {
  it('has the contract fixture public operations over the documented domains of each API', () => {
    expect(publicOperations.map((op) => op.operationId)).toEqual(contract.operations.map((op) => op.operationId));
    expect(domainsOf('seller')).toEqual(['warehouses', 'quotations', 'imports', 'products', 'orders']);
    expect(domainsOf('warehouse')).toEqual(['quotations', 'imports', 'inventory', 'orders']);
  });
});

describe('scopes are enforced on every public operation', () => {
  /** Per family and domain: a token for just that domain, and one for every other domain of its API. */
  const tokens = new Map<string, { only: string; allBut: string; all: string }>();
  beforeAll(async () => {
    for (const family of ['seller', 'warehouse'] as const) {
      const all = (await create(clients[family], {})).token;
      for (const domain of domainsOf(family)) {
        const only = (await create(clients[family], { scopes: [domain] })).token;
        const allBut = (await create(clients[family], { scopes: domainsOf(family).filter((other) => other !== domain) })).token;
        tokens.set(`${family}/${domain}`, { only, allBut, all });
      }
    }
  });

  it.each(publicOperations)('$operationId ($family, $domain)', async (op) => {
    const { family, domain, url, method } = op;
    const { only, allBut, all } = tokens.get(`${family}/${domain}`) ?? { only: '', allBut: '', all: '' };
    for (const allowed of [only, all]) {
      const response = await call(clients[family], op, allowed);
      // A simulation may find the row at the end of the sandbox's lifecycle (409).
      expect(method === 'POST' ? [200, 404, 409] : [200, 404], `${url} with access`).toContain(response.status);
    }
    const refused = await call(clients[family], op, allBut);
    expect(refused.status).toBe(403);
    expect(refused.text).toBe(noAccess(domain));
    // Refused before anything is counted or checked further.
    expect(refused.headers.get('ratelimit-remaining')).toBeNull();
    // Also on the unversioned spelling of the path.
    expect((await call(clients[family], op, allBut, url.replace('/api/v1/', '/api/'))).text).toBe(noAccess(domain));
  });

  it('refuses outside its access before validating the request (no details for a call it may not make)', async () => {
    const { allBut } = tokens.get('seller/orders') ?? { allBut: '' };
    expect((await clients.seller.api('/api/v1/seller/orders/normal?size=1000', allBut)).text).toBe(noAccess('orders'));
  });
});

describe('the access check costs no database round trip', () => {
  it('a cached token outside its access is refused without a single query', async () => {
    const token = (await create(clients.seller, { scopes: ['products'] })).token;
    // Verified and cached by its first call.
    expect((await clients.seller.api('/api/v1/seller/products?size=1', token)).status).toBe(200);
    const queries: string[] = [];
    const { db } = server;
    const original = { query: db.query, relaxed: db.relaxed.query };
    db.query = (async (text: string, params?: unknown[]) => {
      queries.push(text);
      return original.query.call(db, text, params);
    }) as typeof db.query;
    db.relaxed.query = (async (text: string, params?: unknown[]) => {
      queries.push(text);
      return original.relaxed.call(db.relaxed, text, params);
    }) as typeof db.relaxed.query;
    try {
      for (const path of ['orders/normal', 'warehouses', 'imports/1']) {
        expect((await clients.seller.api(`/api/v1/seller/${path}`, token)).status).toBe(403);
      }
      // The request log's batch writer runs on its own timer, off the request path: not the access check's.
      expect(queries.filter((text) => !text.includes('INSERT INTO request_log'))).toEqual([]);
      // The count sees the server's queries: an allowed call reads its page (one not asked before, so not cached).
      expect((await clients.seller.api('/api/v1/seller/products?size=2', token)).status).toBe(200);
      expect(queries.length).toBeGreaterThan(0);
    } finally {
      db.query = original.query;
      db.relaxed.query = original.relaxed;
    }
  });
});

describe('a 403 spends no rate limit', () => {
  it('twenty refused calls leave the whole budget; the first allowed call is the first counted', async () => {
    const token = (await create(clients.seller, { scopes: ['products'] })).token;
    for (let i = 0; i < 20; i += 1) expect((await clients.seller.api('/api/v1/seller/orders/normal', token)).status).toBe(403);
    const allowed = await clients.seller.api('/api/v1/seller/products', token);
    expect(allowed.status).toBe(200);
    expect(Number(allowed.headers.get('ratelimit-remaining'))).toBe(server.config.rateLimitPerMinute - 1);
  });
});

describe('401 stays exactly as it was, restricted or not', () => {
  it('a restricted token of the other API, expired, deleted or refreshed away answers 401 forbidden, never 403', async () => {
    const restricted = (await create(clients.seller, { scopes: ['orders'] })).token;
    // Other API: the family is checked before the access.
    expect((await clients.seller.api('/api/v1/warehouse/orders/normal', restricted)).text).toBe(FORBIDDEN);
    expect((await clients.seller.api('/api/v1/warehouse/inventory', restricted)).text).toBe(FORBIDDEN);

    const expiring = await create(clients.seller, { title: 'restricted expiring', scopes: ['orders'] });
    expect((await clients.seller.api('/api/v1/seller/products', expiring.token)).status).toBe(403);
    await server.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE title = 'restricted expiring'`);
    server.evictCachedTokens();
    expect((await clients.seller.api('/api/v1/seller/products', expiring.token)).text).toBe(FORBIDDEN);
    expect((await clients.seller.api('/api/v1/seller/orders/normal', expiring.token)).text).toBe(FORBIDDEN);

    const deleted = (await create(clients.seller, { scopes: ['orders'] })).token;
    expect((await clients.seller.delete(`/api/auth/token/${deleted}`)).status).toBe(204);
    expect((await clients.seller.api('/api/v1/seller/products', deleted)).text).toBe(FORBIDDEN);

    const refreshed = (await create(clients.seller, { scopes: ['orders'] })).token;
    expect((await clients.seller.get(`/api/auth/token/refresh/${refreshed}`)).status).toBe(200);
    expect((await clients.seller.api('/api/v1/seller/products', refreshed)).text).toBe(FORBIDDEN);
  });

  it('missing, malformed and unknown values answer 401 forbidden on every public operation', async () => {
    for (const op of publicOperations) {
      for (const value of [undefined, 'junk', `acme_${op.family[0]}_${'A'.repeat(28)}`]) {
        expect((await call(server.client(), op, value)).text, `${op.url} ${String(value)}`).toBe(FORBIDDEN);
      }
    }
  });
});

describe('createApiToken with access and lifetime', () => {
  it('stores scopes in the API order and lists them; omitted or null scopes mean every domain', async () => {
    const created = await create(clients.seller, { scopes: ['orders', 'warehouses'] });
    expect(created.scopes).toEqual(['warehouses', 'orders']);
    expect((await create(clients.seller, {})).scopes).toBeNull();
    expect((await create(clients.seller, { scopes: null })).scopes).toBeNull();
    const listed = (await clients.seller.get<{ data: ApiToken[] }>('/api/auth/token')).body.data;
    expect(listed.find((token) => token.token === created.token)?.scopes).toEqual(['warehouses', 'orders']);
    const warehouseToken = await create(clients.warehouse, { scopes: ['inventory'] });
    expect(warehouseToken.scopes).toEqual(['inventory']);
    expect((await clients.warehouse.api('/api/v1/warehouse/inventory', warehouseToken.token)).status).toBe(200);
    expect((await clients.warehouse.api('/api/v1/warehouse/orders/return', warehouseToken.token)).text).toBe(noAccess('orders'));
  });

  it.each([7, 30, 90, 180, 365])('expires in %i days when asked, and says so', async (days) => {
    const token = await create(clients.seller, { expiresInDays: days });
    expect(token.lifetimeDays).toBe(days);
    expect((Date.parse(token.expiryDate) - Date.parse(token.createdDate)) / 86_400_000).toBeCloseTo(days, 3);
  });

  it('a refresh starts the chosen lifetime again and keeps the access', async () => {
    const token = await create(clients.seller, { expiresInDays: 7, scopes: ['products'] });
    const refreshed = (await clients.seller.get<{ data: ApiToken }>(`/api/auth/token/refresh/${token.token}`)).body.data;
    expect(refreshed.lifetimeDays).toBe(7);
    expect(refreshed.scopes).toEqual(['products']);
    expect((Date.parse(refreshed.expiryDate) - Date.now()) / 86_400_000).toBeCloseTo(7, 2);
  });
});

describe('400 names the field and writes nothing', () => {
  const count = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_tokens'))[0]?.n;

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['0 days', { expiresInDays: 0 }, /^expiresInDays must be one of 7, 30, 90, 180, 365$/],
    ['1000 days', { expiresInDays: 1000 }, /^expiresInDays must be one of/],
    ['31 days', { expiresInDays: 31 }, /^expiresInDays must be one of/],
    ['days as text', { expiresInDays: '30' }, /^expiresInDays must be an integer$/],
    ['an unknown scope', { scopes: ['payments'] }, /^scopes\.0 must be one of warehouses, quotations, imports, products, orders, inventory$/],
    [
      'a scope of the other API',
      { scopes: ['orders', 'inventory'] },
      /^scopes: inventory is not a domain of the Seller API \(warehouses, quotations, imports, products, orders\)$/,
    ],
    ['no scope at all', { scopes: [] }, /^scopes must have at least 1 item$/],
    ['a scope twice', { scopes: ['orders', 'orders'] }, /^scopes must not name an item twice$/],
    ['scopes as text', { scopes: 'orders' }, /^scopes must be array or null$/],
    ['a misspelt field', { scope: ['orders'] }, /^body has an unknown property scope$/],
  ])('%s', async (_, body, message) => {
    const before = await count();
    const response = await clients.seller.post<{ status: number; message: string }>('/api/auth/token', { title: 't', description: 'd', ...body });
    expect(response.status).toBe(400);
    expect(response.body.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(await count()).toBe(before);
  });

  it('a warehouse token cannot hold a seller-only domain', async () => {
    const response = await clients.warehouse.post<{ message: string }>('/api/auth/token', { title: 't', description: 'd', scopes: ['products'] });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('scopes: products is not a domain of the Warehouse API (quotations, imports, inventory, orders)');
  });

  it.each(['2', '-1', 'week', '1.5'])('refresh with graceHours=%s is 400 naming it, and the token is unchanged', async (grace) => {
    const token = (await create(clients.seller, {})).token;
    const before = JSON.stringify(await server.db.query('SELECT digest, expires_at, previous_digest FROM api_tokens ORDER BY id'));
    const response = await clients.seller.get<{ message: string }>(`/api/auth/token/refresh/${token}?graceHours=${grace}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^graceHours must be/);
    expect(JSON.stringify(await server.db.query('SELECT digest, expires_at, previous_digest FROM api_tokens ORDER BY id'))).toBe(before);
    expect((await clients.seller.api('/api/v1/seller/orders/normal', token)).status).toBe(200);
  });
});
