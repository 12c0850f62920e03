/**
 * `--only=usage`: what the request log costs and how its reads scale (docs/decisions/013-request-log-and-usage.md).
 * 1. Throughput of the list and the detail call with REQUEST_LOG on and off, alternated (on, off, ...), on
 *    PGlite and on PostgreSQL; after each run with the log on, the server is stopped gracefully and the rows
 *    written for the measured token are counted against what autocannon completed and sent. The floor under
 *    the on/off ratio: a third run in each pair with the log off and the same rows inserted beside it by
 *    another process (lib/log-inserter.ts). The log's insert alone (lib/log-insert-floor.ts) is measured after
 *    the runs, for comparison. The rest of the section is PostgreSQL only.
 * 2. Memory of the log buffer under a 60 s load while the rollup table is locked for 10 s (a paused database
 *    for the batch writer): /healthz's buffered and dropped figures and the server's RSS, sampled every 500 ms.
 * 3. With BENCH_REQUEST_LOGS rows for one user (a comma-separated list of growing sizes, default
 *    10,000,000 then 30,000,000: the one database grows from each size to the next): p95 of the newest log page
 *    for all tokens and for one token, of a filtered page (4xx, one operation) and of the 30-day chart, over
 *    HTTP, and the EXPLAIN of each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/open-database.ts';
import { createPostgresRequestLogStore } from '../src/server/request-log/postgres-store.ts';
import { createSellerToken, firstOrderId, sessionCookie } from './lib/api-session.ts';
import { logInsertMicrosPerRow } from './lib/log-insert-floor.ts';
import { currentLoad } from './lib/machine.ts';
import { options } from './lib/options.ts';
import { startOurServer } from './lib/our-server.ts';
import { createDatabase, dropDatabase } from './lib/postgres.ts';
import { percentile } from './lib/stats.ts';
import { rssBytes, runToEnd, tsNode } from './lib/processes.ts';
import { startLogInserter } from './lib/start-log-inserter.ts';
import { loadTest, type Endpoint, type LoadResult } from './measure-server.ts';

const PORT = 8470;
/** One database, several server starts (each with a fresh DATA_DIR): the token keys must stay the same. */
const TOKEN_SECRET = 'bench-request-log-secret-0123456789abcdef';
const DAY_MS = 86_400_000;

type Backend = 'pglite' | 'postgres';
type Call = 'list' | 'detail';

interface ThroughputRun {
  database: Backend;
  call: Call;
  logging: boolean;
  result: LoadResult;
  /** Logging on: the log's rows for the measured token, counted after a graceful stop. */
  rowsWritten?: number;
  /** Logging off, with the log's insert of this many calls a second running beside it (lib/log-inserter.ts). */
  insertBeside?: number;
}

export interface UsageBenchResult {
  throughput: {
    runs: ThroughputRun[];
    ratios: Array<{ database: Backend; call: Call; ratio: number }>;
    /** The log's insert alone, microseconds per call (lib/log-insert-floor.ts), measured after the runs. */
    insertMicros: Record<Backend, number>;
    loadAtStart: number;
    loadAtEnd: number;
  };
  pause: {
    seconds: number;
    pausedSeconds: number;
    requests: number;
    maxBuffered: number;
    dropped: number;
    written: number;
    rssStartBytes: number;
    rssMaxBytes: number;
    samples: Array<{ t: number; buffered: number; dropped: number; rssBytes: number }>;
  };
  volumes: VolumeResult[];
}

interface VolumeResult {
  rows: number;
  /** Seconds to add the rows beyond the previous size (the first: all of them). */
  seedSeconds: number;
  /** Disk used by the log and its rollups at this size. */
  bytes: number;
  queries: Array<{ name: string; path: string; p50: number; p95: number; calls: number }>;
  explains: Array<{ name: string; plan: string }>;
}

