/**
 * API tokens: digest for lookup, ciphertext for reveal, the previous value's digest while a grace window runs;
 * per-token rate-limit windows.
 */
import type { Queryable } from '../db/database.ts';
import type { UserType } from '../../shared/api-family.ts';
import type { TokenEnvironment } from '../../shared/token-environment.ts';

export interface TokenRow {
  id: number;
  title: string;
  description: string;
  digest: Uint8Array;
  ciphertext: Uint8Array;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  /** The domains it may read; null: every domain of its API. */
  scopes: string[] | null;
  /** null: the server's default lifetime (tokens made before lifetimes were chosen). */
  lifetime_days: number | null;
  previous_expires_at: Date | null;
  /** Canonical addresses and ranges (src/shared/ip-allowlist.ts); empty: any address. */
  ip_allowlist: string[];
  /** Set when the token was reported found in public and revoked; leak_url and leak_source with it. */
  revoked_at: Date | null;
  leak_url: string | null;
  leak_source: string | null;
  /** For life: where its calls are answered (the portal's sandbox, or the provider's API). */
  environment: TokenEnvironment;
}

const COLUMNS =
  'id, title, description, digest, ciphertext, created_at, expires_at, last_used_at, scopes, lifetime_days, previous_expires_at, ip_allowlist, revoked_at, leak_url, leak_source, environment';

/** Newest first, as listApiTokens promises (ids grow with creation; a refresh keeps its row). */
export async function listTokens(db: Queryable, userId: number): Promise<TokenRow[]> {
  return db.query<TokenRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM api_tokens WHERE user_id = $1 ORDER BY id DESC`, [userId]);
}

/** Titles and expiry instants only, in listTokens' order: what the expiry reminder names (never a revoked token). */
export async function listTokenExpiries(db: Queryable, userId: number): Promise<{ title: string; expires_at: Date }[]> {
  return db.query<{ title: string; expires_at: Date }>('SELECT title, expires_at FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id DESC', [
    userId,
  ]);
}

export async function countTokens(db: Queryable, userId: number): Promise<number> {
  const rows = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM api_tokens WHERE user_id = $1', [userId]);
  return rows[0]?.count ?? 0;
}

export async function insertToken(
  db: Queryable,
  token: {
    userId: number;
    title: string;
    description: string;
    digest: Buffer;
    ciphertext: Buffer;
    lifetimeDays: number;
    scopes: string[] | null;
    /** Canonical (normalizeAllowlist); empty: any address. */
    ipAllowlist: string[];
    environment: TokenEnvironment;
  },
): Promise<TokenRow> {
  const rows = await db.query<TokenRow & Record<string, unknown>>(
    `INSERT INTO api_tokens (user_id, title, description, digest, ciphertext, expires_at, lifetime_days, scopes, ip_allowlist, environment)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6), $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [token.userId, token.title, token.description, token.digest, token.ciphertext, token.lifetimeDays, token.scopes, token.ipAllowlist, token.environment],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

/**
 * One of the user's tokens by its current value's digest, locked until the transaction ends: a change that
 * reads it first (refresh, ending a grace window, delete) sees what a concurrent one left, so each change
 * and its activity event happen once.
 */
export async function lockOwnToken(db: Queryable, userId: number, digest: Buffer): Promise<TokenRow | undefined> {
  const rows = await db.query<TokenRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM api_tokens WHERE user_id = $1 AND digest = $2 FOR UPDATE`, [
    userId,
    digest,
  ]);
  return rows[0];
}

/** One of the user's tokens by id, locked until the transaction ends (a change that reads it first, e.g. its IP allowlist). */
export async function lockOwnTokenById(db: Queryable, userId: number, id: number): Promise<TokenRow | undefined> {
  const rows = await db.query<TokenRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM api_tokens WHERE user_id = $1 AND id = $2 FOR UPDATE`, [userId, id]);
  return rows[0];
}

export async function updateIpAllowlist(db: Queryable, id: number, ipAllowlist: string[]): Promise<TokenRow | undefined> {
  const rows = await db.query<TokenRow & Record<string, unknown>>(`UPDATE api_tokens SET ip_allowlist = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [
    id,
    ipAllowlist,
  ]);
  return rows[0];
}

/**
 * Refresh: a new value and a new expiry (the token's own lifetime, or defaultDays) on the same row. With a
 * grace window the replaced value's digest is kept as the previous one until min(now + grace, its own
 * expiry); without one, or for an expired value, there is no previous value. Either way a previous value
 * from an earlier refresh is overwritten: its window ends. Only while `digest` is still the value the
 * caller saw, so two refreshes at once cannot both succeed.
 */
export async function replaceTokenValue(
  db: Queryable,
  id: number,
  replaced: Buffer,
  value: { digest: Buffer; ciphertext: Buffer; defaultDays: number; graceHours: number },
): Promise<TokenRow | undefined> {
  // In an UPDATE, columns on the right-hand side are the row's values before it.
  const rows = await db.query<TokenRow & Record<string, unknown>>(
    `UPDATE api_tokens SET
        previous_digest = CASE WHEN $6 > 0 AND expires_at > now() THEN digest END,
        previous_expires_at = CASE WHEN $6 > 0 AND expires_at > now() THEN LEAST(now() + make_interval(hours => $6), expires_at) END,
        digest = $3, ciphertext = $4, expires_at = now() + make_interval(days => COALESCE(lifetime_days, $5))
      WHERE id = $1 AND digest = $2 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [id, replaced, value.digest, value.ciphertext, value.defaultDays, value.graceHours],
  );
  return rows[0];
}

