/**
 * The database alone for list-cold: the server's own list query (listNormalOrders, so the same SQL text and
 * parameters, as a named prepared statement like the server's) run by a bare `pg` pool, with no HTTP, hooks or
 * cache in between. Random pages are drawn as
 * autocannon-random.ts draws them; `connections` queries are kept in flight. Runs in its own process like the
 * load generator and prints one JSON line: `node --import tsx bench/lib/bare-pg-random.ts '<json settings>'`.
 */
import pg from 'pg';
import { listNormalOrders } from '../../src/server/repositories/fulfillment/normal-orders.ts';
import type { Owner } from '../../src/server/repositories/fulfillment/owner.ts';
import { percentile } from './stats.ts';

export interface BarePgSettings {
  databaseUrl: string;
  /** The seller whose list is paged (the seller token's user id). */
  sellerId: number;
  connections: number;
  seconds: number;
  pages: number;
  size: number;
}

export interface BarePgResult {
  requests: number;
  rps: number;
  latencyP50: number;
  latencyP99: number;
  latencyAvg: number;
  errors: number;
  /** This process's CPU (user + system) during the run, in % of one core. */
  cpuPercent: number;
}

const settings = JSON.parse(process.argv[2] ?? '{}') as BarePgSettings;
const owner: Owner = { column: 'seller_id', seqColumn: 'seller_seq', id: settings.sellerId };
const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: settings.connections });
// Named prepared statements, as the server's pool runs its parameterised texts (db/postgres-database.ts).
const db = { query: async <R>(text: string, params?: unknown[]) => (await pool.query({ name: 'list', text, values: params })).rows as R[] };
// Every connection open before the clock starts, as the server's pool is after its warm-up.
await Promise.all(Array.from({ length: settings.connections }, () => pool.query('SELECT 1')));

const latencies: number[] = [];
let errors = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const deadline = started + settings.seconds * 1000;
await Promise.all(
  Array.from({ length: settings.connections }, async () => {
    while (performance.now() < deadline) {
      const at = performance.now();
      try {
        await listNormalOrders(db, owner, { page: Math.floor(Math.random() * settings.pages), size: settings.size });
        latencies.push(performance.now() - at);
      } catch {
        errors += 1;
      }
    }
  }),
);
const wall = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
await pool.end();
const result: BarePgResult = {
  requests: latencies.length,
  rps: latencies.length / wall,
  latencyP50: percentile(latencies, 0.5),
  latencyP99: percentile(latencies, 0.99),
  latencyAvg: latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length),
  errors,
  cpuPercent: ((cpu.user + cpu.system) / 1e6 / wall) * 100,
};
console.log(JSON.stringify(result));
