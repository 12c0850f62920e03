/**
 * Secrets never reach the log: a full session at LOG_LEVEL=trace (login, create, list, public calls,
 * refresh, end-grace and delete with the value in the path, failures, a token in the query string), then the
 * captured log is searched for every token value, the session id and the password.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

it('a full session logs requests without token values, session ids or passwords', async () => {
  const client = server.client();
  await client.login();
  const sessionId = (client.cookie ?? '').split('=')[1] ?? '';
  expect(sessionId.length).toBe(43);
  const secrets = [sessionId, DEMO_PASSWORD];

  const first = await client.createToken('logged', 'session');
  const second = await client.createToken('logged 2', 'session');
  secrets.push(first, second);
  await client.get('/api/auth/token');
  await client.api('/api/v1/seller/orders/normal', first);
  await client.api('/api/seller/orders/normal/1', first);
  await client.api('/api/v1/warehouse/orders/normal', first);
  await client.get(`/api/v1/seller/orders/normal?token=${first}`, { unchecked: true });
  const refreshed = await client.get<{ data: { token: string } }>(`/api/auth/token/refresh/${first}`);
  secrets.push(refreshed.body.data.token);
  await client.api('/api/v1/seller/orders/normal', first);
  await client.get(`/api/auth/token/refresh/${first}`);
  const graced = await client.get<{ data: { token: string } }>(`/api/auth/token/refresh/${refreshed.body.data.token}?graceHours=24`);
  secrets.push(graced.body.data.token);
  await client.api('/api/v1/seller/orders/normal', refreshed.body.data.token);
  await client.delete(`/api/auth/token/previous-value/${graced.body.data.token}`);
  // Not even a value that is no token of ours.
  const junk = 'not-a-token-but-secret-all-the-same';
  secrets.push(junk);
  await client.delete(`/api/auth/token/previous-value/${junk}`);
  await client.get(`/api/auth/token/refresh/${junk}?graceHours=1`);
  await client.delete(`/api/auth/token/${second}`);
  await client.delete(`/api/auth/token/${second}`);
  await client.get(`/api/auth/token/refresh/${second}`, { headers: { origin: 'https://evil.example' } });
  await client.get(`/api/auth/nothing/${first}`, { unchecked: true });
  await client.post('/api/auth/login', { email: 'seller@example.com', password: DEMO_PASSWORD, userType: 'WAREHOUSE' });
  await client.get('/api/auth/logout');

  const logs = server.logs();
  // The log is real: it has a line per request, with the token path redacted.
  expect(logs).toContain('/api/auth/token/refresh/[redacted]');
  expect(logs).toContain('"url":"/api/auth/token/[redacted]"');
  expect(logs).toContain('"url":"/api/auth/token/previous-value/[redacted]"');
  expect(logs.split('\n').filter((line) => line.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(15);
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(10);
    expect(logs).not.toContain(secret);
  }
  // Nor any fragment long enough to matter (e.g. a token's random part without its prefix).
  for (const token of secrets.slice(2).filter((secret) => secret !== junk)) expect(logs).not.toContain(token.slice(7, 29));
});
