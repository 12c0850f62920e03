/**
 * The refresh tokens the OpenID Provider gives at sign-in, kept for the recheck's refresh grant: encrypted
 * with the token keys (AES-256-GCM) and bound to their subject, so a row copied onto another subject does
 * not decrypt. A ciphertext that does not decrypt (keys changed) counts as no token.
 */
import type { Queryable } from '../db/database.ts';
import type { TokenKeys } from '../io/token-keys.ts';
import type { RefreshTokenStore } from '../identity/oidc-relying-party.ts';
import { deleteRefreshToken, readRefreshTokenCiphertext, writeRefreshTokenCiphertext } from '../repositories/oidc-refresh-tokens-repository.ts';

function boundTo(subject: string): Buffer {
  return Buffer.from(`oidc-refresh-token:${subject}`, 'utf8');
}

export async function keepRefreshToken(db: Queryable, keys: Pick<TokenKeys, 'encrypt'>, subject: string, refreshToken: string): Promise<void> {
  await writeRefreshTokenCiphertext(db, subject, keys.encrypt(refreshToken, boundTo(subject)));
}

/** The store the relying party reads and rotates tokens through; `db` is asked for at each use (the storage gate opens it later). */
export function refreshTokenStore(db: () => Queryable, keys: Pick<TokenKeys, 'encrypt' | 'decrypt'>): RefreshTokenStore {
  return {
    async read(subject) {
      const ciphertext = await readRefreshTokenCiphertext(db(), subject);
      return ciphertext === undefined ? undefined : keys.decrypt(ciphertext, boundTo(subject));
    },
    write: (subject, refreshToken) => keepRefreshToken(db(), keys, subject, refreshToken),
    forget: (subject) => deleteRefreshToken(db(), subject),
  };
}
