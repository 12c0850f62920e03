/**
 * Migration 004 on a database that already holds tokens: they keep their value and expiry, get access to
 * every domain of their API, and a refresh gives them the server's default lifetime.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { seedDemo } from '../../src/server/db/seed/seed-demo.ts';
import { generateTokenValue } from '../../src/server/lib/token-format.ts';
import { loadTokenKeys } from '../../src/server/io/token-keys.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';
import { startTestServer, TEST_SCRYPT_COST, type TestServer } from './support/test-server.ts';

const MIGRATIONS = fileURLToPath(new URL('../../src/server/db/migrations/', import.meta.url));
const TOKEN_SECRET = 'migration-test-secret-0123456789abcdef';

let database: TestDatabase;
let server: TestServer;
const value = generateTokenValue('SELLER', 'sandbox');
let expiryBefore: Date;

beforeAll(async () => {
  database = await createTestDatabase();
  // The database as it was before migration 004: the first three migrations, the demo data, one token.
  const before = readdirSync(MIGRATIONS)
    .filter((file) => /^00[1-3]-/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), name: file, sql: readFileSync(`${MIGRATIONS}${file}`, 'utf8') }));
  const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    await migrate(db, before);
    await seedDemo(db, TEST_SCRYPT_COST);
    const keys = loadTokenKeys({ tokenSecret: TOKEN_SECRET, dataDir: database.dataDir });
    const digest = keys.digest(value);
    const [row] = await db.query<{ expires_at: Date }>(
      `INSERT INTO api_tokens (user_id, title, description, digest, ciphertext, expires_at)
       SELECT id, 'made before 004', 'd', $1, $2, now() + interval '17 days' FROM users WHERE email = 'seller@example.com'
       RETURNING expires_at`,
      [digest, keys.encrypt(value, digest)],
    );
    if (!row) throw new Error('token not inserted');
    expiryBefore = row.expires_at;
  } finally {
    await db.close();
  }
  server = await startTestServer({ database, env: { TOKEN_SECRET, TOKEN_TTL_DAYS: '45' } });
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('migration 004 on existing tokens', () => {
  it('keeps the value and the expiry, and gives access to every domain', async () => {
    const client = server.client();
    await client.login();
    const [token] = (await client.get<{ data: Array<Record<string, unknown>> }>('/api/auth/token')).body.data;
    expect(token).toMatchObject({ title: 'made before 004', token: value, scopes: null, previousValueExpiresAt: null, lifetimeDays: 45 });
    expect(token?.expiryDate).toBe(expiryBefore.toISOString());
    for (const path of ['warehouses', 'quotations', 'imports', 'products', 'orders/normal', 'orders/return']) {
      expect((await client.api(`/api/v1/seller/${path}?size=1`, value)).status, path).toBe(200);
    }
  });

  it('a refresh then gives it the server default lifetime (TOKEN_TTL_DAYS) and a grace window if asked', async () => {
    const client = server.client();
    await client.login();
    const refreshed = await client.get<{ data: { token: string; expiryDate: string; previousValueExpiresAt: string | null } }>(
      `/api/auth/token/refresh/${value}?graceHours=1`,
    );
    expect(refreshed.status).toBe(200);
    expect((Date.parse(refreshed.body.data.expiryDate) - Date.now()) / 86_400_000).toBeCloseTo(45, 2);
    expect(refreshed.body.data.previousValueExpiresAt).not.toBeNull();
    expect((await client.api('/api/v1/seller/orders/normal', value)).status).toBe(200);
    expect((await client.api('/api/v1/seller/orders/normal', refreshed.body.data.token)).status).toBe(200);
  });
});
