/**
 * When the rate limit's Redis goes away mid-run and comes back (docs/decisions/035-rate-limit-leases-and-redis.md):
 * calls keep their 200/429 answers, decided by the database's limiter meanwhile, never a 5xx; one warning when
 * it starts, one line when Redis is back, and from then on Redis decides again. A Redis server of its own, on a
 * free port, so stopping it disturbs nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { freePort, waitForPort } from './support/free-port.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const PATH = '/api/v1/seller/warehouses?size=1';

function startRedis(port: number): ChildProcess {
  return spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('the rate limit while its Redis stops and starts again', () => {
  let port: number;
  let redis: ChildProcess;
  let server: TestServer;
  beforeAll(async () => {
    port = await freePort();
    redis = startRedis(port);
    await waitForPort(port, 'redis-server');
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000', REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: 'outage' } });
  });
  afterAll(async () => {
    await server?.close();
    if (redis !== undefined) await stopRedis(redis);
  });

  it('falls back to the database without a 5xx, says so once, and counts in Redis again once it is back', { timeout: 60_000 }, async () => {
    const client = server.client();
    await client.login();
    const token = await client.createToken('outage', 'redis');
    const keys = async (): Promise<string[]> => {
      const direct = new Redis(`redis://127.0.0.1:${port}`);
      try {
        return await direct.keys('outage:*');
      } finally {
        direct.disconnect();
      }
    };
    expect((await client.api(PATH, token)).status).toBe(200);
    expect(await keys()).toHaveLength(1);

    await stopRedis(redis);
    for (let i = 0; i < 20; i += 1) expect((await client.api(PATH, token)).status).toBe(200);
    const warnings = () =>
      server
        .logs()
        .split('\n')
        .filter((line) => line.includes('Redis unavailable'));
    expect(warnings()).toHaveLength(1);

    redis = startRedis(port);
    await waitForPort(port, 'redis-server');
    // ioredis reconnects on its own (backing off up to 2 s); calls meanwhile still answer.
    const deadline = Date.now() + 20_000;
    while (!server.logs().includes('Redis is back') && Date.now() < deadline) {
      expect((await client.api(PATH, token)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(server.logs()).toContain('Redis is back');
    expect(warnings()).toHaveLength(1);
    // Counted in the new Redis (empty after the restart): its key is back.
    expect((await client.api(PATH, token)).status).toBe(200);
    expect(await keys()).toHaveLength(1);
  });
});
