/**
 * Tokens reported found in public (GitHub secret scanning): revoking one, and the owner's notices about
 * them. A revoked token matches no value from then on (findLiveToken) and keeps its row, so its card
 * says where it was found until the owner deletes it.
 */
import type { Queryable } from '../db/database.ts';

export interface RevokedToken {
  id: number;
  user_id: number;
  title: string;
}

/**
 * Revokes the live token one of whose live values (current, or previous in its grace window) has this
 * digest, in one statement, so two reports of one value at once revoke it once. Its previous value goes
 * too. undefined: no live token has that value (unknown, expired, already revoked).
 */
export async function revokeLeakedToken(db: Queryable, digest: Buffer, leak: { url: string; source: string }): Promise<RevokedToken | undefined> {
  const rows = await db.query<RevokedToken & Record<string, unknown>>(
    `UPDATE api_tokens SET revoked_at = now(), leak_url = $2, leak_source = $3, previous_digest = NULL, previous_expires_at = NULL
      WHERE revoked_at IS NULL
        AND ((digest = $1 AND expires_at > now()) OR (previous_digest = $1 AND previous_expires_at > now()))
      RETURNING id, user_id, title`,
    [digest, leak.url, leak.source],
  );
  return rows[0];
}

export interface LeakNoticeRow {
  id: number;
  title: string;
  leak_url: string;
  revoked_at: Date;
}

/** The user's revoked tokens whose notice is not dismissed, newest revocation first. */
export async function listLeakNotices(db: Queryable, userId: number): Promise<LeakNoticeRow[]> {
  return db.query<LeakNoticeRow & Record<string, unknown>>(
    `SELECT id, title, leak_url, revoked_at FROM api_tokens
      WHERE user_id = $1 AND revoked_at IS NOT NULL AND NOT leak_notice_dismissed
      ORDER BY revoked_at DESC, id DESC`,
    [userId],
  );
}

/** Hides the notice about one of the user's revoked tokens; another user's token or a live one: no change. */
export async function dismissLeakNotice(db: Queryable, userId: number, tokenId: number): Promise<void> {
  await db.query('UPDATE api_tokens SET leak_notice_dismissed = true WHERE id = $1 AND user_id = $2 AND revoked_at IS NOT NULL', [tokenId, userId]);
}