/** 30,000,000 rows take about 15 GB with their indexes; each size must be larger than the one before. */
function volumeSizes(): number[] {
  const sizes = (process.env.BENCH_REQUEST_LOGS ?? '10000000,30000000').split(',').map((size) => Number(size.replace(/_/g, '')));
  if (sizes.some((size, i) => !Number.isInteger(size) || size <= (sizes[i - 1] ?? 0))) {
    throw new Error(`BENCH_REQUEST_LOGS must list growing whole numbers of rows, got "${process.env.BENCH_REQUEST_LOGS}"`);
  }
  return sizes;
}

/** One measured run on a fresh server; with the log on, the rows it wrote for the measured token, counted after a graceful stop. */
async function throughputRun(
  database: Backend,
  databaseUrl: string | undefined,
  call: Call,
  logging: boolean,
  header: string,
  insertBeside?: number,
): Promise<ThroughputRun> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-usage-${database}-`));
  const server = await startOurServer({
    name: `usage-${database}-${call}-${logging ? 'on' : insertBeside === undefined ? 'off' : 'off-insert-beside'}`,
    port: PORT,
    dataDir,
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    env: { REQUEST_LOG: String(logging), TOKEN_SECRET },
  });
  let stopped = false;
  try {
    // The warm-up calls with its own token, so the measured token's rows are the measured run's alone.
    const title = `measured ${process.pid} ${Date.now()}`;
    const warmupToken = await createSellerToken(server.origin, `warm-up ${process.pid} ${Date.now()}`);
    const token = await createSellerToken(server.origin, title);
    const path =
      call === 'list'
        ? '/api/v1/seller/orders/normal?page=0&size=10'
        : `/api/v1/seller/orders/normal/${await firstOrderId(server.origin, header, warmupToken)}`;
    const endpoint = (value: string): Endpoint => ({ name: call, url: server.origin + path, headers: { [header]: value }, expectStatus: 200 });
    const inserter = insertBeside === undefined ? undefined : await startLogInserter(databaseUrl ?? 'pglite', insertBeside);
    const result = await loadTest(`${database} ${call} logging ${logging ? 'on' : 'off'}`, endpoint(token), {
      seconds: options.loadSeconds,
      warmupSeconds: options.warmupSeconds,
      connections: options.connections,
      pid: server.pid,
      warmup: endpoint(warmupToken),
    }).finally(() => inserter?.stop());
    if (!logging) return { database, call, logging, result, ...(insertBeside === undefined ? {} : { insertBeside }) };
    // SIGTERM: the batch writer writes what is left before the process exits (nothing lost on a graceful stop).
    await server.proc.stop();
    stopped = true;
    const db = await openDatabase({ databaseUrl, dataDir });
    try {
      const [row] = await db.query<{ rows: number }>(
        'SELECT count(*)::int AS rows FROM request_log l JOIN api_tokens t ON t.id = l.token_id WHERE t.title = $1',
        [title],
      );
      return { database, call, logging, result, rowsWritten: row?.rows ?? 0 };
    } finally {
      await db.close();
    }
  } finally {
    if (stopped) rmSync(dataDir, { recursive: true, force: true });
    else await server.stop();
  }
}

async function throughput(databaseUrl: string, header: string, log: (line: string) => void): Promise<UsageBenchResult['throughput']> {
  const loadAtStart = currentLoad();
  const runs: ThroughputRun[] = [];
  const ratios: UsageBenchResult['throughput']['ratios'] = [];
  for (const database of ['pglite', 'postgres'] as const) {
    for (const call of ['list', 'detail'] as const) {
      for (let pair = 0; pair < options.logPairs; pair += 1) {
        // Each pair adds the floor: the log off, with the on run's rows inserted beside it.
        const url = database === 'postgres' ? databaseUrl : undefined;
        const on = await throughputRun(database, url, call, true, header);
        const pairRuns = [on, await throughputRun(database, url, call, false, header)];
        pairRuns.push(await throughputRun(database, url, call, false, header, on.result.rps));
        for (const run of pairRuns) {
          runs.push(run);
          const { result } = run;
          const rows = run.rowsWritten === undefined ? '' : `; ${run.rowsWritten} rows written for ${result.requests} completed, ${result.requestsSent} sent`;
          log(`  ${database} ${call}, ${runLabel(run)}: ${Math.round(result.rps)} rps, p99 ${result.latencyP99} ms${rows}`);
        }
      }
      ratios.push({ database, call, ratio: meanRps(runs, database, call, true) / meanRps(runs, database, call, false) });
    }
  }
  const floorDatabase = `bench_usage_floor_${process.pid}`;
  const floorUrl = await createDatabase(floorDatabase);
  try {
    const insertMicros = { pglite: await logInsertMicrosPerRow(undefined), postgres: await logInsertMicrosPerRow(floorUrl) };
    log(`  the log's insert alone: PGlite ${insertMicros.pglite.toFixed(1)} us per call, PostgreSQL ${insertMicros.postgres.toFixed(1)} us`);
    return { runs, ratios, insertMicros, loadAtStart, loadAtEnd: currentLoad() };
  } finally {
    await dropDatabase(floorDatabase);
  }
}

