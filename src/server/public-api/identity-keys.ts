/**
 * The portal's signing keys for the identity a live call carries to the provider's API (ES256, a JWT the
 * upstream verifies with /.well-known/jwks.json). Each key is published from its creation, signs from
 * `activates_at` for IDENTITY_KEY_DAYS, and stays published for OVERLAP after: the next key is made and
 * published OVERLAP before it takes over, so a verifier that caches the key set for up to OVERLAP always
 * holds the key of any identity it receives. Keys live in the database (every replica signs with the same
 * one), private keys encrypted with the token keys; one replica makes the next key, under a transaction
 * lock.
 */
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { TokenKeys } from '../io/token-keys.ts';
import { deleteUnpublishedKeys, insertKey, publishedKeys, type IdentityKeyRow } from '../repositories/identity-keys-repository.ts';

export const IDENTITY_ALGORITHM = 'ES256';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long before it signs a key is published, and how long after it stops signing it stays published. */
export const OVERLAP_MS = DAY_MS;

export interface SigningKey {
  kid: string;
  key: CryptoKey;
  retiresAt: number;
}

export interface IdentityKeyRing {
  /** The key signing at this moment (loading, or making one, when none is known). */
  signingKey(): SigningKey | Promise<SigningKey>;
  /** The public keys to publish, as a JWK Set. */
  keySet(): Promise<{ keys: JWK[] }>;
  /** Reads the keys again and makes the next one when its time has come. */
  refresh(): Promise<void>;
}

interface RingOptions {
  db: Database;
  keys: TokenKeys;
  now: () => number;
  keyDays: number;
}

const kidBytes = (kid: string) => Buffer.from(`identity-key:${kid}`, 'utf8');

async function newKey(options: RingOptions, activatesAt: number): Promise<IdentityKeyRow & { created_at: Date }> {
  const { publicKey, privateKey } = await generateKeyPair(IDENTITY_ALGORITHM, { extractable: true });
  const kid = randomBytes(12).toString('base64url');
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: IDENTITY_ALGORITHM, use: 'sig' };
  const privateJwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: IDENTITY_ALGORITHM });
  const retiresAt = activatesAt + options.keyDays * DAY_MS;
  return {
    kid,
    public_jwk: publicJwk,
    private_jwk_ciphertext: options.keys.encrypt(privateJwk, kidBytes(kid)),
    created_at: new Date(Math.min(options.now(), activatesAt)),
    activates_at: new Date(activatesAt),
    retires_at: new Date(retiresAt),
    unpublished_at: new Date(retiresAt + OVERLAP_MS),
  };
}

/**
 * The key that should be made now, if any: none signs (the first start, or every key retired), or the one
 * signing retires within OVERLAP and no key follows it yet.
 */
async function keyDue(options: RingOptions, rows: IdentityKeyRow[]): Promise<(IdentityKeyRow & { created_at: Date }) | undefined> {
  const now = options.now();
  const signing = signingRow(rows, now);
  if (signing === undefined) return newKey(options, now);
  const followed = rows.some((row) => row.activates_at.getTime() > signing.activates_at.getTime());
  if (!followed && signing.retires_at.getTime() - now <= OVERLAP_MS) return newKey(options, signing.retires_at.getTime());
  return undefined;
}

/** The key signing at `now`: the latest to have taken over and not yet retired. */
function signingRow(rows: IdentityKeyRow[], now: number): IdentityKeyRow | undefined {
  return rows
    .filter((row) => row.activates_at.getTime() <= now && row.retires_at.getTime() > now)
    .reduce<IdentityKeyRow | undefined>((latest, row) => (latest === undefined || row.activates_at > latest.activates_at ? row : latest), undefined);
}

export function createIdentityKeyRing(options: RingOptions): IdentityKeyRing {
  let rows: IdentityKeyRow[] = [];
  const imported = new Map<string, CryptoKey>();
  let current: SigningKey | undefined;
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    const at = () => new Date(options.now());
    rows = await publishedKeys(options.db, at());
    const due = await keyDue(options, rows);
    if (due !== undefined) {
      await options.db.transaction(async (tx) => {
        // One replica makes it; the others find it once the lock is theirs.
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('identity_signing_keys'))`);
        if ((await keyDue(options, await publishedKeys(tx, at()))) !== undefined) await insertKey(tx, due);
        await deleteUnpublishedKeys(tx, at());
      });
      rows = await publishedKeys(options.db, at());
    }
    const now = options.now();
    const signing = signingRow(rows, now);
    if (signing === undefined) throw new Error('no identity signing key is active after making one');
    let key = imported.get(signing.kid);
    if (key === undefined) {
      const privateJwk = options.keys.decrypt(signing.private_jwk_ciphertext, kidBytes(signing.kid));
      // Keys from other token keys (a mismatched TOKEN_SECRET) fail closed: no identity is signed.
      if (privateJwk === undefined) throw new Error(`identity signing key ${signing.kid} does not decrypt with this server's token keys`);
      key = (await importJWK(JSON.parse(privateJwk) as JWK, IDENTITY_ALGORITHM)) as CryptoKey;
      imported.set(signing.kid, key);
    }
    current = { kid: signing.kid, key, retiresAt: signing.retires_at.getTime() };
  }

  const refresh = (): Promise<void> => {
    loading ??= load().finally(() => {
      loading = undefined;
    });
    return loading;
  };

  return {
    signingKey() {
      if (current !== undefined && current.retiresAt > options.now()) return current;
      return refresh().then(() => {
        if (current === undefined) throw new Error('no identity signing key');
        return current;
      });
    },
    async keySet() {
      if (rows.length === 0 || rows.every((row) => row.unpublished_at.getTime() <= options.now())) await refresh();
      const now = options.now();
      return { keys: rows.filter((row) => row.unpublished_at.getTime() > now).map((row) => row.public_jwk) };
    },
    refresh,
  };
}
