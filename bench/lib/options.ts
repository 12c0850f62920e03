/**
 * Every knob of `npm run bench` in one place. Defaults keep the whole run under 15 minutes on a
 * 2-core machine; BENCH_* variables (or --quick) trade precision for time when iterating.
 */
import { resolve } from 'node:path';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function sectionsFromArgs(): Set<string> {
  const only = process.argv.find((arg) => arg.startsWith('--only='));
  const all = ['pages', 'server', 'data', 'logins', 'usage', 'mcp', 'activity', 'gateway', 'webhooks'];
  if (only === undefined) return new Set(all);
  // 'startup' is part of 'data'; on its own it skips the data-growth runs. Likewise 'stores', part of 'server':
  // the hot call on each rate limit store, without the rest of section 2.
  all.push('startup', 'stores');
  return new Set(
    only
      .slice('--only='.length)
      .split(',')
      .filter((name) => all.includes(name)),
  );
}

export const root = resolve(import.meta.dirname, '..', '..');
export const resultsDir = resolve(root, 'bench', 'results');
/** bench/package.json's own install: the peer renderers and the load tools, which the app never needs. */
export const benchModules = resolve(root, 'bench', 'node_modules');

export const options = {
  quick,
  sections: sectionsFromArgs(),
  /** Page loads per renderer and condition (5: enough for a median and a min-max range). */
  pageRuns: numberFromEnv('BENCH_PAGE_RUNS', quick ? 2 : 5),
  /** Page loads per renderer for the 500-operation spec. */
  largeRuns: numberFromEnv('BENCH_LARGE_RUNS', quick ? 1 : 5),
  /** Runs of Scalar on the 500-operation spec: each ties up its page for one to two minutes. */
  slowRuns: numberFromEnv('BENCH_SLOW_RUNS', 1),
  /** Give up on a page that has not rendered by then (throttled Scalar on 500 operations is slow). */
  pageTimeoutMs: numberFromEnv('BENCH_PAGE_TIMEOUT_MS', 120_000),
  /** After the ready condition, long tasks are still collected for this long. */
  settleMs: numberFromEnv('BENCH_SETTLE_MS', 500),
  largeOperations: numberFromEnv('BENCH_LARGE_OPERATIONS', 500),
  loadSeconds: numberFromEnv('BENCH_LOAD_SECONDS', quick ? 3 : 10),
  warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', quick ? 1 : 2),
  connections: numberFromEnv('BENCH_CONNECTIONS', 50),
  /**
   * Goal 6's hot list: ours on PostgreSQL and the same-size ceiling alternated this many times (one run of
   * each varies by 20-40% here, and three pairs of one run read 33%, 38% and 50%).
   */
  hotListPairs: numberFromEnv('BENCH_HOT_LIST_PAIRS', quick ? 1 : 5),
  /** Rounds of the hot call on each rate limit store (section 2), measured in turn: a median and a min-max range. */
  storeRounds: numberFromEnv('BENCH_STORE_ROUNDS', quick ? 1 : 3),
  /** On/off pairs per database and call in the request log section (runs on a shared machine vary by 20%). */
  logPairs: numberFromEnv('BENCH_LOG_PAIRS', quick ? 1 : 3),
  /** Connections sending logins in the login-flood section (as in the report that found logins starving the API). */
  loginConnections: numberFromEnv('BENCH_LOGIN_CONNECTIONS', 64),
  /** Another checkout measured beside this one in the login-flood section (before/after a change). */
  compareRoot: process.env.BENCH_COMPARE_ROOT === undefined || process.env.BENCH_COMPARE_ROOT === '' ? undefined : resolve(process.env.BENCH_COMPARE_ROOT),
  /** How the report names it (default: its git commit). */
  compareLabel: process.env.BENCH_COMPARE_LABEL,
  /** Sequential calls per query in the data-growth section (200: a median that holds still between runs). */
  growthCalls: numberFromEnv('BENCH_GROWTH_CALLS', quick ? 30 : 200),
  growthVolumes: (process.env.BENCH_VOLUMES ?? (quick ? '10000,100000' : '10000,100000,1000000'))
    .split(',')
    .map(Number)
    .filter((value) => value > 0),
  /** Normal orders of the demo seller in the server-under-load section (the cold case pages across them). */
  coldOrders: numberFromEnv('BENCH_COLD_ORDERS', quick ? 100_000 : 1_000_000),
  startupRuns: numberFromEnv('BENCH_STARTUP_RUNS', quick ? 1 : 5),
  /** The configuration maximum: 16,666 requests a second per token, far above what one process serves. */
  rateLimitPerMinute: 1_000_000,
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
  ports: {
    peers: 8400,
    ours: 8410,
    oursPostgres: 8411,
    oursLarge: 8412,
    prism: 8420,
    ceiling: 8430,
    startup: 8440,
    growth: 8450,
    /** 8460 and up: one port per login-flood target. */
    flood: 8460,
    /** 8490 and up: one port per rate limit store (section 2). */
    rateLimitStores: numberFromEnv('BENCH_STORES_PORT', 8490),
  },
} as const;
