/**
 * Per-token rate limit without a database write per request (docs/decisions/003-rate-limit-and-token-cache.md).
 *
 * Each process counts a token's hits in memory and syncs them to its row in token_rate_windows in batches:
 * one UPSERT ... RETURNING adds the hits counted here since the last sync and returns the window's global
 * count (every replica's synced hits). A request is decided on (global count at the last sync + hits
 * counted here since). A sync happens on a token's first request, when the last one is older than
 * SYNC_INTERVAL_MS, when this process's window has ended, and whenever the request would cross the limit
 * (so every decision near the limit is made on the database's count).
 *
 * Within one process the count is exact (or, with requests in flight during a sync, slightly higher:
 * stricter). Across replicas each one sees the others' hits at most SYNC_INTERVAL_MS late, so N replicas
 * can together admit a little over the limit: at most what they serve in one interval before the
 * request that crosses it forces a sync. Unsynced hits of a process that dies are lost (counters only).
 */
import type { Queryable } from '../db/database.ts';
import { addRateWindowHits } from '../repositories/api-tokens-repository.ts';

const SYNC_INTERVAL_MS = 200;
/** Tokens tracked per process before entries whose window has ended are dropped. */
const MAX_TRACKED = 10_000;

interface TokenWindow {
  /** The window's count in the database at the last sync (this process's synced hits included). */
  global: number;
  /** Hits counted here since the last sync began. */
  local: number;
  lastSync: number;
  /** Local clock time the database's window ends. */
  resetAt: number;
  syncing: Promise<void> | undefined;
}

export interface RateDecision {
  hits: number;
  resetSeconds: number;
}

export interface RateLimiter {
  /** Counts one request for the token; hits is its position in the current window. */
  hit(tokenId: number): Promise<RateDecision>;
}

export function createRateLimiter(db: Queryable, limit: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<number, TokenWindow>();

  async function sync(tokenId: number, state: TokenWindow): Promise<void> {
    const delta = state.local;
    state.local -= delta;
    const started = now();
    try {
      const { hits, resetMs } = await addRateWindowHits(db, tokenId, delta);
      state.global = hits;
      state.lastSync = started;
      state.resetAt = started + resetMs;
    } catch (error) {
      // Not counted in the database: keep them here for the next sync.
      state.local += delta;
      throw error;
    }
  }

  function prune(at: number): void {
    for (const [id, state] of windows) if (state.resetAt <= at && state.syncing === undefined) windows.delete(id);
  }

  return {
    async hit(tokenId) {
      let state = windows.get(tokenId);
      if (state === undefined) {
        if (windows.size >= MAX_TRACKED) prune(now());
        state = { global: 0, local: 0, lastSync: 0, resetAt: 0, syncing: undefined };
        windows.set(tokenId, state);
      }
      state.local += 1;
      for (;;) {
        const at = now();
        const due = at - state.lastSync >= SYNC_INTERVAL_MS || at >= state.resetAt || state.global + state.local > limit;
        if (!due) break;
        if (state.syncing !== undefined) {
          // Another request is syncing: its answer may make this one's decision without a query.
          await state.syncing.catch(() => undefined);
          continue;
        }
        const current = state;
        state.syncing = sync(tokenId, current).finally(() => {
          current.syncing = undefined;
        });
        await state.syncing;
        break;
      }
      return { hits: state.global + state.local, resetSeconds: Math.ceil((state.resetAt - now()) / 1000) };
    },
  };
}
