/**
 * Verified API tokens by their presented value, in memory for a few seconds, so a public request neither
 * looks its token up in the database nor computes its keyed digest every time
 * (docs/decisions/003-rate-limit-and-token-cache.md). Keyed by the value, not its digest: the HMAC was the
 * hot call's largest cost of its own, and holding the value adds nothing to what the process already holds
 * (each cached row carries its ciphertext, and the process holds the key that decrypts it).
 *
 * Nothing evicts implicitly: whatever revokes a token says so. Refresh, ending a grace window and delete
 * evict it in this process once their statement has run (routes/portal-tokens/handlers.ts); other replicas
 * evict on PostgreSQL's NOTIFY token_revoked (db/postgres-listener.ts), and while that listener is not
 * connected the cache is off. A token's current and previous value are two entries (by value) of one id,
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
  private readonly byValue = new Map<string, Entry>();
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

  get(value: string): TokenPrincipalRow | undefined {
    if (!this.enabled) return undefined;
    const entry = this.byValue.get(value);
    if (entry === undefined) return undefined;
    if (entry.cachedUntil <= this.now()) {
      this.byValue.delete(value);
      return undefined;
    }
    return entry.row;
  }

  /** A ticket taken before the database lookup; set() ignores rows fetched before an eviction. */
  ticket(): number {
    return this.generation;
  }

  set(value: string, row: TokenPrincipalRow, ticket: number): void {
    if (!this.enabled || ticket !== this.generation) return;
    if (this.byValue.size >= MAX_ENTRIES) this.byValue.clear();
    this.byValue.set(value, { row, cachedUntil: this.now() + TOKEN_CACHE_TTL_MS });
  }

  evictToken(id: number): void {
    this.generation += 1;
    for (const [key, entry] of this.byValue) if (entry.row.id === id) this.byValue.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.byValue.clear();
  }

  setEnabled(enabled: boolean): void {
    this.clear();
    this.enabled = enabled;
  }
}
