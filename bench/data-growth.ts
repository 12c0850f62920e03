/**
 * bench/REPORT.md section 3: how cost grows with data, on the PostgreSQL server. A scratch database gets the
 * demo accounts (our server with SEED_DEMO=true), then `npm run seed -- --orders N` (scripts/seed.ts) brings
 * the demo seller to 10 thousand, 100 thousand and 1 million normal orders; at each volume, sequential calls
 * (median of BENCH_GROWTH_CALLS, 200) time page 0, a middle page, the last page and a detail call, over HTTP
 * with a token, as an integrator sees it (after VACUUM ANALYZE, which autovacuum would run shortly after a
 * bulk load anyway). At the largest volume, EXPLAIN (ANALYZE, BUFFERS) of the queries the list and detail
 * handlers run (src/server/repositories/fulfillment/paging.ts and normal-orders.ts).
 */
import { createSellerToken } from './lib/api-session.ts';
import { options } from './lib/options.ts';
import { startOurServer } from './lib/our-server.ts';
import { createDatabase, dropDatabase, withDatabase } from './lib/postgres.ts';
import { runToEnd, tsNode } from './lib/processes.ts';
import { summarize, type Summary } from './lib/stats.ts';

export interface GrowthPoint {
  volume: number;
  /** What the API reports: lastPage * size + the rows of the last page. */
  rows: number;
  seedMs: number;
  lastPage: number;
  middlePage: number;
  timings: Record<'page0' | 'middle' | 'last' | 'detail', Summary | null>;
}

export interface GrowthResult {
  database: string;
  points: GrowthPoint[];
  explain: { title: string; sql: string; plan: string }[];
  notes: string[];
}

/** Time box per volume, so a pathological page cannot eat the 15-minute budget. */
const QUERY_BUDGET_MS = 60_000;
const PAGE_SIZE = 10;

/** Calls made and not timed before each series (connection, JIT and plan caches). */
const WARMUP_CALLS = 20;

type QueryName = 'page0' | 'middle' | 'last' | 'detail';

/**
 * The four queries in turn (page 0, middle, last, detail, page 0, ...) so that anything transient
 * (a checkpoint after the bulk load, another process) weighs on all of them alike.
 */
async function timeInterleaved(urls: Record<QueryName, string>, headers: Record<string, string>, calls: number): Promise<Record<QueryName, Summary | null>> {
  const names = Object.keys(urls) as QueryName[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<QueryName, number[]>;
  for (let call = 0; call < WARMUP_CALLS; call += 1) {
    for (const name of names) await (await fetch(urls[name], { headers })).arrayBuffer();
  }
  const started = performance.now();
  for (let call = 0; call < calls && performance.now() - started < QUERY_BUDGET_MS; call += 1) {
    for (const name of names) {
      const at = performance.now();
      const response = await fetch(urls[name], { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${urls[name]} answered ${response.status}`);
      samples[name].push(performance.now() - at);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarize(samples[name])])) as Record<QueryName, Summary | null>;
}

async function listPage(origin: string, headers: Record<string, string>, page: number): Promise<{ lastPage: number; ids: number[] }> {
  const response = await fetch(`${origin}/api/v1/seller/orders/normal?page=${page}&size=${PAGE_SIZE}`, { headers });
  const body = (await response.json()) as { lastPage: number; data: { id: number }[] };
  return { lastPage: body.lastPage, ids: body.data.map((order) => order.id) };
}

async function countOrders(origin: string, headers: Record<string, string>): Promise<number> {
  const { lastPage } = await listPage(origin, headers, 0);
  return lastPage * PAGE_SIZE + (await listPage(origin, headers, lastPage)).ids.length;
}

export async function runDataGrowth(header: string, log: (line: string) => void): Promise<GrowthResult> {
  const name = `bench_growth_${process.pid}`;
  const url = await createDatabase(name);
  const notes: string[] = [];
  const server = await startOurServer({ name: 'growth', port: options.ports.growth, databaseUrl: url });
  try {
    const token = await createSellerToken(server.origin);
    const headers = { [header]: token };
    const points: GrowthPoint[] = [];
    let rows = await countOrders(server.origin, headers);
    for (const volume of options.growthVolumes) {
      const add = volume - rows;
      let seedMs = 0;
      if (add > 0) {
        const [command, args] = tsNode('scripts/seed.ts', ['--orders', String(add)]);
        log(`  seeding ${add} orders (to ${volume})...`);
        seedMs = await runToEnd(`seed-${volume}`, command, args, { DATABASE_URL: url });
        log(`  seeded in ${(seedMs / 1000).toFixed(1)} s`);
        // What autovacuum would do shortly after a bulk load; done now so it does not run mid-series.
        await withDatabase(url, (client) => client.query('VACUUM ANALYZE'));
      }
      const first = await listPage(server.origin, headers, 0);
      rows = await countOrders(server.origin, headers);
      const middlePage = Math.floor(first.lastPage / 2);
      const middle = await listPage(server.origin, headers, middlePage);
      const detailId = middle.ids[0] ?? first.ids[0] ?? 1;
      const base = `${server.origin}/api/v1/seller/orders/normal`;
      const timings = await timeInterleaved(
        {
          page0: `${base}?page=0&size=${PAGE_SIZE}`,
          middle: `${base}?page=${middlePage}&size=${PAGE_SIZE}`,
          last: `${base}?page=${first.lastPage}&size=${PAGE_SIZE}`,
          detail: `${base}/${detailId}`,
        },
        headers,
        options.growthCalls,
      );
      log(
        `  ${volume}: page0 ${timings.page0?.median.toFixed(2)} ms, middle ${timings.middle?.median.toFixed(2)} ms, last ${timings.last?.median.toFixed(2)} ms, detail ${timings.detail?.median.toFixed(2)} ms`,
      );
      points.push({ volume, rows, seedMs, lastPage: first.lastPage, middlePage, timings });
    }
    const explain = await explainQueries(url, points.at(-1)?.lastPage ?? 0);
    return { database: 'PostgreSQL', points, explain, notes };
  } finally {
    await server.stop();
    await dropDatabase(name);
  }
}

async function explainQueries(url: string, lastPage: number): Promise<GrowthResult['explain']> {
  return withDatabase(url, async (client) => {
    const seller = await client.query<{ id: number }>(`SELECT id FROM users WHERE email = 'seller@example.com'`);
    const sellerId = seller.rows[0]?.id ?? 0;
    const start = lastPage * PAGE_SIZE;
    const queries = [
      {
        title: 'List, lastPage (max position of the seller)',
        sql: `SELECT COALESCE(MAX(x.seller_seq), 0) AS total FROM normal_orders x WHERE x.seller_id = ${sellerId}`,
      },
      {
        title: `List, rows of the last page (page ${lastPage}, size ${PAGE_SIZE})`,
        sql: `SELECT x.* FROM normal_orders x WHERE x.seller_id = ${sellerId} AND x.seller_seq > ${start} ORDER BY x.seller_seq LIMIT ${PAGE_SIZE}`,
      },
      {
        title: 'Detail',
        sql: `SELECT x.* FROM normal_orders x WHERE x.id = (SELECT max(id) FROM normal_orders) AND x.seller_id = ${sellerId}`,
      },
    ];
    const out: GrowthResult['explain'] = [];
    for (const query of queries) {
      const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.sql}`);
      out.push({ ...query, plan: result.rows.map((row) => row['QUERY PLAN']).join('\n') });
    }
    return out;
  });
}
