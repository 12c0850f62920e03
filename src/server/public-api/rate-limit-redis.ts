/**
 * The per-token rate limit in Redis or Valkey (REDIS_URL), through rate-limiter-flexible's RateLimiterRedis:
 * one atomic increment per call in a key per token, so replicas share one exact count
 * (docs/decisions/035-rate-limit-leases-and-redis.md). The window is the library's: one minute from the
 * token's first call in it, ended by the key's expiry.
 *
 * Behaviour kept from the database limiters: a refused call is not counted (its increment is undone, so a
 * client that keeps calling while limited does not use up the places a 304 gives back), and a 304 gives its
 * place back (`reward`) while its window lasts.
 *
 * When Redis fails or is not connected, calls are decided by `fallback` (the database's limiter) instead of
 * failing: a warning is logged once when that starts and a line once when Redis is back. The fallback keeps
 * its own count, so while it decides, a window may admit up to the limit on each store.
 */
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateDecision, RateLimiter } from './rate-limit.ts';

/** How long calls wait for the first connection at start (unless it fails sooner) before the fallback decides them. */
const FIRST_CONNECTION_WAIT_MS = 2_000;
/** After a failed call, the fallback decides for this long before Redis is tried again. */
const RETRY_AFTER_FAILURE_MS = 1_000;
/** Tokens whose window end this process remembers (for refunds) before ended ones are dropped. */
const MAX_TRACKED = 10_000;

export interface RedisRateLimitLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface RedisRateLimiterOptions {
  client: Redis;
  limit: number;
  /** Prefix of every key, so several portals (or test runs) can share one Redis. */
  keyPrefix: string;
  fallback: RateLimiter;
  log: RedisRateLimitLog;
  now?: () => number;
}

export function createRedisRateLimiter({ client, limit, keyPrefix, fallback, log, now = Date.now }: RedisRateLimiterOptions): RateLimiter {
  const store = new RateLimiterRedis({ storeClient: client, points: limit, duration: 60, keyPrefix, rejectIfRedisNotReady: true });
  /** Local clock time each token's window ends, as this process last heard: a refund after it gives nothing. */
  const windowEnds = new Map<number, number>();
  let failingSince: number | undefined;
  let retryAt = 0;
  let firstConnection: Promise<void> | undefined =
    client.status === 'ready'
      ? undefined
      : new Promise<void>((resolve) => {
          // Connected, refused or timed out: whichever comes first ends the wait.
          const done = () => {
            clearTimeout(timer);
            client.off('ready', done).off('error', done);
            resolve();
          };
          const timer = setTimeout(done, FIRST_CONNECTION_WAIT_MS);
          timer.unref();
          client.once('ready', done).once('error', done);
        }).then(() => {
          firstConnection = undefined;
        });

  function failed(error: unknown): void {
    retryAt = now() + RETRY_AFTER_FAILURE_MS;
    if (failingSince !== undefined) return;
    failingSince = now();
    // The message only: an ioredis error can carry the connection options, password included.
    const reason = error instanceof Error ? error.message : 'unknown error';
    log.warn(`rate limit: Redis unavailable (${reason}); the database's limiter decides until it is back`);
  }

  function recovered(): void {
    if (failingSince === undefined) return;
    log.info(`rate limit: Redis is back after ${Math.round((now() - failingSince) / 1000)} s; it decides again`);
    failingSince = undefined;
  }

  function remember(tokenId: number, msBeforeNext: number): void {
    if (windowEnds.size >= MAX_TRACKED && !windowEnds.has(tokenId)) {
      const at = now();
      for (const [id, end] of windowEnds) if (end <= at) windowEnds.delete(id);
      if (windowEnds.size >= MAX_TRACKED) windowEnds.clear();
    }
    windowEnds.set(tokenId, now() + msBeforeNext);
  }

  const resetSecondsOf = (answer: RateLimiterRes) => Math.max(1, Math.ceil(answer.msBeforeNext / 1000));

  async function decide(tokenId: number): Promise<RateDecision> {
    if (firstConnection !== undefined) await firstConnection;
    if (client.status !== 'ready' || now() < retryAt) {
      if (client.status !== 'ready') failed(new Error(`connection ${client.status}`));
      return fallback.hit(tokenId);
    }
    try {
      const answer = await store.consume(tokenId);
      recovered();
      remember(tokenId, answer.msBeforeNext);
      return { hits: answer.consumedPoints, admitted: true, resetSeconds: resetSecondsOf(answer) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        failed(rejection);
        return fallback.hit(tokenId);
      }
      recovered();
      // Refused calls are not counted: undo this one's increment.
      store.reward(tokenId, 1).catch(failed);
      return { hits: rejection.consumedPoints, admitted: false, resetSeconds: resetSecondsOf(rejection) };
    }
  }

  return {
    limit,
    hit: decide,
    refund(tokenId) {
      if (failingSince !== undefined) return fallback.refund(tokenId);
      const end = windowEnds.get(tokenId);
      if (end === undefined || now() >= end) return 0;
      store.reward(tokenId, 1).catch(failed);
      return undefined;
    },
  };
}
