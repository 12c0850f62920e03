/**
 * Verified API tokens by digest, in memory for a few seconds, so a public request does not look its
 * token up in the database every time (docs/decisions/003-rate-limit-and-token-cache.md).
 *
 * Revocation stays immediate: refresh and delete evict the token in this process synchronously, any
 * write to api_tokens through this process's database handle clears the cache, and other replicas
 * evict on PostgreSQL's NOTIFY token_revoked (db/postgres-listener.ts); while that listener is not
 * connected the cache is off. Expiry is checked against the clock on every request by the caller.
 */
import type { Database, Transaction } from '../db/database.ts';
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

  constructor(enabled = true, private readonly now: () => number = Date.now) {
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

/** Statements that may change a token (not plain reads): they clear the cache once they have run. */
const TOKEN_WRITE = /^(?!\s*select\b)[\s\S]*\b(api_tokens|users)\b/i;

/**
 * The database handle with every write that may touch api_tokens (a test aging a token, an admin
 * script, a refresh) clearing this process's cache when it completes. Writes are rare; reads pass through.
 */
export function clearingTokenCacheOnWrites(db: Database, cache: TokenCache): Database {
  const after = async <T>(text: string, run: Promise<T>): Promise<T> => {
    try {
      return await run;
    } finally {
      if (TOKEN_WRITE.test(text)) cache.clear();
    }
  };
  return {
    ...db,
    kind: db.kind,
    relaxed: db.relaxed,
    query: (text, params) => after(text, db.query(text, params)),
    exec: (sql) => after(sql, db.exec(sql)),
    async transaction(fn) {
      // Cleared again after COMMIT: a lookup between the statement and the commit still read the old row.
      let touched = false;
      const mark = async <T>(text: string, run: Promise<T>): Promise<T> => {
        if (TOKEN_WRITE.test(text)) touched = true;
        return after(text, run);
      };
      try {
        return await db.transaction((tx) => {
          const wrapped: Transaction = {
            query: (text, params) => mark(text, tx.query(text, params)),
            exec: (sql) => mark(sql, tx.exec(sql)),
          };
          return fn(wrapped);
        });
      } finally {
        if (touched) cache.clear();
      }
    },
    withStartupLock: (fn) => db.withStartupLock(fn),
    close: () => db.close(),
  };
}
