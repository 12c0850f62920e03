/**
 * The one database interface the server uses. Two implementations: embedded PGlite (default) and
 * a PostgreSQL server through `pg` (DATABASE_URL). Both speak the same SQL and the same migrations.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  query<R extends Row = Row>(text: string, params?: unknown[]): Promise<R[]>;
}

export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * For writes whose loss in a database crash is harmless (rate-limit counters, last-use and session
   * touch times): PostgreSQL commits them without waiting for the WAL flush (synchronous_commit=off),
   * which keeps a write per public request cheap. Never for tokens, sessions or accounts themselves.
   */
  relaxed: Queryable;
  /** Runs several statements (no parameters): migrations, seed scripts. */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs fn while holding a cluster-wide lock (pg advisory lock), so two processes starting at once
   * migrate and seed one after the other. PGlite is single-process (lock file), so fn just runs.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * PGlite only (one process, one connection): calls fn with each NOTIFY payload on the channel, as the
   * statement that sent it commits. PostgreSQL replicas listen on their own connection (postgres-listener.ts).
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}
