/**
 * The hot call on each rate limit store (docs/decisions/035-rate-limit-leases-and-redis.md), side by side: the
 * embedded database's process counter, PostgreSQL's leases, and Redis. Each store's server runs on the demo
 * data (the hot list is answered from the response cache, so the limiter is most of what differs), all three
 * up throughout, measured in turn for `storeRounds` rounds so a change in the shared machine meets each alike.
 * RATE_LIMIT_PER_MINUTE stays at its maximum: this is the call far from the limit, where each store should
 * decide from memory (the process counter and the leases) or with one Redis round trip.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createSellerToken } from './lib/api-session.ts';
import { options } from './lib/options.ts';
import { startOurServer, type OurServer } from './lib/our-server.ts';
import { createDatabase, dropDatabase, postgresAvailable } from './lib/postgres.ts';
import { cpuByCommand } from './lib/processes.ts';
import { apiEndpoints, loadTest, type LoadResult } from './measure-server.ts';

export interface RateLimitStoreRun {
  store: string;
  round: number;
  load: LoadResult;
  /** Share of one core the Redis server used during the measured run (Redis store only). */
  redisCpuPercent: number | null;
}

export interface RateLimitStoresResult {
  redisUrl: string;
  rounds: number;
  runs: RateLimitStoreRun[];
}

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function deleteKeys(prefix: string): Promise<void> {
  const client = new Redis(REDIS_URL);
  try {
    for await (const keys of client.scanStream({ match: `${prefix}:*`, count: 1000 }))
      if ((keys as string[]).length > 0) await client.del(...(keys as string[]));
  } finally {
    client.disconnect();
  }
}

const redisCpuSeconds = (): number => [...cpuByCommand('redis-server').values()].reduce((sum, seconds) => sum + seconds, 0);

export async function runRateLimitStores(header: string, log: (line: string) => void): Promise<RateLimitStoresResult> {
  const databaseName = `bench_stores_${process.pid}`;
  const keyPrefix = `bench-rate:${randomBytes(4).toString('hex')}`;
  const stores: Array<{ store: string; server: OurServer; token: string; redis: boolean }> = [];
  const postgres = await postgresAvailable();
  const redis = postgres && (await redisAvailable());
  if (!postgres) log('  PostgreSQL not reachable: only the embedded store is measured');
  else if (!redis) log(`  Redis not reachable at ${new URL(REDIS_URL).host}: the Redis store is skipped`);
  const databaseUrl = postgres ? await createDatabase(databaseName) : undefined;
  try {
    const port = options.ports.rateLimitStores;
    // The two servers on one PostgreSQL database share its token keys, as replicas do.
    const TOKEN_SECRET = randomBytes(32).toString('base64');
    const targets = [
      { store: 'embedded (process counter)', settings: {}, redis: false },
      ...(databaseUrl === undefined ? [] : [{ store: 'PostgreSQL (leases)', settings: { databaseUrl, env: { TOKEN_SECRET } }, redis: false }]),
      ...(databaseUrl === undefined || !redis
        ? []
        : [{ store: 'Redis (PostgreSQL beside)', settings: { databaseUrl, env: { TOKEN_SECRET, REDIS_URL, REDIS_KEY_PREFIX: keyPrefix } }, redis: true }]),
    ];
    // One at a time: the first PostgreSQL server migrates and seeds, the second finds it done.
    for (const [index, target] of targets.entries()) {
      const server = await startOurServer({ name: `stores-${index}`, port: port + index, ...target.settings });
      stores.push({ store: target.store, server, token: await createSellerToken(server.origin), redis: target.redis });
    }
    const runs: RateLimitStoreRun[] = [];
    const load = { seconds: options.loadSeconds, warmupSeconds: options.warmupSeconds, connections: options.connections };
    for (let round = 1; round <= options.storeRounds; round += 1) {
      for (const { store, server, token, redis: inRedis } of stores) {
        const [list] = apiEndpoints(server.origin, '/api/v1', header, token, 1);
        const redisBefore = inRedis ? redisCpuSeconds() : 0;
        const started = performance.now();
        const result = await loadTest(store, list!, { ...load, pid: server.pid });
        // The Redis server's CPU over the whole load test (warm-up included) scaled to its length.
        const redisCpuPercent = inRedis ? (100 * (redisCpuSeconds() - redisBefore)) / ((performance.now() - started) / 1000) : null;
        runs.push({ store, round, load: result, redisCpuPercent });
        log(`  rate limit store ${store}, round ${round}: ${Math.round(result.rps)} rps, server CPU ${Math.round(result.serverCpuPercent ?? 0)}%`);
      }
    }
    return { redisUrl: new URL(REDIS_URL).host, rounds: options.storeRounds, runs };
  } finally {
    for (const { server } of stores) await server.stop();
    if (databaseUrl !== undefined) await dropDatabase(databaseName);
    if (redis) await deleteKeys(keyPrefix);
  }
}
