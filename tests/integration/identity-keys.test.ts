/**
 * The keys that sign live calls' identities (public-api/identity-keys.ts), on the run's database with a
 * clock the test moves: the first key signs at once; the next is published a day before it takes over; a
 * retired key stays published a day; two replicas make one next key between them; what is signed verifies
 * with the published set and nothing else; an identity is reused while more than half its life is left.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { loadTokenKeys } from '../../src/server/io/token-keys.ts';
import type { ApiPrincipal } from '../../src/server/lib/api-principal.ts';
import { createIdentityAsserter } from '../../src/server/public-api/identity-assertion.ts';
import { createIdentityKeyRing, OVERLAP_MS, type IdentityKeyRing } from '../../src/server/public-api/identity-keys.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

const DAY = 24 * 60 * 60 * 1000;
const KEY_DAYS = 30;
let database: TestDatabase;
let db: Database;
let clock = Date.parse('2026-12-01T00:00:00Z');
const now = () => clock;
const keys = loadTokenKeys({ tokenSecret: randomBytes(32).toString('base64'), dataDir: mkdtempSync(join(tmpdir(), 'identity-keys-')) });
const ring = (): IdentityKeyRing => createIdentityKeyRing({ db, keys, now, keyDays: KEY_DAYS });

const principal: ApiPrincipal = {
  tokenId: 7,
  userId: 3,
  userType: 'SELLER',
  warehouseId: null,
  environment: 'live',
  subject: '3f0c5a2e-2d7b-4a59-9f7e-52b8f1f6a0c1',
  scopes: ['orders', 'products'],
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  await migrate(db);
});

afterAll(async () => {
  await db.close();
  await database.drop();
});

const kids = async (keyRing: IdentityKeyRing) => (await keyRing.keySet()).keys.map((key) => key.kid);
const signingKid = async (keyRing: IdentityKeyRing) => (await keyRing.signingKey()).kid;

describe('identity signing keys', () => {
  const replicaA = () => ringA;
  let ringA: IdentityKeyRing;
  let first: string;

  it('make the first key on first use, signing at once, and publish only public parts', async () => {
    ringA = ring();
    first = await signingKid(replicaA());
    const set = await ringA.keySet();
    expect(set.keys.map((key) => key.kid)).toEqual([first]);
    expect(set.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(set.keys[0]).not.toHaveProperty('d');
    const [stored] = await db.query<{ private_jwk_ciphertext: Uint8Array }>('SELECT private_jwk_ciphertext FROM identity_signing_keys');
    expect(Buffer.from(stored!.private_jwk_ciphertext).toString('latin1')).not.toContain('"d"');
  });

  it('publish the next key a day before it signs, made once by two replicas refreshing together', async () => {
    clock += (KEY_DAYS - 1) * DAY + 1;
    const ringB = ring();
    await Promise.all([ringA.refresh(), ringB.refresh()]);
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity_signing_keys');
    expect(count?.n).toBe(2);
    expect(await signingKid(ringA)).toBe(first);
    const published = await kids(ringB);
    expect(published).toHaveLength(2);
    expect(published).toContain(first);
  });

  it('sign with the next key once the first retires, and keep the first published for the overlap', async () => {
    clock += OVERLAP_MS;
    const next = await signingKid(ringA);
    expect(next).not.toBe(first);
    expect(await kids(ringA)).toEqual(expect.arrayContaining([first, next]));
    clock += OVERLAP_MS;
    await ringA.refresh();
    expect(await kids(ringA)).toEqual([next]);
  });

  it('make a fresh key at once when every key has retired (a portal stopped for months)', async () => {
    clock += 365 * DAY;
    const fresh = await signingKid(ring());
    expect((await kids(ring())).includes(fresh)).toBe(true);
  });
});

describe('identity assertions', () => {
  it('verify with the published set only, carry the claims and no token, and are reused while half their life is left', async () => {
    const keyRing = ring();
    const asserter = createIdentityAsserter({
      ring: keyRing,
      issuer: 'https://developers.example.com',
      audience: 'https://api.example.com',
      now,
      allDomains: () => ['everything'],
    });
    const jwt = await asserter.assert(principal, '203.0.113.9');
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(await keyRing.keySet()), {
      issuer: 'https://developers.example.com',
      audience: 'https://api.example.com',
      currentDate: new Date(clock),
    });
    expect(payload).toEqual({
      iss: 'https://developers.example.com',
      aud: 'https://api.example.com',
      sub: principal.subject,
      user_type: 'SELLER',
      token_id: 7,
      scope: 'orders products',
      client_ip: '203.0.113.9',
      iat: Math.floor(clock / 1000),
      exp: Math.floor(clock / 1000) + 60,
    });
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    // Signed by no key of the set: refused.
    const stranger = await generateKeyPair('ES256');
    const forged = await new SignJWT({ ...payload }).setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(jwt).kid! }).sign(stranger.privateKey);
    await expect(jwtVerify(forged, createLocalJWKSet(await keyRing.keySet()), { currentDate: new Date(clock) })).rejects.toThrow();

    clock += 29_000;
    expect(await asserter.assert(principal, '203.0.113.9')).toBe(jwt);
    expect(await asserter.assert(principal, '203.0.113.10')).not.toBe(jwt);
    expect(await asserter.assert({ ...principal, scopes: null }, '203.0.113.9')).toContain('.');
    clock += 2_000;
    expect(await asserter.assert(principal, '203.0.113.9')).not.toBe(jwt);
  });

  it('name every domain of the API for a token without scopes', async () => {
    const keyRing = ring();
    const asserter = createIdentityAsserter({ ring: keyRing, issuer: 'i', audience: 'a', now, allDomains: () => ['orders', 'products', 'imports'] });
    const { payload } = await jwtVerify(await asserter.assert({ ...principal, scopes: null }, '::1'), createLocalJWKSet(await keyRing.keySet()), {
      currentDate: new Date(clock),
    });
    expect(payload.scope).toBe('orders products imports');
  });
});
