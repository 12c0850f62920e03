/**
 * Public API authentication and rate limiting: header only; every failure is exactly
 * {"status":401,"message":"forbidden"}; per-token limit with RateLimit-* headers and 429 + Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const FORBIDDEN = '{"status":401,"message":"forbidden"}';
const LIST = '/api/v1/seller/orders/normal';
let server: TestServer;
let seller: Client;
let sellerToken: string;
let warehouseToken: string;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '25' } });
  seller = server.client();
  await seller.login();
  sellerToken = await seller.createToken();
  const warehouse = server.client();
  await warehouse.login('warehouse@example.com', 'WAREHOUSE');
  warehouseToken = await warehouse.createToken();
});
afterAll(async () => server?.close());

describe('every authentication failure is the same 401', () => {
  const flip = (value: string) => value.slice(0, -1) + (value.endsWith('A') ? 'B' : 'A');

  it('missing, empty, malformed, bad checksum, unknown', async () => {
    const cases: Array<string | undefined> = [
      undefined,
      '',
      'forbidden',
      'acme_s_short',
      sellerToken.toUpperCase(),
      flip(sellerToken),
      'acme_s_' + 'A'.repeat(22) + 'A'.repeat(6),
    ];
    for (const token of cases) {
      const response = await server.client().api(LIST, token);
      expect(response.status).toBe(401);
      expect(response.text).toBe(FORBIDDEN);
    }
  });

  it('a token of the other user type, both ways', async () => {
    expect((await server.client().api('/api/v1/warehouse/orders/normal', sellerToken)).text).toBe(FORBIDDEN);
    expect((await server.client().api(LIST, warehouseToken)).text).toBe(FORBIDDEN);
    expect((await server.client().api('/api/seller/products', warehouseToken)).text).toBe(FORBIDDEN);
  });

  it('expired', async () => {
    const value = await seller.createToken('expiring', 'd');
    expect((await server.client().api(LIST, value)).status).toBe(200);
    await server.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE title = 'expiring'`);
    server.evictCachedTokens();
    expect((await server.client().api(LIST, value)).text).toBe(FORBIDDEN);
  });

  it('the token in the query string or a session cookie alone is not accepted', async () => {
    expect((await server.client().get(`${LIST}?token=${sellerToken}`, { unchecked: true })).text).toBe(FORBIDDEN);
    expect((await seller.get(LIST)).text).toBe(FORBIDDEN);
    expect((await server.client().get(LIST, { headers: { authorization: `Bearer ${sellerToken}` } })).text).toBe(FORBIDDEN);
  });

  it('authentication comes before validation (no spec details for strangers)', async () => {
    expect((await server.client().api(`${LIST}?size=1000`, undefined)).text).toBe(FORBIDDEN);
  });
});

describe('rate limit per token (RATE_LIMIT_PER_MINUTE=25)', () => {
  it('reports RateLimit-* headers and answers 429 with Retry-After when exceeded; other tokens are unaffected', async () => {
    const value = await seller.createToken('limited', 'd');
    // Start at the beginning of a minute window so the test cannot straddle two windows.
    const [{ seconds } = { seconds: 0 }] = await server.db.query<{ seconds: number }>(`SELECT EXTRACT(SECOND FROM now())::float AS seconds`);
    if (seconds > 50) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
    const first = await server.client().api(LIST, value);
    expect(first.headers.get('ratelimit-limit')).toBe('25');
    expect(first.headers.get('ratelimit-remaining')).toBe('24');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    for (let i = 1; i < 25; i += 1) expect((await server.client().api(LIST, value)).status).toBe(200);
    const limited = await server.client().api<{ status: number; message: string }>(LIST, value);
    expect(limited.status).toBe(429);
    expect(limited.body.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect((await server.client().api(LIST, sellerToken)).status).toBe(200);
    // A new window starts afresh.
    await server.db.query(`UPDATE token_rate_windows SET window_start = window_start - interval '1 minute'`);
    expect((await server.client().api(LIST, value)).status).toBe(200);
  });
});
