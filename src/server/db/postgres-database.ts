/** A PostgreSQL server through `pg`: what production and several replicas use (DATABASE_URL). */
import pg from 'pg';
import type { Database, Row, Transaction } from './database.ts';

/** Any fixed number shared by every replica; names the start-up (migrate + seed) lock. */
const STARTUP_LOCK_KEY = 724_311_001;

// int8 (count(*), sums) as JS numbers: our values stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Parameterised statements run as named prepared statements: each connection parses and plans a text once
 * and then only binds and executes it (the public list query builds a page's JSON and was re-planned on
 * every request). Our statement texts are a small fixed set; past MAX_PREPARED distinct texts, the rest
 * run unnamed so a caller building texts dynamically cannot grow every connection's statement cache.
 */
const MAX_PREPARED = 500;
const preparedNames = new Map<string, string>();

function preparedConfig(text: string, params: unknown[] | undefined): pg.QueryConfig {
  if (params === undefined || params.length === 0) return { text };
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `s${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return name === undefined ? { text, values: params } : { name, text, values: params };
}

/**
 * 20 connections: with 50 concurrent public requests, 10 left requests queueing in the pool while the
 * database had CPU to spare (list calls ~3,900 -> ~5,300-5,800 requests/s on the 2-core bench machine).
 * The bench's bare-client reference for list-cold keeps as many queries in flight.
 */
export const POOL_SIZE = 20;

export async function openPostgresDatabase(connectionString: string, poolSize = POOL_SIZE): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server emits 'error'; without a listener that kills the process.
  pool.on('error', () => undefined);
  // A few connections that commit without waiting for the WAL flush (see Database.relaxed). Few are
  // needed: rate-limit syncs are batched (public-api/rate-limit.ts) and last-use writes are once a minute.
  const relaxedPool = new pg.Pool({ connectionString, max: 4, idleTimeoutMillis: 30_000, options: '-c synchronous_commit=off' });
  relaxedPool.on('error', () => undefined);
  await pool.query('SELECT 1');
  const query = async <R extends Row>(runner: pg.Pool | pg.PoolClient, text: string, params?: unknown[]) =>
    (await runner.query<R>(preparedConfig(text, params))).rows;
  return {
    kind: 'postgres',
    query: (text, params) => query(pool, text, params),
    relaxed: { query: (text, params) => query(relaxedPool, text, params) },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Transaction = {
          query: (text, params) => query(client, text, params),
          exec: async (sql) => void (await client.query(sql)),
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async close() {
      await Promise.all([pool.end(), relaxedPool.end()]);
    },
  };
}