const GOAL_RATIO = 0.9;
/** Within this share of the best the database allows, logging is at the floor (see the report's note). */
const AT_FLOOR = 0.95;
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** The best on/off the database allows: its insert of the same rows beside the log-off server. */
function bestRatio(tp: UsageBenchResult['throughput'], database: Backend, call: Call): number {
  return meanRps(tp.runs, database, call, 'beside') / meanRps(tp.runs, database, call, false);
}

function runLabel(run: ThroughputRun): string {
  if (run.logging) return 'logging on';
  return run.insertBeside === undefined ? 'logging off' : `logging off, ${Math.round(run.insertBeside)} calls/s inserted beside`;
}

/** The mean of the runs with logging on, off, or off with the log's insert beside it ('beside'). */
function meanRps(runs: readonly ThroughputRun[], database: Backend, call: Call, kind: boolean | 'beside'): number {
  const matching = runsOf(runs, database, call, kind);
  return matching.reduce((sum, run) => sum + run.result.rps, 0) / matching.length;
}

function runsOf(runs: readonly ThroughputRun[], database: Backend, call: Call, kind: boolean | 'beside'): ThroughputRun[] {
  return runs.filter(
    (run) =>
      run.database === database &&
      run.call === call &&
      (kind === 'beside' ? run.insertBeside !== undefined : run.logging === kind && run.insertBeside === undefined),
  );
}

