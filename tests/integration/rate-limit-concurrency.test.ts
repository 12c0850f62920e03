/**
 * The per-token limit is exact within one process under concurrency (lib/rate-limiter.ts): 100 requests at
 * once against a limit of 20 admit exactly 20, on PGlite and on PostgreSQL alike.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TOKEN_HEADER } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const LIMIT = 20;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
});
afterAll(async () => server?.close());

/** Waits for the next minute when this one is nearly over, so a burst cannot straddle two windows. */
async function awayFromWindowEnd(): Promise<void> {
  const [{ seconds } = { seconds: 0 }] = await server.db.query<{ seconds: number }>(`SELECT EXTRACT(SECOND FROM now())::float AS seconds`);
  if (seconds > 45) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
}

it.each([1, 2, 3])('100 concurrent requests against a limit of 20 admit exactly 20 (fresh token, round %i)', async () => {
  const client = server.client();
  await client.login();
  const token = await client.createToken('burst', 'concurrency');
  await awayFromWindowEnd();
  const responses = await Promise.all(
    Array.from({ length: 100 }, () => fetch(`${server.baseUrl}/api/v1/seller/warehouses?size=1`, { headers: { [TOKEN_HEADER]: token } })),
  );
  const statuses = responses.map((response) => response.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
  expect(statuses.filter((status) => status === 429)).toHaveLength(100 - LIMIT);
  const remaining = responses.filter((response) => response.status === 200).map((response) => Number(response.headers.get('ratelimit-remaining')));
  expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
  for (const response of responses) await response.arrayBuffer();
});

it('a token already in use stays exact: sequential calls, then a burst, admit the limit in total', async () => {
  const client = server.client();
  await client.login();
  const token = await client.createToken('warm', 'concurrency');
  await awayFromWindowEnd();
  for (let i = 0; i < 5; i += 1) expect((await client.api('/api/v1/seller/warehouses?size=1', token)).status).toBe(200);
  const responses = await Promise.all(
    Array.from({ length: 60 }, () => fetch(`${server.baseUrl}/api/v1/seller/warehouses?size=1`, { headers: { [TOKEN_HEADER]: token } })),
  );
  expect(responses.filter((response) => response.status === 200)).toHaveLength(LIMIT - 5);
  for (const response of responses) await response.arrayBuffer();
});
