/**
 * Where the per-token counts live, chosen by configuration (docs/decisions/035-rate-limit-leases-and-redis.md);
 * the rest of the server sees one RateLimiter whichever it is:
 * - embedded database (one process): counted in memory, synced in batches (rate-limit.ts);
 * - PostgreSQL server (any number of replicas): places leased from the token's row (rate-lease.ts);
 * - REDIS_URL set: one atomic count in Redis or Valkey (rate-limit-redis.ts), with the database's limiter
 *   deciding while Redis is unavailable.
 */
import { Redis } from 'ioredis';
import type { Queryable } from '../db/database.ts';
import { addRateWindowHits, claimRateWindowPlaces } from '../repositories/api-tokens-repository.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';
import { createLeaseRateLimiter } from './rate-lease.ts';
import { createRedisRateLimiter, type RedisRateLimitLog } from './rate-limit-redis.ts';

export interface RateLimitStoreOptions {
  limit: number;
  /** Set: a PostgreSQL server, which replicas may share. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** The database the counts are written to (read at each call: it is opened after the app is built). */
  db: () => Queryable;
  log: RedisRateLimitLog;
}

export interface RateLimitStore {
  limiter: RateLimiter;
  close(): Promise<void>;
}

/** Redis commands (one per call) that take longer than this fail, so the fallback decides the call. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

export function createRateLimitStore(options: RateLimitStoreOptions): RateLimitStore {
  const database =
    options.databaseUrl === undefined
      ? createRateLimiter((tokenId, hits) => addRateWindowHits(options.db(), tokenId, hits), options.limit)
      : createLeaseRateLimiter((tokenId, wanted) => claimRateWindowPlaces(options.db(), tokenId, wanted, options.limit), options.limit);
  if (options.redisUrl === undefined) return { limiter: database, close: async () => undefined };
  const client = new Redis(options.redisUrl, {
    // Fail at once while disconnected instead of queueing calls behind the reconnection: the fallback decides them.
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
  });
  // Failures are reported by the limiter (once per outage); without a listener ioredis would print each one.
  client.on('error', () => undefined);
  return {
    limiter: createRedisRateLimiter({ client, limit: options.limit, keyPrefix: options.redisKeyPrefix, fallback: database, log: options.log }),
    async close() {
      client.disconnect();
    },
  };
}