/** The mean of the runs' main-thread CPU per call, in µs (lib/processes.ts mainThreadCpuSeconds). */
function meanMainThreadMicros(runs: readonly ThroughputRun[], database: Backend, call: Call, kind: boolean | 'beside'): number {
  const values = runsOf(runs, database, call, kind).map((run) => run.result.serverMainThreadMicrosPerCall ?? Number.NaN);
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Every call autocannon saw answered is in the log, and nothing it never sent: completed <= rows <= sent. */
function rowsComplete(run: ThroughputRun): boolean {
  return run.rowsWritten !== undefined && run.rowsWritten >= run.result.requests && run.rowsWritten <= (run.result.requestsSent ?? Number.NaN);
}

async function pausedDatabase(databaseUrl: string, header: string, log: (line: string) => void): Promise<UsageBenchResult['pause']> {
  const seconds = 60;
  const pausedSeconds = 10;
  const server = await startOurServer({ name: 'usage-pause', port: PORT, databaseUrl, env: { TOKEN_SECRET } });
  try {
    const token = await createSellerToken(server.origin);
    const samples: UsageBenchResult['pause']['samples'] = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      void fetch(`${server.origin}/healthz`)
        .then(async (response) => (await response.json()) as { requestLog?: { buffered: number; dropped: number } })
        .then((body) =>
          samples.push({
            t: (performance.now() - started) / 1000,
            buffered: body.requestLog?.buffered ?? 0,
            dropped: body.requestLog?.dropped ?? 0,
            rssBytes: rssBytes(server.pid),
          }),
        )
        .catch(() => undefined);
    }, 500);
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    const pause = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      await locker.query('BEGIN');
      // The batch writer's statement waits on this lock: for the writer, the database stops answering.
      await locker.query('LOCK TABLE request_usage_hourly IN ACCESS EXCLUSIVE MODE');
      log(`  rollup table locked at ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await new Promise((resolve) => setTimeout(resolve, pausedSeconds * 1000));
      await locker.query('COMMIT');
      log(`  released at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    })();
    const rssStartBytes = rssBytes(server.pid);
    const load = await loadTest(
      'paused database',
      { name: 'list', url: `${server.origin}/api/v1/seller/orders/normal?page=0&size=10`, headers: { [header]: token }, expectStatus: 200 },
      { seconds, warmupSeconds: 1, connections: options.connections, pid: server.pid },
    );
    await pause;
    await locker.end();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    clearInterval(sampler);
    const health = (await (await fetch(`${server.origin}/healthz`)).json()) as { requestLog: { dropped: number; written: number } };
    const result = {
      seconds,
      pausedSeconds,
      requests: load.requests,
      maxBuffered: Math.max(0, ...samples.map((s) => s.buffered)),
      dropped: health.requestLog.dropped,
      written: health.requestLog.written,
      rssStartBytes,
      rssMaxBytes: Math.max(rssStartBytes, ...samples.map((s) => s.rssBytes)),
      samples,
    };
    log(
      `  ${load.requests} requests (${Math.round(load.rps)} rps); buffer max ${result.maxBuffered}, dropped ${result.dropped}, RSS ${(rssStartBytes / 2 ** 20).toFixed(0)} -> max ${(result.rssMaxBytes / 2 ** 20).toFixed(0)} MB`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

/** The newest page (all tokens, one token), the filtered page and the 30-day chart over HTTP, then the store's statements under EXPLAIN. */
async function measureQueries(origin: string, client: pg.Client): Promise<Pick<VolumeResult, 'queries' | 'explains'>> {
  const calls = options.quick ? 30 : 200;
  const cookie = await sessionCookie(origin);
  const [{ id: tokenId }] = (await client.query<{ id: number }>('SELECT min(id) AS id FROM api_tokens WHERE user_id = 1')).rows as [{ id: number }];
  const from = new Date(Date.now() - 30 * DAY_MS).toISOString();
  const cases = [
    { name: 'Newest log page, all tokens', path: `/api/usage/requests?from=${from}` },
    { name: 'Newest log page, one token', path: `/api/usage/requests?tokenId=${tokenId}&from=${from}` },
    { name: 'Filtered page (4xx, one operation)', path: `/api/usage/requests?status=4xx&operation=getSellerNormalOrder&from=${from}` },
    { name: '30-day chart', path: `/api/usage/series?from=${from}` },
  ];
  const queries: VolumeResult['queries'] = [];
  for (const entry of cases) {
    const times: number[] = [];
    for (let i = 0; i < calls + 10; i += 1) {
      const started = performance.now();
      const response = await fetch(origin + entry.path, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${entry.path} answered ${response.status}`);
      if (i >= 10) times.push(performance.now() - started);
    }
    queries.push({
      name: entry.name,
      path: entry.path.replace(/from=[^&]+/, 'from=<30 days ago>'),
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      calls,
    });
  }
  // The store's own statements, prefixed with EXPLAIN.
  const explaining = createPostgresRequestLogStore({
    query: async (text, params) => (await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params)).rows,
  });
  const range = { userId: 1, from: new Date(from), to: new Date() };
  const plans: Array<[string, () => Promise<unknown>]> = [
    ['Newest log page, all tokens', () => explaining.page(range, undefined, 51)],
    ['Newest log page, one token', () => explaining.page({ ...range, tokenId }, undefined, 51)],
    [
      'Filtered page (4xx, one operation)',
      () => explaining.page({ ...range, status: { min: 400, max: 499 }, operationId: 'getSellerNormalOrder' }, undefined, 51),
    ],
    ['30-day chart: series', () => explaining.series(range, 'day')],
    ['30-day chart: totals and per operation', () => explaining.byOperation(range)],
  ];
  const explains: VolumeResult['explains'] = [];
  for (const [label, run] of plans) {
    const planRows = (await run()) as Array<{ 'QUERY PLAN': string }>;
    explains.push({ name: label, plan: planRows.map((row) => row['QUERY PLAN']).join('\n') });
  }
  return { queries, explains };
}

async function volumes(log: (line: string) => void): Promise<VolumeResult[]> {
  const name = `bench_usage_volume_${process.pid}`;
  const databaseUrl = await createDatabase(name);
  try {
    const server = await startOurServer({ name: 'usage-volume', port: PORT, databaseUrl, env: { REQUEST_LOG: 'false', TOKEN_SECRET } });
    try {
      await createSellerToken(server.origin);
      await createSellerToken(server.origin);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const results: VolumeResult[] = [];
        let seeded = 0;
        for (const rows of volumeSizes()) {
          const [command, args] = tsNode('scripts/seed.ts', ['--request-logs', String(rows - seeded)]);
          const seedSeconds = (await runToEnd('seed', command, args, { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/bench-usage-seed' })) / 1000;
          seeded = rows;
          const [{ bytes }] = (
            await client.query<{ bytes: number }>(
              `SELECT (pg_total_relation_size('request_usage_hourly') + pg_total_relation_size('request_usage_daily')
                       + (SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'request_log'::regclass))::float8 AS bytes`,
            )
          ).rows as [{ bytes: number }];
          log(`  ${rows.toLocaleString()} rows (seeded in ${seedSeconds.toFixed(0)} s, ${(bytes / 2 ** 30).toFixed(1)} GB)`);
          const measured = await measureQueries(server.origin, client);
          for (const q of measured.queries) log(`    ${q.name}: p50 ${q.p50.toFixed(1)} ms, p95 ${q.p95.toFixed(1)} ms`);
          results.push({ rows, seedSeconds, bytes, ...measured });
        }
        return results;
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await dropDatabase(name);
  }
}

export async function runUsageBench(header: string, log: (line: string) => void): Promise<UsageBenchResult> {
  const name = `bench_usage_${process.pid}`;
  const databaseUrl = await createDatabase(name);
  let result: Pick<UsageBenchResult, 'throughput' | 'pause'>;
  try {
    log('-- list throughput, request log on and off (PostgreSQL)');
    const tp = await throughput(databaseUrl, header, log);
    log('-- log buffer under a 60 s load, rollup table locked for 10 s');
    const pause = await pausedDatabase(databaseUrl, header, log);
    result = { throughput: tp, pause };
  } finally {
    await dropDatabase(name);
  }
  log('-- request log at volume');
  return { ...result, volumes: await volumes(log) };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

export function usageReport(result: UsageBenchResult): string {
  const { throughput: tp, pause, volumes } = result;
  const lines = [
    '## 5. Request log and usage',
    '',
    `Measured with \`flock /tmp/bench.lock npm run bench -- --only=usage\` on the shared 2-core machine while other work ran on it (1-minute load average ${tp.loadAtStart.toFixed(1)} when the throughput runs began, ${tp.loadAtEnd.toFixed(1)} when they ended); compare figures within this section only. The throughput runs are on PGlite and PostgreSQL, the rest on PostgreSQL.`,
    '',
    '### List and detail throughput with the request log on and off',
    '',
    `Goal 1: logging on at least 90% of logging off, for list and detail, on both databases, with the batch writer's rows complete. Each pair alternated on, off ${options.logPairs} times, each pair with a third run: off, with the same rows inserted beside it (below), each run on a freshly started server (the hot call: answered from the response cache after the first); ${options.connections} connections, ${options.loadSeconds} s each after ${options.warmupSeconds} s warm-up with another token. After each run with the log on the server is stopped with SIGTERM (its batch writer writes what is left) and the log's rows for the measured token are counted. Autocannon counts a call completed when its answer arrived, sent when it went out; calls still in flight when the run ends are sent, answered by the server and logged, but not completed. So the check is completed <= rows written <= sent: no answered call is missing from the log and nothing is logged twice.`,
    '',
    '| Database | Call | Run | Requests/s | p50 ms | p99 ms | Server CPU % | Server main thread µs per call | PostgreSQL CPU % | Completed | Sent | Rows written | Rows complete |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...tp.runs.map(
      (run) =>
        `| ${run.database} | ${run.call} | ${runLabel(run)} | ${Math.round(run.result.rps)} | ${run.result.latencyP50} | ${run.result.latencyP99} | ${run.result.serverCpuPercent?.toFixed(0) ?? '–'} | ${run.result.serverMainThreadMicrosPerCall?.toFixed(0) ?? '–'} | ${run.result.postgresCpuPercent?.toFixed(0) ?? '–'} | ${run.result.requests} | ${run.result.requestsSent ?? '–'} | ${run.rowsWritten ?? '–'} | ${run.logging ? (rowsComplete(run) ? 'yes' : '**no**') : '–'} |`,
    ),
    '',
    '| Database | Call | Mean on / mean off | Rows complete (every run with the log on) | Best on / off the database allows (below) | Measured / best | Goal 1: >= 90%, or at the floor, and complete |',
    '|---|---|---:|---|---:|---:|---|',
    ...tp.ratios.map((entry) => {
      const complete = tp.runs.filter((run) => run.database === entry.database && run.call === entry.call && run.logging).every(rowsComplete);
      const best = bestRatio(tp, entry.database, entry.call);
      const verdict = !complete
        ? 'missed'
        : entry.ratio >= GOAL_RATIO
          ? 'met'
          : best < GOAL_RATIO && entry.ratio >= AT_FLOOR * best
            ? 'at the floor'
            : 'missed';
      return `| ${entry.database} | ${entry.call} | ${percent(entry.ratio)} | ${complete ? 'yes' : 'no'} | ${percent(best)} | ${(100 * (entry.ratio / best)).toFixed(0)}% | **${verdict}** |`;
    }),
    '',
    `"At the floor": the database's own share of logging already takes the best ratio below 90% on this machine, and logging keeps at least ${AT_FLOOR * 100}% of that best (a pair's runs differ by more than the remaining 5% here).`,
    '',
    `**The floor: the database's own insert beside the log-off server.** Each pair had a third run: the log off, while a separate process (bench/lib/log-inserter.ts) appended as many hot-list-shaped calls a second as that pair's logging-on run answered, through the store's own batch statement, one batch per write interval, as the server's batch writer does: on PostgreSQL into the server's own database; on PGlite, whose data directory the server holds, into a migrated database of that process's own, as the server's database thread does (docs/decisions/025-the-embedded-database-on-its-own-thread.md). The database does the work it does with the log on, on the same two cores as the server and autocannon, and that process builds the batches; the server does none of the log's work. So the mean of these runs over the mean with the log off is the best on/off the database allows on this machine.`,
    '',
    '| Database | Call | Log off, mean requests/s | Log off with the insert beside, mean requests/s | Best on / off the database allows | Measured on / off | Measured / best |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...tp.ratios.map((entry) => {
      const best = bestRatio(tp, entry.database, entry.call);
      const [off, beside] = [meanRps(tp.runs, entry.database, entry.call, false), meanRps(tp.runs, entry.database, entry.call, 'beside')];
      return `| ${entry.database} | ${entry.call} | ${Math.round(off)} | ${Math.round(beside)} | ${percent(best)} | ${percent(entry.ratio)} | ${(100 * (entry.ratio / best)).toFixed(0)}% |`;
    }),
    '',
    `**What the log costs the thread that answers calls.** The CPU of the server's main thread alone (/proc's per-thread time; without libuv's pool, the garbage collector's helper threads and PGlite's thread) per completed call, the mean of each kind of run. The difference between the log on and off is what the log adds to every call on that thread: recording the call and building the batch's parameters. The database's own insert runs elsewhere: in PostgreSQL's processes, or on PGlite's thread. The log's insert alone, run back to back on an empty database after the runs (bench/lib/log-insert-floor.ts), cost ${tp.insertMicros.pglite.toFixed(1)} µs per logged call on PGlite and ${tp.insertMicros.postgres.toFixed(1)} µs on PostgreSQL.`,
    '',
    '| Database | Call | Log on, µs per call | Log off | Log off, insert beside | On - off |',
    '|---|---|---:|---:|---:|---:|',
    ...tp.ratios.map((entry) => {
      const micros = (kind: boolean | 'beside') => meanMainThreadMicros(tp.runs, entry.database, entry.call, kind);
      const [on, off, beside] = [micros(true), micros(false), micros('beside')];
      return `| ${entry.database} | ${entry.call} | ${on.toFixed(1)} | ${off.toFixed(1)} | ${beside.toFixed(1)} | ${(on - off).toFixed(1)} |`;
    }),
    '',
    '### Log buffer while the database pauses',
    '',
    `${pause.seconds} s of list calls at ${options.connections} connections; from 20 s the rollup table was held under an ACCESS EXCLUSIVE lock for ${pause.pausedSeconds} s, so every batch write waited. The buffer's bound is 20,000 calls.`,
    '',
    `| Requests | Buffer max | Dropped (counted, warned) | Written | RSS at start | RSS max |`,
    '|---:|---:|---:|---:|---:|---:|',
    `| ${pause.requests} | ${pause.maxBuffered} | ${pause.dropped} | ${pause.written} | ${mb(pause.rssStartBytes)} | ${mb(pause.rssMaxBytes)} |`,
    '',
    'Samples every 5 s (seconds since start: buffered, dropped so far, RSS):',
    '',
    pause.samples
      .filter((_, i) => i % 10 === 0)
      .map((s) => `${s.t.toFixed(0)} s: ${s.buffered}, ${s.dropped}, ${mb(s.rssBytes)}`)
      .join(' · '),
    '',
    `### ${volumes.map((v) => v.rows.toLocaleString()).join(' and ')} log rows for one user`,
    '',
    `Seeded with \`npm run seed -- --request-logs N\` (31 day partitions), the one database grown from each size to the next: ${volumes
      .map((v, i) => {
        const added = i === 0 ? `${v.rows.toLocaleString()} rows` : `${(v.rows - volumes[i - 1]!.rows).toLocaleString()} more`;
        return `${added} in ${v.seedSeconds.toFixed(0)} s (log and rollups then ${(v.bytes / 2 ** 30).toFixed(1)} GB)`;
      })
      .join(
        ', ',
      )}. Goal: p95 at most 50 ms at 10,000,000 rows. ${volumes[0]?.queries[0]?.calls ?? 0} sequential calls each over HTTP, with a session, after 10 warm-up calls.`,
    '',
    `| Query | ${volumes.map((v) => `p50 ms at ${v.rows.toLocaleString()} | p95 ms at ${v.rows.toLocaleString()}`).join(' | ')} |`,
    `|---|${volumes.map(() => '---:|---:|').join('')}`,
    ...(volumes[0]?.queries ?? []).map(
      (q, i) => `| ${q.name} (\`${q.path}\`) | ${volumes.map((v) => `${v.queries[i]!.p50.toFixed(1)} | ${v.queries[i]!.p95.toFixed(1)}`).join(' | ')} |`,
    ),
    '',
    ...volumes.flatMap((v) => v.explains.flatMap((e) => [`#### EXPLAIN at ${v.rows.toLocaleString()} rows: ${e.name}`, '', '```', e.plan, '```', ''])),
  ];
  return lines.join('\n');
}
