/**
 * Embedded PostgreSQL (PGlite, WASM) persisted under DATA_DIR/pgdata.
 * PGlite runs without fsync and corrupts a data directory opened by two processes, hence the lock file
 * (see data-dir-lock.ts). Writes reach the OS on every commit, so they survive a killed process;
 * they are not promised to survive a power cut: the embedded database is for one machine.
 */
import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Database, Row, Transaction } from './database.ts';

const INITDB_SCRIPT = fileURLToPath(new URL('./pglite-initdb.js', import.meta.url));

/**
 * PostgreSQL's shared buffer pool inside the WASM heap. PostgreSQL's default (128 MB) is sized for a
 * server; here every page of it that is touched stays resident in this process. 16 MB keeps the idle
 * process small; pages beyond it come from the OS page cache (docs/decisions/012-conditional-requests-and-response-cache.md).
 */
const SHARED_BUFFERS = '16MB';

/** initdb in a child process, so its memory leaves with the child (pglite-initdb.js). */
async function createDataDirectory(pgdata: string): Promise<void> {
  await promisify(execFile)(process.execPath, [INITDB_SCRIPT, pgdata]);
}

export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) await createDataDirectory(pgdata);
  const pg = new PGlite(pgdata, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`] });
  await pg.waitReady;
  const query = async <R extends Row>(runner: Pick<PGlite, 'query'>, text: string, params?: unknown[]) => (await runner.query<R>(text, params)).rows;
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
