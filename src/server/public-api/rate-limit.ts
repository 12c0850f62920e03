/**
 * The public API's per-token rate limit, its one owner: it counts (below), writes the RateLimit-* headers and
 * Retry-After, and gives a 304's place back (publicRateLimit). Nothing else touches a token's count or those
 * headers. Where the counts live is chosen in rate-limit-store.ts (docs/decisions/035-rate-limit-leases-and-redis.md):
 * the counter below for the embedded database, leases (rate-lease.ts) on a PostgreSQL server, or Redis
 * (rate-limit-redis.ts). The counter is exact within its one process, without a database write per request
 * (docs/decisions/003-rate-limit-and-token-cache.md).
 *
 * Each process counts a token's admitted requests in memory and syncs them to its row in token_rate_windows
 * in batches: one UPSERT ... RETURNING adds the hits counted here since the last sync and returns the
 * window's global count (every replica's synced hits). A request is decided, synchronously, on
 * `synced + inFlight + unsynced`: the global count at the last sync, the hits being sent by a sync under
 * way, and the hits admitted here since. Deciding and counting happen in one synchronous step, so within
 * one process no two requests can take the same place in the window, whatever the concurrency.
 *
 * A request waits for a sync (and starts one if none is under way) when this process has not seen the
 * window yet or it has ended, when the last sync is older than SYNC_INTERVAL_MS, or when it would cross
 * the limit: then it is decided on a count read after it arrived, so a crossing is always confirmed
 * against the database. Rejected requests are not counted (a client that keeps calling while limited
 * costs no writes). Across replicas each one sees the others' hits at most SYNC_INTERVAL_MS late; the
 * decision record says what that allows. Unsynced hits of a process that dies are lost (counters only).
 */
import type { FastifyReply } from 'fastify';

const SYNC_INTERVAL_MS = 200;
/** Tokens tracked per process before entries whose window has ended are dropped. */
const MAX_TRACKED = 10_000;

/** Adds hits to the token's current window in the shared store; returns its total and ms until it ends. */
export type AddWindowHits = (tokenId: number, hits: number) => Promise<{ hits: number; resetMs: number }>;

interface TokenWindow {
  /** The window's global count at the last sync (this process's hits sent so far included). */
  synced: number;
  /** Hits being added by the sync under way. */
  inFlight: number;
  /** Hits admitted here and not yet sent. */
  unsynced: number;
  lastSync: number;
  /** Local clock time the database's window ends. */
  resetAt: number;
  /** Syncs started so far; a request's decision needs a sync numbered above the count at its arrival. */
  syncsStarted: number;
  /** Number of the sync whose answer `synced` holds. */
  syncedBy: number;
  syncing: Promise<void> | undefined;
}

export interface RateDecision {
  /** The request's place in the window: admitted when at most the limit. */
  hits: number;
  admitted: boolean;
  resetSeconds: number;
}

export interface RateLimiter {
  readonly limit: number;
  /**
   * Decides one request for the token, counting it when admitted: at once when this process's count
   * decides it (nearly every request), or once a sync has answered.
   */
  hit(tokenId: number): RateDecision | Promise<RateDecision>;
  /**
   * Gives back the place of an admitted request that turned out to cost nothing (a 304 Not Modified),
   * if its window has not ended; returns the token's count after it, or undefined when only the store
   * will know it (Redis: the caller's own count less one is then reported).
   */
  refund(tokenId: number): number | undefined;
}