/** Ends a grace window now: the previous value stops matching. The row as it is afterwards. */
export async function endGraceWindow(db: Queryable, id: number): Promise<TokenRow | undefined> {
  const rows = await db.query<TokenRow & Record<string, unknown>>(
    `UPDATE api_tokens SET previous_digest = NULL, previous_expires_at = NULL WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0];
}

/** Forgets previous values whose grace window has ended (they match nothing already); housekeeping. */
export async function clearEndedGraceWindows(db: Queryable): Promise<void> {
  await db.query('UPDATE api_tokens SET previous_digest = NULL, previous_expires_at = NULL WHERE previous_expires_at <= now()');
}

export async function deleteToken(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM api_tokens WHERE id = $1', [id]);
}

export interface TokenPrincipalRow {
  id: number;
  user_id: number;
  user_type: UserType;
  warehouse_id: number | null;
  /** The digest of the value presented (the current or the previous one). */
  digest: Uint8Array;
  /** The current value's ciphertext; null when the presented value is the previous one (only its digest is kept). */
  ciphertext: Uint8Array | null;
  /** When the presented value stops working: the token's expiry, or the end of the grace window. */
  expires_at: Date;
  /**
   * When the presented value was made (the token's creation or its last refresh): its expiry less the
   * token's own lifetime, which both set it from. Null when that is not known: a previous value (only its
   * digest and end are kept) or a token made before lifetimes were chosen (lifetime_days null).
   */
  issued_at: Date | null;
  /** The domains it may read; null: every domain of its API. */
  scopes: string[] | null;
  /** The addresses it may be used from (canonical); empty: any address. */
  ip_allowlist: string[];
  last_used_recent: boolean;
  environment: TokenEnvironment;
  /** The account's stable subject at its sign-in provider; null for the portal's own accounts. */
  subject: string | null;
}

const PRINCIPAL_COLUMNS = `t.id, t.user_id, u.user_type, w.id AS warehouse_id, t.scopes, t.ip_allowlist, t.environment, u.subject,
            COALESCE(t.last_used_at > now() - interval '1 minute', false) AS last_used_recent`;
const PRINCIPAL_FROM = `api_tokens t
       JOIN users u ON u.id = t.user_id
       LEFT JOIN warehouses w ON w.account_id = u.id`;

/**
 * The live token one of whose values has this digest, with its owner's type and warehouse: the current
 * value until the token expires, the previous one until its grace window ends; neither once the token was
 * revoked as leaked. One round trip.
 */
export async function findLiveToken(db: Queryable, digest: Buffer): Promise<TokenPrincipalRow | undefined> {
  const rows = await db.query<TokenPrincipalRow & Record<string, unknown>>(
    `SELECT ${PRINCIPAL_COLUMNS}, t.digest, t.ciphertext, t.expires_at, t.expires_at - make_interval(days => t.lifetime_days) AS issued_at
       FROM ${PRINCIPAL_FROM}
      WHERE t.digest = $1 AND t.expires_at > now() AND t.revoked_at IS NULL AND u.closed_at IS NULL
     UNION ALL
     SELECT ${PRINCIPAL_COLUMNS}, t.previous_digest, NULL, t.previous_expires_at, NULL
       FROM ${PRINCIPAL_FROM}
      WHERE t.previous_digest = $1 AND t.previous_expires_at > now() AND t.revoked_at IS NULL AND u.closed_at IS NULL`,
    [digest],
  );
  return rows[0];
}

/**
 * Adds a batch of hits (counted in one process since its last sync) to the token's fixed one-minute
 * window and returns the window's total and the milliseconds until it ends: one single-row upsert, in
 * the database so the limit holds across replicas (public-api/rate-limit.ts decides when to call it).
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

/**
 * Claims up to `wanted` places of the token's current one-minute window for one process, never past
 * `limit` (public-api/rate-lease.ts): one single-row upsert, atomic under the row's lock, so the places
 * every replica holds add up to at most the limit. Returns what this claim got (0 when the window is
 * full), the places claimed in the window by all replicas, the window's start and the ms until it ends.
 */
export async function claimRateWindowPlaces(
  db: Queryable,
  tokenId: number,
  wanted: number,
  limit: number,
): Promise<{ granted: number; claimed: number; windowStart: number; resetMs: number }> {
  const rows = await db.query<{ granted: number; hits: number; window_start_ms: number; reset_ms: number }>(
    `INSERT INTO token_rate_windows AS r (token_id, window_start, hits, granted)
       VALUES ($1, date_trunc('minute', now()), LEAST($2::int, $3::int), LEAST($2::int, $3::int))
     ON CONFLICT (token_id) DO UPDATE SET
       granted = CASE WHEN r.window_start = excluded.window_start THEN GREATEST(0, LEAST(excluded.granted, $3::int - r.hits)) ELSE excluded.granted END,
       hits = CASE WHEN r.window_start = excluded.window_start THEN r.hits + GREATEST(0, LEAST(excluded.granted, $3::int - r.hits)) ELSE excluded.hits END,
       window_start = excluded.window_start
     RETURNING granted, hits, (EXTRACT(EPOCH FROM window_start) * 1000)::float8 AS window_start_ms,
       (EXTRACT(EPOCH FROM (window_start + interval '1 minute' - now())) * 1000)::float8 AS reset_ms`,
    [tokenId, wanted, limit],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('claiming rate window places returned no row');
  return { granted: row.granted, claimed: row.hits, windowStart: row.window_start_ms, resetMs: row.reset_ms };
}

/** Last use, written at most once a minute per token (the condition makes concurrent replicas agree). */
export async function recordTokenUse(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE api_tokens SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= now() - interval '1 minute')`,
    [id],
  );
}

/** The ids of every token of one account, revoked and expired ones too. */
export async function tokenIdsOf(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>('SELECT id FROM api_tokens WHERE user_id = $1', [userId]);
  return rows.map((row) => row.id);
}
