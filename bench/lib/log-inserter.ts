/**
 * The request log's database work without our server: in its own process, the store's batch statement
 * appends hot-list-shaped calls at a given rate, one batch every write interval (as the server's batch
 * writer does), until SIGTERM. Run beside a server with the log off, it shows what the database's own
 * insert of the same rows costs that server on this machine: the floor under goal 1. On PostgreSQL it
 * inserts into the server's own database; on PGlite (`pglite`), whose data directory the server holds, into
 * a fresh migrated one of its own, as the server's database thread would.
 * `node --import tsx bench/lib/log-inserter.ts <database url | pglite> <calls per second>`; prints
 * INSERTER_READY once the first batch is in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../src/server/db/migrate.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { WRITE_INTERVAL_MS } from '../../src/server/request-log/batch-writer.ts';
import { createPostgresRequestLogStore } from '../../src/server/request-log/postgres-store.ts';
import { hotListBatch, INSERTER_READY } from './log-insert-floor.ts';

// Token ids no token of the bench has, so the measured tokens' row counts stay their own.
const OWNER = { firstTokenId: 2_000_000_000, userId: 1 };

const [target, rateText] = process.argv.slice(2);
const callsPerSecond = Number(rateText);
if (target === undefined || !(callsPerSecond > 0)) throw new Error('usage: log-inserter.ts <database url | pglite> <calls per second>');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-log-inserter-'));
const db = await openDatabase({ databaseUrl: target === 'pglite' ? undefined : target, dataDir });
if (target === 'pglite') await migrate(db);
const store = createPostgresRequestLogStore(db, db.relaxed);
await store.ensureDaysAhead();
const batchSize = Math.max(1, Math.round((callsPerSecond * WRITE_INTERVAL_MS) / 1000));
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});
let next = performance.now();
for (let batches = 0; !stopping; batches += 1) {
  await store.append(hotListBatch(batchSize, OWNER));
  if (batches === 0) console.log(INSERTER_READY);
  next += WRITE_INTERVAL_MS;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
}
await db.close();
rmSync(dataDir, { recursive: true, force: true });
