/**
 * The per-token limit is exact within one process under concurrency (public-api/rate-limit.ts and its stores):
 * 100 requests at once against a limit of 20 admit exactly 20, and 200 against a limit of 100 exactly 100, on
 * PGlite, on PostgreSQL and in Redis alike; with Redis unreachable the database's limiter decides, still exact.
 * Two replicas on one PostgreSQL, behind round robin, admit at most the limit plus 2% and at least the limit
 * less 2%, with the database alone (leases) and with Redis
 * (docs/decisions/035-rate-limit-leases-and-redis.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, TOKEN_HEADER } from './support/http-client.ts';
import { serverEnv, startServerProcess } from './support/server-process.ts';
import { freePort } from './support/free-port.ts';
import { deleteRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from './support/redis.ts';
import { createTestDatabase, TEST_DATABASE } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Waits for the next minute when this one is nearly over, so a burst cannot straddle two windows. The
 * window is the database's minute; the database runs on this machine, with this clock.
 */
async function awayFromWindowEnd(): Promise<void> {
  const seconds = new Date().getSeconds() + new Date().getMilliseconds() / 1000;
  if (seconds > 45) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
}

/**
 * Waits for the start of the next minute unless this one has just begun, so a long burst (tens of seconds on a
 * busy machine) stays within one window of the database's minute.
 */
async function atWindowStart(): Promise<void> {
  const seconds = new Date().getSeconds() + new Date().getMilliseconds() / 1000;
  if (seconds > 10) await new Promise((resolve) => setTimeout(resolve, (60.5 - seconds) * 1000));
}

/** `count` calls at once, the i-th to baseUrls[i % baseUrls.length]; their answers in that order. */
async function burst(baseUrls: string[], token: string, count: number): Promise<Array<{ status: number; remaining: number; server: number }>> {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) => fetch(`${baseUrls[i % baseUrls.length]}/api/v1/seller/warehouses?size=1`, { headers: { [TOKEN_HEADER]: token } })),
  );
  for (const response of responses) await response.arrayBuffer();
  return responses.map((response, i) => ({
    status: response.status,
    remaining: Number(response.headers.get('ratelimit-remaining')),
    server: i % baseUrls.length,
  }));
}

const admittedOf = (answers: Array<{ status: number }>) => answers.filter((answer) => answer.status === 200).length;

describe.each([
  { limit: 20, calls: 100, store: 'the database' },
  { limit: 100, calls: 200, store: 'the database' },
  { limit: 20, calls: 100, store: 'Redis' },
  { limit: 100, calls: 200, store: 'Redis' },
])('one process counting in $store, limit $limit, $calls concurrent calls', ({ limit, calls, store }) => {
  let server: TestServer;
  const prefix = uniqueRedisPrefix();
  beforeAll(async () => {
    const redis: Record<string, string> = store === 'Redis' ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } : {};
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: String(limit), ...redis } });
  });
  afterAll(async () => {
    await server?.close();
    await deleteRedisKeys(prefix);
  });

  it.each([1, 2, 3])(`admit exactly the limit, the rest 429 (fresh token, round %i)`, async () => {
    const client = server.client();
    await client.login();
    const token = await client.createToken('burst', 'concurrency');
    await awayFromWindowEnd();
    const answers = await burst([server.baseUrl], token, calls);
    // Exact within a process: stricter than "at most the limit plus 1%", and not fewer either.
    expect(admittedOf(answers)).toBe(limit);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(calls - limit);
    const remaining = answers.filter((answer) => answer.status === 200).map((answer) => answer.remaining);
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: limit }, (_, i) => i));
  });

  it('a token already in use stays exact: sequential calls, then a burst, admit the limit in total', async () => {
    const client = server.client();
    await client.login();
    const token = await client.createToken('warm', 'concurrency');
    await awayFromWindowEnd();
    for (let i = 0; i < 5; i += 1) expect((await client.api('/api/v1/seller/warehouses?size=1', token)).status).toBe(200);
    expect(admittedOf(await burst([server.baseUrl], token, calls))).toBe(limit - 5);
  });

  it('a 304 gives its place back: RateLimit-Remaining unchanged, and the limit of 200s still reached exactly', async () => {
    const client = server.client();
    await client.login();
    const token = await client.createToken('refund', 'concurrency');
    await awayFromWindowEnd();
    const path = '/api/v1/seller/warehouses?size=1';
    const first = await client.api(path, token);
    const etag = first.headers.get('etag') ?? '';
    expect(Number(first.headers.get('ratelimit-remaining'))).toBe(limit - 1);
    for (let i = 0; i < 5; i += 1) {
      const notModified = await client.api(path, token, { headers: { 'if-none-match': etag } });
      expect(notModified.status).toBe(304);
      expect(Number(notModified.headers.get('ratelimit-remaining'))).toBe(limit - 1);
    }
    // The refunds reached the store: the rest of the window admits exactly limit - 1 more.
    expect(admittedOf(await burst([server.baseUrl], token, limit + 10))).toBe(limit - 1);
  });
});

