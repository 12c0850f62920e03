/**
 * startTestServer(): a fresh app (buildApp) on a fresh database, listening on a random port over real
 * HTTP, with its log lines captured. Use one per test file:
 *
 *   const server = await startTestServer();
 *   const client = server.client();          // cookie-keeping, spec-validating HTTP client
 *   await client.login();                    // seller@example.com / demo-password
 *   await server.db.query('UPDATE ...');     // age tokens or sessions
 *   server.evictCachedTokens();              // after changing api_tokens behind the server's back
 *   server.logs()                            // every log line so far
 *   await server.close();                    // closes app, drops the database
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../../src/server/app.ts';
import type { Database } from '../../../src/server/db/database.ts';
import { parseConfig, type Config } from '../../../src/server/config.ts';
import { Client } from './http-client.ts';
import { copyTemplateDatabase, createTestDatabase, type TestDatabase } from './test-database.ts';

/** Cheap scrypt for tests only (production cost is fixed in src/server/lib/password.ts). */
export const TEST_SCRYPT_COST = { logN: 10, r: 8, p: 1 };

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  db: Database;
  config: Config;
  database: TestDatabase;
  client(): Client;
  /**
   * Forgets the tokens this server has verified and cached. A test that changes api_tokens straight in
   * the database goes behind the server's back: only NOTIFY on PostgreSQL or the cache's few seconds
   * would make the server see it, so the test evicts before its next request.
   */
  evictCachedTokens(): void;
  logs(): string;
  close(): Promise<void>;
}

export interface StartOptions extends Omit<BuildAppOptions, 'config' | 'logStream'> {
  /** Extra environment for parseConfig (e.g. RATE_LIMIT_PER_MINUTE). */
  env?: Record<string, string>;
  /**
   * Reuse a database (e.g. a restart); by default a fresh copy of the run's migrated and seeded template
   * (test-database.ts) is made and dropped on close.
   */
  database?: TestDatabase;
  /** A port chosen beforehand (the server's own origin in its configuration, e.g. PUBLIC_ORIGIN); default any free one. */
  port?: number;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  // The template was made with the default keys and demo data: a file that sets its own makes its own database.
  const ownDatabase = ['DATA_DIR', 'DATABASE_URL', 'TOKEN_SECRET', 'SEED_DEMO'].some((name) => options.env?.[name] !== undefined);
  const database = options.database ?? (ownDatabase ? await createTestDatabase() : await copyTemplateDatabase());
  const config = parseConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'trace',
    // Static files are not under test here; empty dirs keep start-up fast.
    WEB_DIR: `${database.dataDir}/no-web`,
    EXPORT_DIR: `${database.dataDir}/no-export`,
    ...options.env,
  });
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const { env: _env, database: _database, port = 0, ...buildOptions } = options;
  let app: FastifyInstance;
  try {
    app = await buildApp({ ...buildOptions, testing: { scryptCost: TEST_SCRYPT_COST, ...buildOptions.testing }, config, logStream });
  } catch (error) {
    // A server that refuses to start leaves no database behind.
    if (options.database === undefined) await database.drop();
    throw error;
  }
  // Tests begin once retention's start-up pass is done, as they did when it ran before listen.
  await app.startupCleanUp;
  const address = await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: address,
    app,
    db: app.database,
    config,
    database,
    client: () => new Client(address),
    evictCachedTokens: () => app.tokenCache.clear(),
    logs: () => lines.join(''),
    async close() {
      await app.close();
      if (options.database === undefined) await database.drop();
    },
  };
}