export function createRateLimiter(addWindowHits: AddWindowHits, limit: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<number, TokenWindow>();

  async function sync(tokenId: number, state: TokenWindow): Promise<void> {
    const sent = state.unsynced;
    state.unsynced = 0;
    state.inFlight += sent;
    state.syncsStarted += 1;
    const number = state.syncsStarted;
    const started = now();
    try {
      const { hits, resetMs } = await addWindowHits(tokenId, sent);
      state.synced = hits;
      state.syncedBy = number;
      state.lastSync = started;
      state.resetAt = started + resetMs;
    } catch (error) {
      // Not counted in the database: keep them here for the next sync.
      state.unsynced += sent;
      throw error;
    } finally {
      state.inFlight -= sent;
    }
  }

  function prune(at: number): void {
    for (const [id, state] of windows) if (state.resetAt <= at && state.syncing === undefined) windows.delete(id);
  }

  function stateOf(tokenId: number): TokenWindow {
    let state = windows.get(tokenId);
    if (state === undefined) {
      if (windows.size >= MAX_TRACKED) prune(now());
      state = { synced: 0, inFlight: 0, unsynced: 0, lastSync: 0, resetAt: 0, syncsStarted: 0, syncedBy: 0, syncing: undefined };
      windows.set(tokenId, state);
    }
    return state;
  }

  /** The decision for a request that arrived after sync number `arrivedAfter`, if it can be made now without one. */
  function decideNow(state: TokenWindow, arrivedAfter: number): RateDecision | undefined {
    const at = now();
    const place = state.synced + state.inFlight + state.unsynced + 1;
    const seenSinceArrival = state.syncedBy > arrivedAfter;
    const windowEnded = at >= state.resetAt;
    const stale = at - state.lastSync >= SYNC_INTERVAL_MS;
    if (windowEnded || (!seenSinceArrival && (stale || place > limit))) return undefined;
    // Decided and counted in one synchronous step: no other request can take this place.
    const admitted = place <= limit;
    if (admitted) state.unsynced += 1;
    return { hits: place, admitted, resetSeconds: Math.max(1, Math.ceil((state.resetAt - at) / 1000)) };
  }

  async function decideAfterSync(tokenId: number, state: TokenWindow, arrivedAfter: number): Promise<RateDecision> {
    for (;;) {
      if (state.syncing === undefined) {
        state.syncing = sync(tokenId, state).finally(() => {
          state.syncing = undefined;
        });
      }
      await state.syncing;
      const decision = decideNow(state, arrivedAfter);
      if (decision !== undefined) return decision;
    }
  }

  return {
    limit,
    hit(tokenId) {
      const state = stateOf(tokenId);
      const arrivedAfter = state.syncsStarted;
      return decideNow(state, arrivedAfter) ?? decideAfterSync(tokenId, state, arrivedAfter);
    },
    refund(tokenId) {
      const state = windows.get(tokenId);
      if (state === undefined || now() >= state.resetAt) return 0;
      // May go below zero when the hit was already sent: the next sync then subtracts it.
      state.unsynced -= 1;
      return state.synced + state.inFlight + state.unsynced;
    },
  };
}

/** The rate limit as the public call sees it: a decision per call, the headers that report it, and the 304 refund. */
export interface PublicRateLimit {
  readonly limit: number;
  /** Decides (and counts, when admitted) one call of the token; at once nearly always. */
  admit(tokenId: number): RateDecision | Promise<RateDecision>;
  /** RateLimit-Limit, -Remaining and -Reset for a decided call (admitted or not). */
  writeHeaders(reply: FastifyReply, decision: RateDecision): void;
  /** Retry-After for a refused call. */
  retryAfter(decision: RateDecision): Record<string, string>;
  /**
   * For an admitted call whose answer cost the token nothing (304 Not Modified): gives its place back and
   * rewrites RateLimit-Remaining to match. It was admitted first like any other, so a token over its limit
   * still gets 429, and the database is never read past the limit.
   */
  refund(tokenId: number, reply: FastifyReply): void;
  /**
   * The same refund for a call answered elsewhere and reported later (a 304 in the provider's gateway's
   * access log): no headers to rewrite. Only this process's count of the token's current window changes,
   * and only when it counts that window: a report from another replica's check or from a window that has
   * ended gives nothing back.
   */
  giveBack(tokenId: number): void;
}

function setHeaders(reply: FastifyReply, limit: number, hits: number, resetSeconds: number): void {
  void reply
    .header('ratelimit-limit', String(limit))
    .header('ratelimit-remaining', String(Math.max(0, limit - hits)))
    .header('ratelimit-reset', String(resetSeconds));
}

export function publicRateLimit(limiter: RateLimiter): PublicRateLimit {
  return {
    limit: limiter.limit,
    admit: (tokenId) => limiter.hit(tokenId),
    writeHeaders: (reply, decision) => setHeaders(reply, limiter.limit, decision.hits, decision.resetSeconds),
    retryAfter: (decision) => ({ 'retry-after': String(decision.resetSeconds) }),
    refund(tokenId, reply) {
      const counted = limiter.refund(tokenId);
      const hits = counted ?? limiter.limit - Number(reply.getHeader('ratelimit-remaining') ?? limiter.limit) - 1;
      const reset = reply.getHeader('ratelimit-reset');
      setHeaders(reply, limiter.limit, hits, Number(reset ?? 60));
    },
    giveBack(tokenId) {
      limiter.refund(tokenId);
    },
  };
}
