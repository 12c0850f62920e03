/**
 * The request log's database work without our server: in its own process, the store's batch statement
 * appends hot-list-shaped calls to a PostgreSQL database at a given rate, one batch every write interval
 * (as the server's batch writer does), until SIGTERM. Run beside a server with the log off, it shows what
 * the database's own insert of the same rows costs that server on this machine: the floor under goal 1 on
 * PostgreSQL. `node --import tsx bench/lib/log-inserter.ts <database url> <calls per second>`.
 */
import { openPostgresDatabase } from '../../src/server/db/postgres-database.ts';
import { WRITE_INTERVAL_MS } from '../../src/server/request-log/batch-writer.ts';
import { createPostgresRequestLogStore } from '../../src/server/request-log/postgres-store.ts';
import { hotListBatch } from './log-insert-floor.ts';

// Token ids no token of the bench has, so the measured tokens' row counts stay their own.
const OWNER = { firstTokenId: 2_000_000_000, userId: 1 };

const [databaseUrl, rateText] = process.argv.slice(2);
const callsPerSecond = Number(rateText);
if (databaseUrl === undefined || !(callsPerSecond > 0)) throw new Error('usage: log-inserter.ts <database url> <calls per second>');

const db = await openPostgresDatabase(databaseUrl);
const store = createPostgresRequestLogStore(db, db.relaxed);
const batchSize = Math.max(1, Math.round((callsPerSecond * WRITE_INTERVAL_MS) / 1000));
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});
let next = performance.now();
while (!stopping) {
  await store.append(hotListBatch(batchSize, OWNER));
  next += WRITE_INTERVAL_MS;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
}
await db.close();
