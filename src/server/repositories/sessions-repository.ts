/** Portal sessions: stored by the SHA-256 of the cookie value, with idle and absolute expiry. */
import type { Queryable } from '../db/database.ts';
import type { UserType } from './users-repository.ts';

export interface SessionUser {
  userId: number;
  email: string;
  userType: UserType;
  /** True when last_seen_at is old enough to be worth a write (see touchSession). */
  stale: boolean;
}

export async function createSession(db: Queryable, idHash: Buffer, userId: number, maxHours: number): Promise<void> {
  await db.query(`INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`, [idHash, userId, maxHours]);
}

export async function findSession(db: Queryable, idHash: Buffer, idleMinutes: number): Promise<SessionUser | undefined> {
  const rows = await db.query<{ user_id: number; email: string; user_type: UserType; stale: boolean }>(
    `SELECT s.user_id, u.email, u.user_type, s.last_seen_at < now() - interval '1 minute' AS stale
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => $2)`,
    [idHash, idleMinutes],
  );
  const row = rows[0];
  return row && { userId: row.user_id, email: row.email, userType: row.user_type, stale: row.stale };
}

/** Keeps an active session alive; written at most once a minute per session. */
export async function touchSession(db: Queryable, idHash: Buffer): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [idHash]);
}

export async function deleteSession(db: Queryable, idHash: Buffer): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
}

export async function deleteExpiredSessions(db: Queryable, idleMinutes: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(mins => $1)', [idleMinutes]);
}
