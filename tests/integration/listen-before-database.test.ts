/**
 * `npm start` listens while the database opens, migrates and seeds (plugins/database-gate.ts): the app's
 * files answer at once; everything else waits for the database and then answers as usual. If the database
 * cannot open, the waiting requests get 503 in the API's shape and app.openDatabase() rejects.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { parseConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { DEMO_PASSWORD } from './support/http-client.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';
import { TEST_SCRYPT_COST } from './support/test-server.ts';
import { servedIndex } from './support/served-index.ts';

const INDEX = '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';

interface Held {
  app: FastifyInstance;
  baseUrl: string;
  /** What main.ts does once it listens: app.openDatabase(), here held until release(). */
  databaseReady: Promise<void>;
  /** Lets the database's opening go on (the server's own open, or the given failure). */
  release(): void;
}

let database: TestDatabase | undefined;
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  await database?.drop();
  app = undefined;
  database = undefined;
});

async function serverWithDatabaseHeld(failure?: Error): Promise<Held> {
  database = await createTestDatabase();
  const web = join(database.dataDir, 'web');
  mkdirSync(web, { recursive: true });
  writeFileSync(join(web, 'index.html'), INDEX);
  const { dataDir, databaseUrl } = database;
  const config = parseConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIR: web,
    EXPORT_DIR: join(dataDir, 'no-export'),
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const opening = () => held.then((): Promise<Database> => (failure === undefined ? openDatabase({ databaseUrl, dataDir }) : Promise.reject(failure)));
  const quiet = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  app = await buildApp({
    config,
    start: { listenBeforeDatabase: true },
    testing: { openDatabase: opening, scryptCost: TEST_SCRYPT_COST },
    logStream: quiet,
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const databaseReady = app.openDatabase();
  databaseReady.catch(() => undefined);
  return { app, baseUrl, databaseReady, release };
}

/** Whether the promise settled within a few event-loop turns (it cannot while the database is held). */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  return settled;
}

describe('a server listening before its database is ready', () => {
  it('serves the login page at once and answers API calls once the database is ready', async () => {
    const { baseUrl, release } = await serverWithDatabaseHeld();

    const login = await fetch(`${baseUrl}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toBe(servedIndex(INDEX));

    const health = fetch(`${baseUrl}/healthz`);
    const signIn = fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'seller@example.com', password: DEMO_PASSWORD, userType: 'SELLER' }),
    });
    expect(await settledSoon(health)).toBe(false);
    expect(await settledSoon(signIn)).toBe(false);

    release();
    expect((await health).status).toBe(200);
    const signedIn = await signIn;
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toContain('portal_session=');
  });

  it('answers 503 in the API shape and rejects openDatabase() when the database cannot open', async () => {
    const { baseUrl, databaseReady, release } = await serverWithDatabaseHeld(new Error('the data folder is not readable'));
    const health = fetch(`${baseUrl}/healthz`);
    const profile = fetch(`${baseUrl}/api/auth/me`);

    release();
    await expect(databaseReady).rejects.toThrow('the data folder is not readable');
    for (const response of [await health, await profile]) {
      expect(response.status).toBe(503);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ status: 503, message: 'Database unavailable.' });
    }
    // Asked after the failure: answered at once, the same way.
    expect((await fetch(`${baseUrl}/api/auth/me`)).status).toBe(503);
    expect((await fetch(`${baseUrl}/login`)).status).toBe(200);
  });
});
