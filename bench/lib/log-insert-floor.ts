/**
 * The request log's own database cost, measured alone: the store's batch statement (log rows and both
 * rollups, every index of the real schema) run back to back by a bare client, with no server, no HTTP and
 * nothing else on the database. Batches are as large as the writer's largest (MAX_BATCH) and hold entries
 * shaped like the hot list's (entryOf of such a call). On PGlite this work runs on the server's own thread,
 * so it bounds what logging can keep: one row's insert added to each request's time at the log-off rate.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { migrate } from '../../src/server/db/migrate.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { MAX_BATCH } from '../../src/server/request-log/batch-writer.ts';
import { entryOf, type RequestLogEntry } from '../../src/server/request-log/entry.ts';
import { createPostgresRequestLogStore } from '../../src/server/request-log/postgres-store.ts';

const WARM_UP_BATCHES = 3;
const TIMED_BATCHES = 15;

/** What lib/log-inserter.ts prints once its first batch is in. */
export const INSERTER_READY = 'log-inserter: inserting';

/** `size` log entries shaped like the hot list's calls, alternating between two tokens of `userId`. */
export function hotListBatch(size = MAX_BATCH, owner: { firstTokenId: number; userId: number } = { firstTokenId: 1, userId: 1 }): RequestLogEntry[] {
  const request = {
    method: 'GET',
    url: '/api/v1/seller/orders/normal?page=0&size=10',
    headers: { 'user-agent': 'autocannon' },
    ip: '127.0.0.1',
  } as unknown as FastifyRequest;
  return Array.from({ length: size }, (_, i) =>
    entryOf({
      request,
      operationId: 'listSellerNormalOrders',
      owner: { tokenId: owner.firstTokenId + (i % 2), userId: owner.userId },
      status: 200,
      durationMs: 0.4,
      responseBytes: 9_844,
    }),
  );
}

/** Microseconds per logged call, on PGlite (databaseUrl undefined, a fresh data directory) or on an empty PostgreSQL database. */
export async function logInsertMicrosPerRow(databaseUrl: string | undefined): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-log-floor-'));
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(db);
    const store = createPostgresRequestLogStore(db, db.relaxed);
    await store.ensureDaysAhead();
    for (let i = 0; i < WARM_UP_BATCHES; i += 1) await store.append(hotListBatch());
    const batches = Array.from({ length: TIMED_BATCHES }, () => hotListBatch());
    const started = performance.now();
    for (const batch of batches) await store.append(batch);
    return ((performance.now() - started) * 1000) / (TIMED_BATCHES * MAX_BATCH);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
