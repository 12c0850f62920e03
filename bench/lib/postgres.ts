/** Scratch databases on the local PostgreSQL server (trust auth), named bench_*, dropped afterwards. */
import pg from 'pg';
import { options } from './options.ts';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${options.postgresUrl}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string): string {
  return `${options.postgresUrl}/${name}`;
}

export async function postgresAvailable(): Promise<boolean> {
  try {
    await withAdmin((client) => client.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}

export async function createDatabase(name: string): Promise<string> {
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing database name ${name}`);
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing database name ${name}`);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export async function withDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function serverVersion(): Promise<string> {
  try {
    return await withAdmin(async (client) => String((await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? '?'));
  } catch {
    return 'unavailable';
  }
}
