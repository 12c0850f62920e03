/**
 * Portal sessions: stored by the SHA-256 of the cookie value, with idle and absolute expiry. Each has a
 * public integer id (shown in the sessions list, never the cookie) and where it signed in from. Sessions are
 * read from the database on every request, never cached, so ending one takes effect at once on every replica.
 */
import type { Queryable } from '../db/database.ts';
import type { ActivityOrigin } from '../lib/activity-origin.ts';
import type { UserType } from '../../shared/api-family.ts';
import type { ExternalProviderKind } from '../identity/provider.ts';

export interface SessionUser {
  userId: number;
  email: string;
  userType: UserType;
  /** The session's public id (sessions.id). */
  sessionId: number;
  /** True when last_seen_at is old enough to be worth a write (see touchSession). */
  stale: boolean;
}

const USER_AGENT_MAX = 200;

/** A session is live while neither its absolute nor its idle expiry has passed. */
const LIVE = (idleParam: string) => `s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => ${idleParam})`;

/** `providerSid`: the OpenID Provider's session it was signed in with, which its back-channel logout names. */
export async function createSession(
  db: Queryable,
  idHash: Buffer,
  userId: number,
  maxHours: number,
  origin: ActivityOrigin,
  providerSid?: string,
): Promise<void> {
  await db.query(
    `INSERT INTO sessions (id_hash, user_id, expires_at, user_agent, ip_address, provider_sid) VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5, $6)`,
    [idHash, userId, maxHours, origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null, origin.ipAddress, providerSid ?? null],
  );
}

export async function findSession(db: Queryable, idHash: Buffer, idleMinutes: number): Promise<SessionUser | undefined> {
  const rows = await db.query<{ id: number; user_id: number; email: string; user_type: UserType; stale: boolean }>(
    `SELECT s.id, s.user_id, u.email, u.user_type, s.last_seen_at < now() - interval '1 minute' AS stale
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id_hash = $1 AND ${LIVE('$2')} AND u.closed_at IS NULL`,
    [idHash, idleMinutes],
  );
  const row = rows[0];
  return row && { userId: row.user_id, email: row.email, userType: row.user_type, sessionId: row.id, stale: row.stale };
}

export interface SessionRow {
  id: number;
  user_agent: string | null;
  ip_address: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/** The user's live sessions, newest first. */
export async function listSessions(db: Queryable, userId: number, idleMinutes: number): Promise<SessionRow[]> {
  return db.query<SessionRow & Record<string, unknown>>(
    `SELECT s.id, s.user_agent, s.ip_address, s.created_at, s.last_seen_at
       FROM sessions s WHERE s.user_id = $1 AND ${LIVE('$2')}
      ORDER BY s.created_at DESC, s.id DESC`,
    [userId, idleMinutes],
  );
}

/** Keeps an active session alive; written at most once a minute per session. */
export async function touchSession(db: Queryable, idHash: Buffer): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [idHash]);
}

/** Deletes the session; returns its user when it was live (a sign-out worth recording), else undefined. */
export async function deleteSession(db: Queryable, idHash: Buffer, idleMinutes: number): Promise<number | undefined> {
  const rows = await db.query<{ user_id: number; live: boolean }>(`DELETE FROM sessions s WHERE s.id_hash = $1 RETURNING s.user_id, (${LIVE('$2')}) AS live`, [
    idHash,
    idleMinutes,
  ]);
  const row = rows[0];
  return row?.live ? row.user_id : undefined;
}

/**
 * Deletes the user's sessions other than `keepId`; returns how many of them were live (an expired one was
 * already signed out, and housekeeping would have deleted it).
 */
export async function deleteOtherSessions(db: Queryable, userId: number, keepId: number, idleMinutes: number): Promise<number> {
  const rows = await db.query<{ live: boolean }>(`DELETE FROM sessions s WHERE s.user_id = $1 AND s.id <> $2 RETURNING (${LIVE('$3')}) AS live`, [
    userId,
    keepId,
    idleMinutes,
  ]);
  return rows.filter((row) => row.live).length;
}

/** Deletes one live session of the user by its public id; false when the user has no such session. */
export async function deleteSessionById(db: Queryable, userId: number, sessionId: number, idleMinutes: number): Promise<boolean> {
  const rows = await db.query(`DELETE FROM sessions s WHERE s.user_id = $1 AND s.id = $2 AND ${LIVE('$3')} RETURNING 1`, [userId, sessionId, idleMinutes]);
  return rows.length > 0;
}

export async function deleteExpiredSessions(db: Queryable, idleMinutes: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(mins => $1)', [idleMinutes]);
}

/**
 * Deletes the sessions an OpenID Provider's back-channel logout names: those signed in with its session
 * `sid`, or with no sid every session of the subject's shadow accounts (both given: that session, if it is
 * the subject's). Returns each live one's user and subject, for its signed_out event.
 */
export async function deleteProviderSessions(
  db: Queryable,
  provider: ExternalProviderKind,
  logout: { sessionId?: string; subject?: string },
  idleMinutes: number,
): Promise<Array<{ userId: number; subject: string }>> {
  const rows = await db.query<{ user_id: number; subject: string; live: boolean }>(
    `DELETE FROM sessions s USING users u
      WHERE u.id = s.user_id AND u.auth_provider = $1
        AND ($2::text IS NULL OR s.provider_sid = $2)
        AND ($3::text IS NULL OR u.subject = $3)
        AND ($2::text IS NOT NULL OR $3::text IS NOT NULL)
      RETURNING s.user_id, u.subject, (${LIVE('$4')}) AS live`,
    [provider, logout.sessionId ?? null, logout.subject ?? null, idleMinutes],
  );
  return rows.filter((row) => row.live).map((row) => ({ userId: row.user_id, subject: row.subject }));
}

/** Where the account of a session lives (`local`, `oidc`, ...), for the logout's answer; undefined for no such session. */
export async function sessionAccountProvider(db: Queryable, idHash: Buffer): Promise<string | undefined> {
  const rows = await db.query<{ auth_provider: string }>('SELECT u.auth_provider FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1', [
    idHash,
  ]);
  return rows[0]?.auth_provider;
}
