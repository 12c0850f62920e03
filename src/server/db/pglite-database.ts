/**
 * Embedded PostgreSQL (PGlite, WASM) persisted under DATA_DIR/pgdata, run on a worker thread
 * (pglite-worker.js) so its statements never hold up the server's own thread.
 * PGlite runs without fsync and corrupts a data directory opened by two processes, hence the lock file
 * (see data-dir-lock.ts). Writes reach the OS on every commit, so they survive a killed process;
 * they are not promised to survive a power cut: the embedded database is for one machine.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Database, Row, Transaction } from './database.ts';

const INITDB_SCRIPT = fileURLToPath(new URL('./pglite-initdb.js', import.meta.url));
const WORKER_SCRIPT = new URL('./pglite-worker.js', import.meta.url);

/**
 * PostgreSQL's shared buffer pool inside the WASM heap. PostgreSQL's default (128 MB) is sized for a
 * server; here every page of it that is touched stays resident in this process. 16 MB keeps the idle
 * process small; pages beyond it come from the OS page cache (docs/decisions/012-conditional-requests-and-response-cache.md).
 */
const SHARED_BUFFERS = '16MB';

/**
 * The worker's young generation, where V8 allocates each query's rows and messages before they are sent on.
 * By default it may grow to V8's full young generation (tens of MB) and stay resident, the size the server's
 * own thread uses; this thread only carries results of a few pages. 4 MB kept the idle server 20-40 MB
 * smaller with the same throughput (bench/REPORT.md, History, 2026-11-27 late night).
 */
const WORKER_YOUNG_GENERATION_MB = 4;

/** initdb in a child process, so its memory leaves with the child (pglite-initdb.js). */
async function createDataDirectory(pgdata: string): Promise<void> {
  await promisify(execFile)(process.execPath, [INITDB_SCRIPT, pgdata]);
}

type Request =
  | { op: 'open' | 'begin' | 'close' }
  | { op: 'query'; sql: string; params?: unknown[]; transaction?: number }
  | { op: 'exec'; sql: string; transaction?: number }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'listen'; channel: string };

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> } | { id?: undefined; channel: string; payload: string };

/** The worker thread and its replies: each request a promise, each NOTIFY to its channel's listener. */
function startWorker(pgdata: string) {
  const worker = new Worker(WORKER_SCRIPT, {
    workerData: { pgdata, startParams: ['-c', `shared_buffers=${SHARED_BUFFERS}`] },
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, (payload: string) => void>();
  let nextId = 1;
  let stopped: Error | undefined;

  // Like PGlite on the server's thread, an idle database does not keep the process alive.
  worker.unref();
  worker.on('message', (reply: Reply) => {
    if (reply.id === undefined) return listeners.get(reply.channel)?.(reply.payload);
    const request = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.error === undefined) request?.resolve(reply.result);
    else request?.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
  });
  const fail = (error: Error) => {
    stopped = error;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code}).`)));

  return {
    call<T>(request: Request): Promise<T> {
      if (stopped !== undefined) return Promise.reject(stopped);
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
        worker.postMessage({ id, ...request });
      });
    },
    listen(channel: string, fn: (payload: string) => void) {
      listeners.set(channel, fn);
    },
    terminate: () => worker.terminate(),
  };
}

export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) await createDataDirectory(pgdata);
  const worker = startWorker(pgdata);
  try {
    await worker.call({ op: 'open' });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  const query = <R extends Row>(sql: string, params?: unknown[], transaction?: number) => worker.call<R[]>({ op: 'query', sql, params, transaction });
  let closed = false;
  return {
    kind: 'pglite',
    query: (sql, params) => query(sql, params),
    // PGlite never waits for a flush (no fsync): every write is already "relaxed".
    relaxed: { query: (sql, params) => query(sql, params) },
    async exec(sql) {
      await worker.call({ op: 'exec', sql });
    },
    async transaction(fn) {
      const transaction = await worker.call<number>({ op: 'begin' });
      const tx: Transaction = {
        query: (sql, params) => query(sql, params, transaction),
        exec: async (sql) => void (await worker.call({ op: 'exec', sql, transaction })),
      };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(tx);
      } catch (error) {
        await worker.call({ op: 'end', transaction, commit: false });
        throw error;
      }
      await worker.call({ op: 'end', transaction, commit: true });
      return result;
    },
    withStartupLock: (fn) => fn(),
    async listen(channel, fn) {
      worker.listen(channel, fn);
      await worker.call({ op: 'listen', channel });
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await worker.call({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}
