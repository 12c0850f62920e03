/**
 * bench/REPORT.md section 4: the public API while logins flood the server. For our server on PGlite (and on
 * PostgreSQL when reachable), the list call is loaded with autocannon as in section 2, four times:
 * - alone, before and after the two floods (their mean is the baseline);
 * - while a second autocannon sends logins with the demo seller's *right* password: every one must be
 *   checked with scrypt at the production cost, the most a login can cost the server;
 * - while it sends logins with a wrong password: after the address's failed-login budget, each is refused
 *   before any check.
 * The server's RSS is sampled throughout. Then the same with accounts from the warehouse system
 * (bench/lib/identity-providers.ts): an LDAP directory (Debian's slapd) and the reference WMS, where each
 * login is a bind or a signed HTTP call instead of a scrypt check. BENCH_COMPARE_ROOT names another checkout (with node_modules and
 * src/generated; BENCH_COMPARE_LABEL names it) whose server is measured the same way in the same run, e.g. the
 * commit before a change.
 */
import { execFileSync, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_SELLER, createSellerToken, type Account } from './lib/api-session.ts';
import { identityProviders, type IdentityProviderRun } from './lib/identity-providers.ts';
import { benchModules, options, root } from './lib/options.ts';
import { startOurServer } from './lib/our-server.ts';
import { createDatabase, dropDatabase, postgresAvailable } from './lib/postgres.ts';
import { rssBytes, sampleRss } from './lib/processes.ts';
import { summarize } from './lib/stats.ts';
import { loadTest, type LoadResult } from './measure-server.ts';

const execFileAsync = promisify(execFile);

/** 'none' runs twice, before and after the floods: their mean is the baseline, so drift in the machine's load counts half. */
export type Flood = 'none' | 'right-password' | 'wrong-password';

export interface LoginLoad {
  requests: number;
  rps: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  /** Requests that got no answer within autocannon's 10 s timeout, or failed. */
  timeouts: number;
  latencyP50: number;
  latencyP99: number;
}

export interface FloodRun {
  flood: Flood;
  api: LoadResult;
  logins: LoginLoad | null;
  /** Server RSS over the whole run (API and logins), bytes. */
  rssMaxBytes: number | null;
}

export interface FloodTarget {
  /** e.g. "this checkout, PGlite" */
  label: string;
  commit: string;
  database: 'pglite' | 'postgres';
  idleRssBytes: number;
  runs: FloodRun[];
}

export interface LoginFloodResult {
  apiConnections: number;
  loginConnections: number;
  seconds: number;
  targets: FloodTarget[];
}

interface AutocannonStatusJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

/** Logins on `connections` connections for `seconds`, in autocannon's own process. */
async function loginLoad(origin: string, account: Account, seconds: number, connections: number): Promise<LoginLoad> {
  const body = JSON.stringify(account);
  const args = [
    resolve(benchModules, 'autocannon/autocannon.js'),
    '-j',
    '-c',
    String(connections),
    '-d',
    String(seconds),
    '-m',
    'POST',
    '-H',
    'content-type=application/json',
    '-b',
    body,
    `${origin}/api/auth/login`,
  ];
  const { stdout } = await execFileAsync(process.execPath, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as AutocannonStatusJson;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count]));
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    statuses,
    timeouts: result.timeouts + result.errors,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
  };
}

