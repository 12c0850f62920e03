/**
 * Bad input never answers 5xx; errors use the spec's Error schema; security headers on every response;
 * /healthz; the server refuses to start without a handler for every operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { parseConfig } from '../../src/server/config.ts';
import { MissingHandlersError } from '../../src/server/plugins/spec-routes.ts';
import type { Client } from './support/http-client.ts';
import { createTestDatabase } from './support/test-database.ts';
import { startTestServer, TEST_SCRYPT_COST, type TestServer } from './support/test-server.ts';

let server: TestServer;
let seller: Client;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  seller = server.client();
  await seller.login();
  token = await seller.createToken();
});
afterAll(async () => server?.close());

describe('bad input gets 4xx with the Error schema, never 5xx', () => {
  const raw = (path: string, init: RequestInit = {}) => fetch(server.baseUrl + path, init);

  it('malformed JSON', async () => {
    for (const body of ['{', '{"email": }', 'null', '[]', '"text"', '{"email":"a@b.c","password":"x","userType":"SELLER"']) {
      const response = await raw('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(400);
      const json = (await response.json()) as { status: number; message: string };
      expect(json.status).toBe(400);
      expect(typeof json.message).toBe('string');
    }
  });

  it('a 3 MB body is 413', async () => {
    const response = await raw('/api/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: seller.cookie ?? '' },
      body: JSON.stringify({ title: 't', description: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ status: 413, message: 'The request body is too large.' });
  });

  it('wrong or missing content type', async () => {
    const text = await raw('/api/auth/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(415);
    const none = await raw('/api/auth/login', { method: 'POST' });
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);
  });

  it('a path of 2,000 characters', async () => {
    for (const path of [
      `/api/v1/seller/orders/normal/${'9'.repeat(2000)}`,
      `/api/${'a'.repeat(2000)}`,
      `/api/auth/token/${'b'.repeat(2000)}`,
      `/${'c'.repeat(2000)}`,
    ]) {
      const response = await raw(path, { headers: { 'acme-api-token': token, cookie: seller.cookie ?? '' } });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it('odd encodings in paths and queries', async () => {
    for (const path of [
      '/api/v1/seller/orders/normal/%E0%A4%A',
      '/api/v1/seller/orders/normal?page=%ZZ',
      '/api/v1/seller/orders/normal/1%00',
      '/%E0%A4%A',
      '/api/v1/seller/orders/normal?page=1&page=2',
      '/api/v1/seller/orders/normal?size=1e2',
    ]) {
      const response = await raw(path, { headers: { 'acme-api-token': token } });
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it('unicode and control characters in token titles', async () => {
    for (const title of ['😀'.repeat(100), 'Zalgo t̷̢̛e̵x̸t', '\u202Eright-to-left', 'tab\tnew\nline', '\uD800 lone surrogate']) {
      const response = await seller.post('/api/auth/token', { title, description: 'd' });
      expect(response.status, title).toBeLessThan(500);
    }
  });

  it('a header of the wrong shape', async () => {
    const response = await raw('/api/v1/seller/orders/normal', {
      headers: [
        ['acme-api-token', token],
        ['acme-api-token', token],
      ],
    });
    expect(response.status).toBe(401);
  });
});

describe('headers', () => {
  it('sets the API security headers on API and error answers: a CSP that allows nothing, no framing, no sniffing', async () => {
    // A JSON error on a page's path too: /login with no app built is the API's 404.
    for (const path of ['/api/auth/me', '/api/v1/seller/orders/normal', '/api/nope', '/healthz', '/login', '/no-such-file.js']) {
      const response = await fetch(server.baseUrl + path);
      expect(response.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      // Headers that steer a document only: a JSON answer goes without them.
      expect(response.headers.get('permissions-policy')).toBeNull();
      expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    }
  });

  it('sets a strict CSP and the document security headers on the pages', async () => {
    for (const path of ['/llms.txt', '/documentation/seller/order.md']) {
      const response = await fetch(server.baseUrl + path, { headers: { 'acme-api-token': token } });
      expect(response.status, path).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });

  it('/api/auth/* is never cached', async () => {
    for (const path of ['/api/auth/me', '/api/auth/token', '/api/auth/logout']) {
      expect((await fetch(server.baseUrl + path)).headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('/healthz', () => {
  it('is 200 while the database answers and 503 when it does not', async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    const other = await startTestServer();
    await other.db.close();
    expect((await fetch(`${other.baseUrl}/healthz`)).status).toBe(503);
    await other.app.close().catch(() => undefined);
    await other.database.drop();
  });
});

describe('server errors', () => {
  it('answer 500 with the Error schema and no details; the cause goes to the log only', async () => {
    const broken = await startTestServer({
      handlers: (defaults) => ({
        ...defaults,
        listSellerWarehouses: {
          handle: async () => {
            throw new Error('secret internal detail at db.internal:5432');
          },
        },
      }),
    });
    try {
      const client = broken.client();
      await client.login();
      const value = await client.createToken();
      const response = await client.api('/api/v1/seller/warehouses', value, { unchecked: true });
      expect(response.status).toBe(500);
      expect(response.text).toBe('{"status":500,"message":"Internal server error."}');
      expect(broken.logs()).toContain('secret internal detail');
    } finally {
      await broken.close();
    }
  });
});

describe('the contract is enforced at start-up', () => {
  it('refuses to start when an operation has no handler, naming it', async () => {
    const database = await createTestDatabase();
    const config = parseConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
    const attempt = buildApp({
      config,
      testing: { scryptCost: TEST_SCRYPT_COST },
      handlers: (defaults) => {
        const { listSellerNormalOrders: _removed, ...rest } = defaults;
        return rest;
      },
    });
    await expect(attempt).rejects.toThrow(MissingHandlersError);
    await expect(attempt).rejects.toThrow(/listSellerNormalOrders/);
    await database.drop();
  });

  it('fails fast naming every bad configuration variable', () => {
    expect(() => parseConfig({ PORT: 'eighty', RATE_LIMIT_PER_MINUTE: '0', TOKEN_SECRET: 'short', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*TOKEN_SECRET[\s\S]*SEED_DEMO[\s\S]*RATE_LIMIT_PER_MINUTE[\s\S]*LOG_LEVEL|PORT/,
    );
    try {
      parseConfig({ PORT: 'eighty', RATE_LIMIT_PER_MINUTE: '0', TOKEN_SECRET: 'short', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'RATE_LIMIT_PER_MINUTE', 'TOKEN_SECRET', 'SEED_DEMO', 'LOG_LEVEL', 'DATABASE_URL']) expect(message).toContain(name);
    }
  });
});
