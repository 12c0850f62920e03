/**
 * Behaviour that configuration switches: Secure cookies (COOKIE_SECURE, or https behind TRUST_PROXY),
 * HSTS, the keep-alive timeout, REDIS_URL's form, token keys that must match the database they were created with, demo
 * seeding, `.env`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { TokenKeyMismatchError } from '../../src/server/storage.ts';
import { parseConfig } from '../../src/server/config.ts';
import { Client, DEMO_PASSWORD } from './support/http-client.ts';
import { startServerProcess } from './support/server-process.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';
import { startTestServer, TEST_SCRYPT_COST, type TestServer } from './support/test-server.ts';

const login = { email: 'seller@example.com', password: DEMO_PASSWORD, userType: 'SELLER' };

describe('behind a TLS-terminating proxy (TRUST_PROXY=true)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => server?.close());

  it('marks the cookie Secure when the proxy says https, not otherwise', async () => {
    const https = await server.client().post('/api/auth/login', login, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.getSetCookie().join()).toMatch(/; Secure/);
    const http = await server.client().post('/api/auth/login', login);
    expect(http.headers.getSetCookie().join()).not.toMatch(/Secure/);
  });

  it('compares Origin with the forwarded host', async () => {
    const headers = { 'x-forwarded-host': 'portal.example.com', 'x-forwarded-proto': 'https' };
    expect((await server.client().post('/api/auth/login', login, { headers: { ...headers, origin: 'https://portal.example.com' } })).status).toBe(200);
    expect((await server.client().post('/api/auth/login', login, { headers: { ...headers, origin: 'https://evil.example' } })).status).toBe(403);
  });
});

describe('COOKIE_SECURE=true', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { COOKIE_SECURE: 'true' } });
  });
  afterAll(async () => server?.close());

  it('always marks the cookie Secure and sends HSTS', async () => {
    const response = await server.client().post('/api/auth/login', login);
    expect(response.headers.getSetCookie().join()).toMatch(/; Secure/);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('KEEP_ALIVE_TIMEOUT_SECONDS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { KEEP_ALIVE_TIMEOUT_SECONDS: '95' } });
  });
  afterAll(async () => server?.close());

  it('tells keep-alive clients how long an idle connection stays open', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect(response.headers.get('keep-alive')).toBe('timeout=95');
  });

  it('is an integer of seconds from 1 to 3600; anything else stops the server naming it', () => {
    expect(parseConfig({}).keepAliveTimeoutSeconds).toBe(72);
    for (const bad of ['0', '3601', '1.5', 'forever']) {
      expect(() => parseConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: bad })).toThrow(/KEEP_ALIVE_TIMEOUT_SECONDS must be an integer from 1 to 3600/);
    }
  });
});

describe('REDIS_URL', () => {
  it('is a redis:// or rediss:// URL; anything else stops the server naming it, without repeating the value', () => {
    expect(parseConfig({}).redisUrl).toBeUndefined();
    expect(parseConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2' }).redisUrl).toBe('rediss://:secret@cache.internal:6380/2');
    for (const bad of ['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis://:pass word@[::1', 'valkey']) {
      let problem = '';
      try {
        parseConfig({ REDIS_URL: bad });
      } catch (error) {
        problem = String(error);
      }
      expect(problem).toMatch(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
      // The value may hold a password: never echoed.
      expect(problem).not.toContain(bad);
    }
  });
});

describe('token keys belong to their database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  const build = (tokenSecret: string, seed: string) =>
    buildApp({
      config: parseConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, TOKEN_SECRET: tokenSecret, SEED_DEMO: seed, LOG_LEVEL: 'silent' }),
      testing: { scryptCost: TEST_SCRYPT_COST },
    });

  it('refuses to start with keys other than the ones the database was created with', async () => {
    const first = await build('the-first-secret-is-long-enough-0123456789', 'false');
    const [{ count } = { count: -1 }] = await first.database.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
    expect(count).toBe(0);
    await first.close();
    await expect(build('another-secret-that-is-long-enough-987654', 'false')).rejects.toThrow(TokenKeyMismatchError);
    const again = await build('the-first-secret-is-long-enough-0123456789', 'true');
    const [{ seeded } = { seeded: 0 }] = await again.database.query<{ seeded: number }>('SELECT count(*)::int AS seeded FROM users');
    expect(seeded).toBeGreaterThanOrEqual(2);
    await again.close();
  });
});

describe('.env in the working directory', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it('`npm start` reads it for what the environment does not set; the environment wins', async () => {
    const cwd = join(database.dataDir, 'working-directory');
    mkdirSync(cwd);
    writeFileSync(
      join(cwd, '.env'),
      [
        '# Only here: must reach the server.',
        'RATE_LIMIT_PER_MINUTE=7',
        '# Invalid, and set in the environment too: the server starts only if the environment wins.',
        'SESSION_IDLE_MINUTES=not-a-number',
        '',
      ].join('\n'),
    );
    const server = await startServerProcess(
      {
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        SEED_DEMO: 'true',
        SESSION_IDLE_MINUTES: '30',
        WEB_DIR: join(database.dataDir, 'no-web'),
        EXPORT_DIR: join(database.dataDir, 'no-export'),
      },
      { cwd },
    );
    try {
      const client = new Client(server.baseUrl);
      await client.login();
      const token = await client.createToken();
      const response = await client.api('/api/v1/seller/orders/normal?size=1', token);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe('7');
    } finally {
      await server.kill('SIGTERM');
    }
  });
});
