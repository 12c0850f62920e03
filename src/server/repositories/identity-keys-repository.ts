/**
 * The keys that sign live calls' identities (public-api/identity-keys.ts decides when a key is made). A
 * private key is stored only as the token keys' ciphertext, bound to its kid.
 */
import type { Queryable } from '../db/database.ts';
import type { JWK } from 'jose';

export interface IdentityKeyRow {
  kid: string;
  public_jwk: JWK;
  private_jwk_ciphertext: Uint8Array;
  activates_at: Date;
  retires_at: Date;
  unpublished_at: Date;
}

/** Every key still published at `now`, the one activating last first. */
export async function publishedKeys(db: Queryable, now: Date): Promise<IdentityKeyRow[]> {
  return db.query<IdentityKeyRow & Record<string, unknown>>(
    `SELECT kid, public_jwk, private_jwk_ciphertext, activates_at, retires_at, unpublished_at
       FROM identity_signing_keys WHERE unpublished_at > $1 ORDER BY activates_at DESC`,
    [now],
  );
}

export async function insertKey(db: Queryable, key: IdentityKeyRow & { created_at: Date }): Promise<void> {
  await db.query(
    `INSERT INTO identity_signing_keys (kid, public_jwk, private_jwk_ciphertext, created_at, activates_at, retires_at, unpublished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [key.kid, JSON.stringify(key.public_jwk), key.private_jwk_ciphertext, key.created_at, key.activates_at, key.retires_at, key.unpublished_at],
  );
}

/** Keys no verifier can still need: unpublished a day ago or more. */
export async function deleteUnpublishedKeys(db: Queryable, now: Date): Promise<void> {
  await db.query(`DELETE FROM identity_signing_keys WHERE unpublished_at < $1::timestamptz - interval '1 day'`, [now]);
}
