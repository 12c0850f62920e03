/**
 * GitHub's secret scanning public keys, and the check of a report's signature: ECDSA P-256 with SHA-256
 * over the raw request body, DER-encoded and base64 in `Github-Public-Key-Signature`, made with the key
 * `Github-Public-Key-Identifier` names
 * (https://docs.github.com/en/code-security/secret-scanning/secret-scanning-partnership-program/secret-scanning-partner-program).
 * The keys file is GitHub's own answer, saved as it is: `curl https://api.github.com/meta/public_keys/secret_scanning`.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Keys by identifier; empty when SECRET_SCANNING_KEYS_FILE is unset, and then no report is verified. */
export type SecretScanningKeys = ReadonlyMap<string, KeyObject>;

export class SecretScanningKeysError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretScanningKeysError';
  }
}

const SHAPE = '{"public_keys":[{"key_identifier":"...","key":"-----BEGIN PUBLIC KEY-----..."}]}';

/** The keys of GitHub's `public_keys` JSON; throws naming what is wrong. Every listed key counts, current or not (rotation). */
export function parseSecretScanningKeys(json: string): SecretScanningKeys {
  const document = JSON.parse(json) as { public_keys?: unknown };
  if (!Array.isArray(document.public_keys) || document.public_keys.length === 0) throw new Error(`expected ${SHAPE} with at least one key`);
  const keys = new Map<string, KeyObject>();
  for (const [index, entry] of (document.public_keys as unknown[]).entries()) {
    const { key_identifier: id, key: pem } = (entry ?? {}) as { key_identifier?: unknown; key?: unknown };
    if (typeof id !== 'string' || id === '' || typeof pem !== 'string') throw new Error(`public_keys[${index}] needs key_identifier and key`);
    let key: KeyObject;
    try {
      key = createPublicKey(pem);
    } catch {
      throw new Error(`public_keys[${index}] (${id}): key is not a PEM public key`);
    }
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new Error(`public_keys[${index}] (${id}): key is not an ECDSA P-256 key`);
    }
    keys.set(id, key);
  }
  return keys;
}

/** The configured keys, read once at start; a file that is set but unreadable or invalid stops the start. */
export function loadSecretScanningKeys(file: string | undefined): SecretScanningKeys {
  if (file === undefined) return new Map();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SecretScanningKeysError(`SECRET_SCANNING_KEYS_FILE ${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    return parseSecretScanningKeys(text);
  } catch (error) {
    throw new SecretScanningKeysError(`SECRET_SCANNING_KEYS_FILE ${file} is not GitHub's secret scanning public keys: ${(error as Error).message}`);
  }
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Whether `signature` (base64 DER) is the key `keyId`'s signature of exactly these bytes. */
export function verifyReportSignature(keys: SecretScanningKeys, keyId: string | undefined, signature: string | undefined, body: Buffer): boolean {
  if (keyId === undefined || signature === undefined) return false;
  const key = keys.get(keyId);
  // Node's base64 decoder skips what is not base64; a signature must be nothing else.
  if (key === undefined || signature === '' || !BASE64.test(signature)) return false;
  try {
    return verify('sha256', body, { key, dsaEncoding: 'der' }, Buffer.from(signature, 'base64'));
  } catch {
    // Not a DER signature at all.
    return false;
  }
}
