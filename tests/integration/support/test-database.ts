/**
 * A fresh database per test file: a new PGlite directory, or a new PostgreSQL database (TEST_DATABASE=postgres)
 * on the server the run's global setup found or started (postgres-server.ts), dropped afterwards. Empty, or a
 * copy of the run's migrated and seeded template (database-template.ts).
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

export const TEST_DATABASE: 'pglite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  /** Always a fresh temp dir (PGlite lives here; secrets.json too). */
  dataDir: string;
  /** Set for PostgreSQL. */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/** Where the run's migrated and seeded database is: its data dir (PGlite, and the token keys), and its URL on PostgreSQL. */
export interface DatabaseTemplate {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** The PostgreSQL server's admin URL, as the global setup provides it to each test file. */
function injectedAdminUrl(): string {
  const url = inject('postgresAdminUrl');
  if (url === undefined) throw new Error('No PostgreSQL server in this run: only the integration-postgres project has one.');
  return url;
}

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function newDatabase(kind: 'pglite' | 'postgres', dataDir: string, template?: string, adminUrl?: string): Promise<TestDatabase> {
  if (kind === 'pglite') {
    return { dataDir, databaseUrl: undefined, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const serverUrl = adminUrl ?? injectedAdminUrl();
  const name = `server_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(template === undefined ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** adminUrl: the PostgreSQL server's, where inject() is not at hand (the global setup); by default the injected one. */
export async function createTestDatabase(kind: 'pglite' | 'postgres' = TEST_DATABASE, adminUrl?: string): Promise<TestDatabase> {
  return newDatabase(kind, mkdtempSync(join(tmpdir(), 'server-test-')), undefined, adminUrl);
}

/**
 * A copy of the run's template: migrated, with the demo data, and the token keys it was made with
 * (secrets.json), so a server starts on it as on its own second start. Empty when the run has no template.
 */
export async function copyTemplateDatabase(): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  if (template === undefined || (template.databaseUrl === undefined) !== (TEST_DATABASE === 'pglite')) return createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'server-test-'));
  copyFileSync(join(template.dataDir, 'secrets.json'), join(dataDir, 'secrets.json'));
  if (template.databaseUrl === undefined) {
    cpSync(join(template.dataDir, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
    return newDatabase('pglite', dataDir);
  }
  return newDatabase('postgres', dataDir, new URL(template.databaseUrl).pathname.slice(1));
}
