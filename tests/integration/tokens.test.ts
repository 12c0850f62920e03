/**
 * API token management (listApiTokens, createApiToken, refreshApiToken, deleteApiToken): format,
 * storage, limits, ownership, expiry, last use.
 */
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { generateTokenValue } from '../../src/server/lib/token-format.ts';

type ApiToken = { title: string; description: string; token: string; createdDate: string; expiryDate: string; lastUsedDate: string | null };
let server: TestServer;
let seller: Client;
let warehouse: Client;

beforeAll(async () => {
  server = await startTestServer();
  seller = server.client();
  warehouse = server.client();
  await seller.login();
  await warehouse.login('warehouse@example.com', 'WAREHOUSE');
});
afterAll(async () => server?.close());

const list = async (client: Client) => (await client.get<{ data: ApiToken[] }>('/api/auth/token')).body.data;

describe('createApiToken', () => {
  it('creates a prefixed, checksummed token that expires in TOKEN_TTL_DAYS and lists it', async () => {
    const response = await seller.post<{ data: ApiToken }>('/api/auth/token', { title: 'ERP sync', description: 'Nightly import' });
    expect(response.status).toBe(201);
    const token = response.body.data;
    expect(token).toMatchObject({ title: 'ERP sync', description: 'Nightly import', lastUsedDate: null });
    expect(token.token).toMatch(/^acme_s_sandbox_[0-9A-Za-z]{22}[0-9A-Za-z]{6}$/);
    const days = (Date.parse(token.expiryDate) - Date.parse(token.createdDate)) / 86_400_000;
    expect(days).toBeCloseTo(90, 3);
    expect(await list(seller)).toContainEqual(token);
    const warehouseToken = await warehouse.createToken();
    expect(warehouseToken).toMatch(/^acme_w_/);
  });

  it('refuses a live token where no provider API is configured, naming environment, and writes nothing', async () => {
    const before = await list(seller);
    const response = await seller.post<{ status: number; message: string }>('/api/auth/token', {
      title: 'Live',
      description: 'Live calls',
      environment: 'live',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^environment: live tokens need the provider's API/);
    expect(await list(seller)).toEqual(before);
    const unknown = await seller.post<{ status: number; message: string }>('/api/auth/token', { title: 'X', description: 'Y', environment: 'staging' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('environment');
  });

  it('checksums the value with CRC32 in base62', async () => {
    const value = await seller.createToken();
    const body = value.slice(0, -6);
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    let rest = crc32(body);
    let checksum = '';
    for (let i = 0; i < 6; i += 1) {
      checksum = alphabet[rest % 62] + checksum;
      rest = Math.floor(rest / 62);
    }
    expect(value.slice(-6)).toBe(checksum);
  });

  it('stores only an HMAC digest and AES-GCM ciphertext, never the value', async () => {
    const value = await seller.createToken('stored', 'check');
    const rows = await server.db.query<{ digest: Uint8Array; ciphertext: Uint8Array }>('SELECT digest, ciphertext FROM api_tokens');
    for (const row of rows) {
      expect(Buffer.from(row.digest).length).toBe(32);
      expect(Buffer.from(row.ciphertext).toString('latin1')).not.toContain(value);
    }
    const dump = JSON.stringify(await server.db.query('SELECT * FROM api_tokens'));
    expect(dump).not.toContain(value);
  });

  it('accepts unicode titles and enforces title 1..100, description 1..500, naming the field in plain words', async () => {
    const unicode = await seller.post<{ data: ApiToken }>('/api/auth/token', { title: '배송 동기화 🚚 ñ', description: 'Ünïcödé ✓ 日本語' });
    expect(unicode.status).toBe(201);
    expect(unicode.body.data.title).toBe('배송 동기화 🚚 ñ');
    expect((await seller.post('/api/auth/token', { title: 'x'.repeat(100), description: 'y'.repeat(500) })).status).toBe(201);
    const cases: Array<[unknown, RegExp]> = [
      // In plain words, never the validator's own ("must NOT have more than 100 characters").
      [{ title: 'x'.repeat(101), description: 'd' }, /^title must be at most 100 characters$/],
      [{ title: 't', description: 'y'.repeat(501) }, /^description must be at most 500 characters$/],
      [{ title: '', description: 'd' }, /^title must not be empty$/],
      [{ description: 'd' }, /^title is required/],
      [{ title: 't' }, /^description is required/],
      [{ title: 5, description: 'd' }, /^title must be string/],
      [{ title: 'nul\u0000', description: 'd' }, /^title /],
    ];
    for (const [body, message] of cases) {
      const response = await seller.post<{ message: string }>('/api/auth/token', body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    }
  });

  it('allows at most 50 tokens per user, then 400', async () => {
    const client = server.client();
    await client.login('seller2@example.com', 'SELLER');
    for (let i = 0; i < 50; i += 1) await client.createToken(`t${i}`, 'd');
    const over = await client.post<{ message: string }>('/api/auth/token', { title: 'one too many', description: 'd' });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/50/);
    expect((await list(client)).length).toBe(50);
  });

  it('needs a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/auth/token')).status).toBe(401);
    expect((await anonymous.post('/api/auth/token', { title: 't', description: 'd' })).status).toBe(401);
  });
});