function commitOf(directory: string): string {
  try {
    return execFileSync('git', ['-C', directory, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

async function measureTarget(
  target: { label: string; serverRoot: string; database: 'pglite' | 'postgres'; port: number; header: string; provider?: IdentityProviderRun },
  log: (line: string) => void,
): Promise<FloodTarget> {
  const { label, serverRoot, database, port, header, provider } = target;
  const account = provider?.account ?? DEMO_SELLER;
  const databaseName = database === 'postgres' ? `bench_flood_${process.pid}_${port}` : undefined;
  const databaseUrl = databaseName === undefined ? undefined : await createDatabase(databaseName);
  const server = await startOurServer({
    name: `flood-${port}`,
    port,
    serverRoot,
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    ...(provider === undefined ? {} : { env: provider.env }),
  });
  try {
    const token = await createSellerToken(server.origin, 'benchmark', account);
    await new Promise((resolveIdle) => setTimeout(resolveIdle, 2_000));
    const idleRssBytes = rssBytes(server.pid);
    const endpoint = {
      name: 'list' as const,
      url: `${server.origin}/api/v1/seller/orders/normal?page=0&size=10`,
      headers: { [header]: token },
      expectStatus: 200,
    };
    const load = { seconds: options.loadSeconds, warmupSeconds: options.warmupSeconds, connections: options.connections, pid: server.pid };
    const runs: FloodRun[] = [];
    for (const flood of ['none', 'right-password', 'wrong-password', 'none'] as const) {
      const rss = sampleRss(server.pid);
      // The logins start first and outlast the API's warm-up and measured run.
      const logins =
        flood === 'none'
          ? null
          : loginLoad(
              server.origin,
              flood === 'right-password' ? account : { ...account, password: 'not-the-password' },
              options.warmupSeconds * 2 + options.loadSeconds + 2,
              options.loginConnections,
            );
      if (logins !== null) await new Promise((resolveStart) => setTimeout(resolveStart, options.warmupSeconds * 1000));
      const api = await loadTest(label, endpoint, load);
      const loginResult = logins === null ? null : await logins;
      const rssSummary = summarize(rss.stop());
      runs.push({ flood, api, logins: loginResult, rssMaxBytes: rssSummary?.max ?? null });
      log(
        `  ${label}, flood ${flood}: list ${Math.round(api.rps)} rps, p99 ${api.latencyP99} ms, RSS max ${Math.round((rssSummary?.max ?? 0) / 2 ** 20)} MB` +
          (loginResult === null ? '' : `; logins ${JSON.stringify(loginResult.statuses)}, ${loginResult.timeouts} timeouts`),
      );
    }
    return { label, commit: commitOf(serverRoot), database, idleRssBytes, runs };
  } finally {
    await server.stop();
    if (databaseName !== undefined) await dropDatabase(databaseName);
  }
}

export async function runLoginFlood(header: string, log: (line: string) => void): Promise<LoginFloodResult> {
  const checkouts: { name: string; root: string }[] = [{ name: 'this checkout', root }];
  if (options.compareRoot !== undefined) {
    if (!existsSync(join(options.compareRoot, 'src/server/main.ts'))) throw new Error(`BENCH_COMPARE_ROOT ${options.compareRoot} has no src/server/main.ts`);
    checkouts.push({ name: options.compareLabel ?? `compared (${commitOf(options.compareRoot)})`, root: options.compareRoot });
  }
  const databases: ('pglite' | 'postgres')[] = ['pglite'];
  if (await postgresAvailable()) databases.push('postgres');
  else log('  PostgreSQL not reachable: the login flood runs on PGlite only');
  const targets: FloodTarget[] = [];
  let port = options.ports.flood;
  for (const database of databases) {
    for (const checkout of checkouts) {
      const label = `${checkout.name}, ${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`;
      targets.push(await measureTarget({ label, serverRoot: checkout.root, database, port, header }, log));
      port += 1;
    }
  }
  // Accounts from the warehouse system, on this checkout: the provider answers each login instead of scrypt.
  for (const database of databases) {
    for (const start of identityProviders) {
      const provider = await start();
      try {
        const label = `this checkout, ${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${provider.name}`;
        targets.push(await measureTarget({ label, serverRoot: root, database, port, header, provider }, log));
      } finally {
        await provider.stop();
      }
      port += 1;
    }
  }
  return { apiConnections: options.connections, loginConnections: options.loginConnections, seconds: options.loadSeconds, targets };
}