describe('one process whose Redis is unreachable, limit 20', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A port nothing listens on: every connection attempt is refused.
    const port = await freePort();
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '20', REDIS_URL: `redis://:not-logged@127.0.0.1:${port}` } });
  });
  afterAll(async () => server?.close());

  it('the database counts instead: exactly the limit admitted, no 5xx, one warning without the password', { timeout: 30_000 }, async () => {
    const client = server.client();
    await client.login();
    const token = await client.createToken('no redis', 'fallback');
    await awayFromWindowEnd();
    const answers = await burst([server.baseUrl], token, 100);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 429)).toEqual([]);
    expect(admittedOf(answers)).toBe(20);
    const warnings = server
      .logs()
      .split('\n')
      .filter((line) => line.includes('Redis unavailable'));
    expect(warnings).toHaveLength(1);
    expect(server.logs()).not.toContain('not-logged');
  });
});

/**
 * `count` calls spread round robin over `baseUrls` (the i-th to baseUrls[i % n]), `connections` of them in
 * flight at any moment, as a load balancer spreads one client's calls; each answer tagged with its server.
 */
async function roundRobin(baseUrls: string[], token: string, count: number, connections: number): Promise<Array<{ status: number; server: number }>> {
  const answers: Array<{ status: number; server: number }> = [];
  let next = 0;
  async function connection(): Promise<void> {
    for (let i = next++; i < count; i = next++) {
      const server = i % baseUrls.length;
      const response = await fetch(`${baseUrls[server]}/api/v1/seller/warehouses?size=1`, { headers: { [TOKEN_HEADER]: token } });
      await response.arrayBuffer();
      answers.push({ status: response.status, server });
    }
  }
  await Promise.all(Array.from({ length: connections }, connection));
  return answers;
}

describe.runIf(TEST_DATABASE === 'postgres').each([
  { store: 'PostgreSQL alone', redis: false },
  { store: 'Redis', redis: true },
])('two replicas on one PostgreSQL counting in $store, limit 600, behind round robin', ({ redis }) => {
  const LIMIT = 600;
  const CALLS = 3 * LIMIT;
  const CONNECTIONS = 16;
  /** The bound each way: at most the limit plus 2%, at least the limit less 2%. */
  const SLACK = Math.floor(LIMIT * 0.02);

  it(`${CALLS} calls from ${CONNECTIONS} connections admit the limit within 2% either way; afterwards both answer 429`, { timeout: 240_000 }, async () => {
    const database = await createTestDatabase();
    const prefix = uniqueRedisPrefix();
    const env = serverEnv(database, { RATE_LIMIT_PER_MINUTE: String(LIMIT), ...(redis ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}) });
    // One at a time: the first migrates and seeds, the second finds it done (and two tsx start-ups at once
    // would only be slower on two cores).
    const a = await startServerProcess(env);
    const b = await startServerProcess(env).catch(async (error: unknown) => {
      await a.kill('SIGKILL');
      throw error;
    });
    try {
      const client = new Client(a.baseUrl);
      await client.login();
      const token = await client.createToken('burst', 'two replicas');
      await atWindowStart();
      const started = Date.now();
      const answers = await roundRobin([a.baseUrl, b.baseUrl], token, CALLS, CONNECTIONS);
      expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 429)).toEqual([]);
      const perReplica = [0, 1].map((server) => admittedOf(answers.filter((answer) => answer.server === server)));
      const total = perReplica[0]! + perReplica[1]!;
      const seconds = (Date.now() - started) / 1000;
      console.info(
        `[two replicas, ${redis ? 'Redis' : 'PostgreSQL leases'}] ${CALLS} calls in ${seconds.toFixed(1)} s: admitted ${perReplica.join(' + ')} = ${total} against a limit of ${LIMIT}`,
      );
      // One window: a burst that outlasted the minute would measure two.
      expect(seconds).toBeLessThan(59);
      expect(total).toBeLessThanOrEqual(LIMIT + SLACK);
      expect(total).toBeGreaterThanOrEqual(LIMIT - SLACK);
      // Both replicas took part: round robin gave each half of the calls.
      for (const admitted of perReplica) expect(admitted).toBeGreaterThan(0);
      for (const baseUrl of [a.baseUrl, b.baseUrl]) expect((await burst([baseUrl], token, 1))[0]?.status).toBe(429);
    } finally {
      await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
      await database.drop();
      await deleteRedisKeys(prefix);
    }
  });
});
