/**
 * Keys for API tokens: an HMAC-SHA-256 key (lookup digest) and an AES-256-GCM key (ciphertext the owner
 * can reveal). From TOKEN_SECRET (HKDF) when set; otherwise generated on first start into
 * DATA_DIR/secrets.json, outside the database, so a copy of the database alone leaks no usable token.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TokenKeys {
  digest(value: string): Buffer;
  digestsEqual(a: Uint8Array, b: Uint8Array): boolean;
  /** aad binds the ciphertext to its row (the digest), so ciphertexts cannot be swapped between rows. */
  encrypt(value: string, aad: Uint8Array): Buffer;
  /** The plaintext, or undefined when the ciphertext was tampered with (fails closed). */
  decrypt(ciphertext: Uint8Array, aad: Uint8Array): string | undefined;
  /** A value that identifies the keys without revealing them; stored in the database to catch mismatches. */
  checkValue: string;
  /**
   * A 32-byte key for one other purpose (HKDF from the HMAC key, `purpose` as its info): the same on every
   * replica with the same keys, and revealing nothing about the token digests.
   */
  deriveKey(purpose: string): Buffer;
}

function fromRaw(hmacKey: Buffer, aesKey: Buffer): TokenKeys {
  return {
    digest: (value) => createHmac('sha256', hmacKey).update(value).digest(),
    digestsEqual: (a, b) => a.length === b.length && timingSafeEqual(a, b),
    encrypt(value, aad) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      cipher.setAAD(aad);
      const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]);
    },
    decrypt(ciphertext, aad) {
      const bytes = Buffer.from(ciphertext);
      if (bytes.length < 29) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', aesKey, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        decipher.setAAD(aad);
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
    checkValue: createHmac('sha256', hmacKey).update('token-key-check').digest('hex').slice(0, 32),
    deriveKey: (purpose) => Buffer.from(hkdfSync('sha256', hmacKey, 'portal-derived-keys', purpose, 32)),
  };
}

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'portal-token-keys', label, 32));
}

export function loadTokenKeys(options: { tokenSecret: string | undefined; dataDir: string }): TokenKeys {
  if (options.tokenSecret !== undefined) {
    return fromRaw(derive(options.tokenSecret, 'hmac'), derive(options.tokenSecret, 'aes-256-gcm'));
  }
  const path = join(options.dataDir, 'secrets.json');
  if (!existsSync(path)) {
    mkdirSync(options.dataDir, { recursive: true });
    const fresh = { hmacKey: randomBytes(32).toString('base64'), aesKey: randomBytes(32).toString('base64') };
    // 'wx': never overwrite keys another process just wrote.
    try {
      writeFileSync(path, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = JSON.parse(readFileSync(path, 'utf8')) as { hmacKey?: string; aesKey?: string };
  const hmacKey = Buffer.from(stored.hmacKey ?? '', 'base64');
  const aesKey = Buffer.from(stored.aesKey ?? '', 'base64');
  if (hmacKey.length !== 32 || aesKey.length !== 32) throw new Error(`${path} does not hold two 32-byte keys`);
  return fromRaw(hmacKey, aesKey);
}
