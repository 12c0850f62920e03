/** API tokens: digest for lookup, ciphertext for reveal; per-token rate-limit windows. */
import type { Queryable } from '../db/database.ts';
import type { UserType } from './users-repository.ts';

export interface TokenRow {
  id: number;
  title: string;
  description: string;
  digest: Uint8Array;
  ciphertext: Uint8Array;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, title, description, digest, ciphertext, created_at, expires_at, last_used_at';

export async function listTokens(db: Queryable, userId: number): Promise<TokenRow[]> {
  return db.query<TokenRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM api_tokens WHERE user_id = $1 ORDER BY id`, [userId]);
}

export async function countTokens(db: Queryable, userId: number): Promise<number> {
  const rows = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM api_tokens WHERE user_id = $1', [userId]);
  return rows[0]?.count ?? 0;
}

export async function insertToken(
  db: Queryable,
  token: { userId: number; title: string; description: string; digest: Buffer; ciphertext: Buffer; ttlDays: number },
): Promise<TokenRow> {
  const rows = await db.query<TokenRow & Record<string, unknown>>(
    `INSERT INTO api_tokens (user_id, title, description, digest, ciphertext, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6)) RETURNING ${COLUMNS}`,
    [token.userId, token.title, token.description, token.digest, token.ciphertext, token.ttlDays],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

export async function findOwnToken(db: Queryable, userId: number, digest: Buffer): Promise<TokenRow | undefined> {
  const rows = await db.query<TokenRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM api_tokens WHERE user_id = $1 AND digest = $2`,
    [userId, digest],
  );
  return rows[0];
}

/** Refresh: a new value and a new expiry on the same row; the old digest stops matching at once. */
export async function replaceTokenValue(
  db: Queryable,
  id: number,
  value: { digest: Buffer; ciphertext: Buffer; ttlDays: number },
): Promise<TokenRow | undefined> {
  const rows = await db.query<TokenRow & Record<string, unknown>>(
    `UPDATE api_tokens SET digest = $2, ciphertext = $3, expires_at = now() + make_interval(days => $4)
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, value.digest, value.ciphertext, value.ttlDays],
  );
  return rows[0];
}

export async function deleteToken(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM api_tokens WHERE id = $1', [id]);
}

export interface TokenPrincipalRow {
  id: number;
  user_id: number;
  user_type: UserType;
  warehouse_id: number | null;
  digest: Uint8Array;
  ciphertext: Uint8Array;
  expires_at: Date;
  last_used_recent: boolean;
}

/** The live (unexpired) token with this digest, with its owner's type and warehouse. */
export async function findLiveToken(db: Queryable, digest: Buffer): Promise<TokenPrincipalRow | undefined> {
  const rows = await db.query<TokenPrincipalRow & Record<string, unknown>>(
    `SELECT t.id, t.user_id, u.user_type, w.id AS warehouse_id, t.digest, t.ciphertext, t.expires_at,
            COALESCE(t.last_used_at > now() - interval '1 minute', false) AS last_used_recent
       FROM api_tokens t
       JOIN users u ON u.id = t.user_id
       LEFT JOIN warehouses w ON w.account_id = u.id
      WHERE t.digest = $1 AND t.expires_at > now()`,
    [digest],
  );
  return rows[0];
}

/**
 * Adds a batch of hits (counted in one process since its last sync) to the token's fixed one-minute
 * window and returns the window's total and the milliseconds until it ends: one single-row upsert, in
 * the database so the limit holds across replicas (lib/rate-limiter.ts decides when to call it).
 */
export async function addRateWindowHits(db: Queryable, tokenId: number, hits: number): Promise<{ hits: number; resetMs: number }> {
  const rows = await db.query<{ hits: number; reset_ms: number }>(
    `INSERT INTO token_rate_windows AS r (token_id, window_start, hits) VALUES ($1, date_trunc('minute', now()), $2)
     ON CONFLICT (token_id) DO UPDATE SET
       hits = CASE WHEN r.window_start = excluded.window_start THEN r.hits + excluded.hits ELSE excluded.hits END,
       window_start = excluded.window_start
     RETURNING hits, (EXTRACT(EPOCH FROM (window_start + interval '1 minute' - now())) * 1000)::float8 AS reset_ms`,
    [tokenId, hits],
  );
  return { hits: rows[0]?.hits ?? hits, resetMs: rows[0]?.reset_ms ?? 60_000 };
}

/** Last use, written at most once a minute per token (the condition makes concurrent replicas agree). */
export async function recordTokenUse(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE api_tokens SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= now() - interval '1 minute')`,
    [id],
  );
}
