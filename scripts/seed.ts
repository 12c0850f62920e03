/**
 * `npm run seed`: fill the configured database (DATA_DIR or DATABASE_URL, as the server reads them).
 *   npm run seed                         migrate, seed the demo data if the database is empty
 *   npm run seed -- --orders 1000000     also add that many normal orders for seller@example.com
 *   npm run seed -- --request-logs 10000000   also that many request-log rows (last 30 days) for seller@example.com's tokens
 *   npm run seed -- --reset --yes-delete-everything   drop every table first (destructive: needs both flags)
 * Stop the server first when using the embedded database (one process per DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { migrate } from '../src/server/db/migrate.ts';
import { openDatabase } from '../src/server/db/open-database.ts';
import { insertBulkOrders } from '../src/server/db/seed/bulk-orders.ts';
import { seedDemo } from '../src/server/db/seed/seed-demo.ts';
import { insertBulkRequestLogs } from '../src/server/request-log/postgres-bulk-seed.ts';
import { loadEnvFile, parseConfig } from '../src/server/config.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string' },
    'request-logs': { type: 'string' },
    reset: { type: 'boolean', default: false },
    'yes-delete-everything': { type: 'boolean', default: false },
  },
});

const orders = values.orders === undefined ? 0 : Number(values.orders.replace(/_/g, ''));
if (!Number.isInteger(orders) || orders < 0 || orders > 50_000_000) {
  console.error('--orders must be a whole number from 0 to 50000000');
  process.exit(2);
}
const requestLogs = values['request-logs'] === undefined ? 0 : Number(values['request-logs'].replace(/_/g, ''));
if (!Number.isInteger(requestLogs) || requestLogs < 0 || requestLogs > 100_000_000) {
  console.error('--request-logs must be a whole number from 0 to 100000000');
  process.exit(2);
}
if (values.reset && !values['yes-delete-everything']) {
  console.error('--reset deletes every table and row. Add --yes-delete-everything to confirm.');
  process.exit(2);
}

loadEnvFile();
const config = parseConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = performance.now();
  if (values.reset) {
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    console.log('seed: dropped every table');
  }
  await db.withStartupLock(async () => {
    await migrate(db);
    if (await seedDemo(db)) console.log('seed: demo accounts and data added');
  });
  if (orders > 0) {
    await insertBulkOrders(db, {
      count: orders,
      sellerId: 1,
      warehouseId: 1,
      onProgress: (done) => console.log(`seed: ${done} / ${orders} orders`),
    });
  }
  if (requestLogs > 0) {
    await insertBulkRequestLogs(db, {
      count: requestLogs,
      userId: 1,
      onProgress: (done) => console.log(`seed: ${done} / ${requestLogs} request-log rows`),
    });
  }
  console.log(`seed: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await db.close();
}
