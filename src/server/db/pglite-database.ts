/**
 * Embedded PostgreSQL (PGlite, WASM) persisted under DATA_DIR/pgdata.
 * PGlite runs without fsync and corrupts a data directory opened by two processes, hence the lock file
 * (see data-dir-lock.ts). Writes reach the OS on every commit, so they survive a killed process;
 * they are not promised to survive a power cut: the embedded database is for one machine.
 */
import { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';
import type { Database, Row, Transaction } from './database.ts';

export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const pg = new PGlite(join(dataDir, 'pgdata'));
  await pg.waitReady;
  const query = async <R extends Row>(runner: Pick<PGlite, 'query'>, text: string, params?: unknown[]) =>
    (await runner.query<R>(text, params)).rows;
  return {
    kind: 'pglite',
    query: (text, params) => query(pg, text, params),
    // PGlite never waits for a flush (no fsync): every write is already "relaxed".
    relaxed: { query: (text, params) => query(pg, text, params) },
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction: (fn) =>
      pg.transaction((tx) => {
        const q: Transaction = {
          query: (text, params) => query(tx, text, params),
          exec: async (sql) => void (await tx.exec(sql)),
        };
        return fn(q);
      }),
    withStartupLock: (fn) => fn(),
    async listen(channel, fn) {
      await pg.listen(channel, fn);
    },
    async close() {
      if (pg.closed) return;
      // CHECKPOINT first so the next start does not replay the WAL.
      await pg.exec('CHECKPOINT').catch(() => undefined);
      await pg.close();
    },
  };
}
