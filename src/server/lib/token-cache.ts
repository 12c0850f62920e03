/**
 * Verified API tokens by digest, in memory for a few seconds, so a public request does not look its
 * token up in the database every time (docs/decisions/003-rate-limit-and-token-cache.md).
 *
 * Nothing evicts implicitly: whatever revokes a token says so. Refresh, ending a grace window and delete
 * evict it in this process once their statement has run (routes/portal-tokens/handlers.ts); other replicas
 * evict on PostgreSQL's NOTIFY token_revoked (db/postgres-listener.ts), and while that listener is not
 * connected the cache is off. A token's current and previous value are two entries (by digest) of one id,
 * and eviction is by id, so both go together. A change made straight in the database reaches the cache
 * through that NOTIFY when the triggers of migrations 003 and 004 cover it, otherwise after
 * TOKEN_CACHE_TTL_MS. Expiry (or a grace window's end) is checked against the clock on every request by
 * the caller, and so is access (the row's scopes).
 */
import type { TokenPrincipalRow } from '../repositories/api-tokens-repository.ts';

const TOKEN_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  row: TokenPrincipalRow;
  cachedUntil: number;
}

export class TokenCache {
  private readonly byDigest = new Map<string, Entry>();
  /** Bumped on every eviction: a lookup that started before one must not fill the cache after it. */
  private generation = 0;
  /** Off while cross-replica eviction is not guaranteed (e.g. the listener is reconnecting). */
  private enabled: boolean;

  constructor(
    enabled = true,
    private readonly now: () => number = Date.now,
  ) {
    this.enabled = enabled;
  }

  get(digest: Buffer): TokenPrincipalRow | undefined {
    if (!this.enabled) return undefined;
    const key = digest.toString('base64');
    const entry = this.byDigest.get(key);
    if (entry === undefined) return undefined;
    if (entry.cachedUntil <= this.now()) {
      this.byDigest.delete(key);
      return undefined;
    }
    return entry.row;
  }

  /** A ticket taken before the database lookup; set() ignores rows fetched before an eviction. */
  ticket(): number {
    return this.generation;
  }

  set(digest: Buffer, row: TokenPrincipalRow, ticket: number): void {
    if (!this.enabled || ticket !== this.generation) return;
    if (this.byDigest.size >= MAX_ENTRIES) this.byDigest.clear();
    this.byDigest.set(digest.toString('base64'), { row, cachedUntil: this.now() + TOKEN_CACHE_TTL_MS });
  }

  evictToken(id: number): void {
    this.generation += 1;
    for (const [key, entry] of this.byDigest) if (entry.row.id === id) this.byDigest.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.byDigest.clear();
  }

  setEnabled(enabled: boolean): void {
    this.clear();
    this.enabled = enabled;
  }
}
