/** Failed logins from one address across many accounts are throttled too. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ loginThrottle: { perAccount: 100, perAddress: 8, windowSeconds: 600 } });
});
afterAll(async () => server?.close());

it('answers 429 with Retry-After once one address has failed too often, for any account', async () => {
  for (let i = 0; i < 8; i += 1) {
    const response = await server.client().post('/api/auth/login', { email: `guess${i}@example.com`, password: 'x', userType: 'SELLER' });
    expect(response.status).toBe(401);
  }
  const blocked = await server.client().post('/api/auth/login', { email: 'seller@example.com', password: DEMO_PASSWORD, userType: 'SELLER' });
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(500);
});
