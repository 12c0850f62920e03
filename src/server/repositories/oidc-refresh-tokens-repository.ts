/** The OpenID Provider's refresh tokens, one per subject, as ciphertext only (migration 011; accounts/oidc-refresh-tokens.ts encrypts). */
import type { Queryable } from '../db/database.ts';

export async function readRefreshTokenCiphertext(db: Queryable, subject: string): Promise<Buffer | undefined> {
  const rows = await db.query<{ ciphertext: Buffer }>('SELECT ciphertext FROM oidc_refresh_tokens WHERE subject = $1', [subject]);
  return rows[0]?.ciphertext;
}

export async function writeRefreshTokenCiphertext(db: Queryable, subject: string, ciphertext: Buffer): Promise<void> {
  await db.query(
    `INSERT INTO oidc_refresh_tokens (subject, ciphertext) VALUES ($1, $2)
     ON CONFLICT (subject) DO UPDATE SET ciphertext = EXCLUDED.ciphertext, updated_at = now()`,
    [subject, ciphertext],
  );
}

export async function deleteRefreshToken(db: Queryable, subject: string): Promise<void> {
  await db.query('DELETE FROM oidc_refresh_tokens WHERE subject = $1', [subject]);
}