describe('listApiTokens', () => {
  it('lists newest first, as the spec says, also after a refresh', async () => {
    const own = server.client();
    await own.login('warehouse2@example.com', 'WAREHOUSE');
    const first = await own.createToken('first', 'd');
    const second = await own.createToken('second', 'd');
    const third = await own.createToken('third', 'd');
    expect((await list(own)).map((token) => token.title)).toEqual(['third', 'second', 'first']);
    expect((await list(own)).map((token) => token.token)).toEqual([third, second, first]);
    await own.get(`/api/auth/token/refresh/${first}`);
    expect((await list(own)).map((token) => token.title)).toEqual(['third', 'second', 'first']);
  });
});

describe('refreshApiToken and deleteApiToken', () => {
  it('refresh gives a new value and expiry; the old value stops working at once', async () => {
    const old = await seller.createToken('refresh me', 'd');
    await server.db.query(`UPDATE api_tokens SET expires_at = now() + interval '1 day', created_at = now() - interval '89 days'`);
    server.evictCachedTokens();
    expect((await seller.api('/api/v1/seller/orders/normal', old)).status).toBe(200);
    const refreshed = await seller.get<{ data: ApiToken }>(`/api/auth/token/refresh/${old}`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.title).toBe('refresh me');
    expect(refreshed.body.data.token).not.toBe(old);
    expect(Date.parse(refreshed.body.data.expiryDate)).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    expect((await seller.api('/api/v1/seller/orders/normal', old)).text).toBe('{"status":401,"message":"forbidden"}');
    expect((await seller.api('/api/v1/seller/orders/normal', refreshed.body.data.token)).status).toBe(200);
    expect((await list(seller)).map((token) => token.token)).not.toContain(old);
  });

  it('delete removes the token and it stops working', async () => {
    const value = await seller.createToken('delete me', 'd');
    // Used once first, so the server has it verified and cached when it is deleted.
    expect((await seller.api('/api/v1/seller/orders/normal', value)).status).toBe(200);
    const response = await seller.delete(`/api/auth/token/${value}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect((await list(seller)).map((token) => token.token)).not.toContain(value);
    expect((await seller.api('/api/v1/seller/orders/normal', value)).status).toBe(401);
    expect((await seller.delete(`/api/auth/token/${value}`)).status).toBe(404);
  });

  it("answers 404 for another user's token, an unknown or a malformed one, and changes nothing", async () => {
    const theirs = await warehouse.createToken('not yours', 'd');
    const before = JSON.stringify(await server.db.query('SELECT id, digest, expires_at FROM api_tokens ORDER BY id'));
    // Well-formed (prefix, length, checksum) but never issued.
    const unknown = generateTokenValue('SELLER', 'sandbox');
    for (const value of [theirs, unknown, 'junk', 'x'.repeat(200)]) {
      expect((await seller.get(`/api/auth/token/refresh/${value}`)).status).toBe(404);
      expect((await seller.delete(`/api/auth/token/${value}`)).status).toBe(404);
    }
    expect(JSON.stringify(await server.db.query('SELECT id, digest, expires_at FROM api_tokens ORDER BY id'))).toBe(before);
    expect((await warehouse.api('/api/v1/warehouse/orders/normal', theirs)).status).toBe(200);
  });

  it('a token parameter longer than the spec allows is 4xx, not an error', async () => {
    const response = await seller.get(`/api/auth/token/refresh/${'a'.repeat(2000)}`, { unchecked: true });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe('last use', () => {
  it('records the last public call, at most one write a minute', async () => {
    const value = await seller.createToken('used', 'd');
    const lastUsed = async () => (await list(seller)).find((token) => token.token === value)?.lastUsedDate;
    expect(await lastUsed()).toBeNull();
    await seller.api('/api/v1/seller/warehouses', value);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await seller.api('/api/v1/seller/warehouses', value);
    expect(await lastUsed()).toBe(first);
  });

  it('agrees with the calls counted: a refused call is a use too (the usage strip counts it)', async () => {
    const created = await seller.post<{ data: ApiToken & { id: number } }>('/api/auth/token', {
      title: 'elsewhere only',
      description: 'd',
      ipAllowlist: ['198.51.100.0/24'],
    });
    const before = Date.now();
    expect((await seller.api('/api/v1/seller/warehouses', created.body.data.token)).status).toBe(403);
    await server.app.flushRequestLog();
    const usage = await seller.get<{ data: Array<{ tokenId: number; calls: number }> }>('/api/usage/tokens');
    expect(usage.body.data.find((token) => token.tokenId === created.body.data.id)?.calls).toBe(1);
    const lastUsed = (await list(seller)).find((token) => token.token === created.body.data.token)?.lastUsedDate;
    expect(lastUsed).not.toBeNull();
    expect(Date.parse(lastUsed!)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(lastUsed!)).toBeLessThanOrEqual(Date.now());
  });
});

describe('tampering', () => {
  it('a tampered ciphertext fails closed: the token stops working and is not revealed', async () => {
    const value = await seller.createToken('tamper', 'd');
    expect((await seller.api('/api/v1/seller/warehouses', value)).status).toBe(200);
    await server.db.query(`UPDATE api_tokens SET ciphertext = set_byte(ciphertext, 40, (get_byte(ciphertext, 40) + 1) % 256) WHERE title = 'tamper'`);
    server.evictCachedTokens();
    expect((await seller.api('/api/v1/seller/warehouses', value)).text).toBe('{"status":401,"message":"forbidden"}');
    expect((await list(seller)).map((token) => token.title)).not.toContain('tamper');
  });
});
