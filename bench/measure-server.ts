/**
 * bench/REPORT.md section 2: the server under load. autocannon (its CLI, in its own process, so the load
 * generator and the measured server each get a core) on loopback: a warm-up, then the measured run, for three
 * calls (list with a token, detail with a token, 401 without one) against
 * - our server on PGlite and on PostgreSQL (started by run.ts through lib/our-server.ts),
 * - Prism's mock server on the same bundled spec,
 * - a bare node:http server answering a fixed 2 KB JSON (the ceiling).
 * The measured server's RSS is sampled during each measured run.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { BarePgResult, BarePgSettings } from './lib/bare-pg-random.ts';
import { benchModules, root } from './lib/options.ts';
import { cpuByCommand, cpuSeconds, mainThreadCpuSeconds, sampleRss } from './lib/processes.ts';
import { summarize } from './lib/stats.ts';

const execFileAsync = promisify(execFile);

export type EndpointName = 'list' | 'detail' | 'list-304' | 'detail-304' | 'list-cold' | 'unauthorized' | 'fixed' | 'fixed-list-size';

export interface Endpoint {
  /** list, detail: the same call over and over (hot, as a poller does); -304: with the current ETag; list-cold: random pages. */
  name: EndpointName;
  url: string;
  headers: Record<string, string>;
  expectStatus: number;
  /** list-cold: each request asks a random page of `pages` (bench/lib/autocannon-random.ts). */
  randomPages?: { pages: number; size: number };
}

export interface LoadResult {
  target: string;
  endpoint: Endpoint['name'];
  path: string;
  rps: number;
  latencyP50: number;
  latencyP99: number;
  latencyAvg: number;
  requests: number;
  /** Requests autocannon sent (answered or not when the run ended); absent for results of older runs. */
  requestsSent?: number;
  expectedStatusShare: number;
  errors: number;
  rssMaxBytes: number | null;
  rssMedianBytes: number | null;
  /** The server process's CPU use during the measured run, in % of one core (100 = one core busy). */
  serverCpuPercent: number | null;
  /** CPU of the server's main thread alone per completed call, in µs; absent for results of older runs. */
  serverMainThreadMicrosPerCall?: number | null;
  /** All PostgreSQL processes' CPU during the run (includes any other database's work on that server). */
  postgresCpuPercent: number | null;
}

interface AutocannonJson {
  requests: { average: number; total: number; sent: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '1xx': number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
}

async function autocannon(endpoint: Endpoint, seconds: number, connections: number): Promise<AutocannonJson> {
  if (endpoint.randomPages !== undefined) {
    const settings = { url: endpoint.url, headers: endpoint.headers, connections, seconds, ...endpoint.randomPages };
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', resolve(root, 'bench/lib/autocannon-random.ts'), JSON.stringify(settings)], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as AutocannonJson;
  }
  const args = [resolve(benchModules, 'autocannon/autocannon.js'), '-j', '-c', String(connections), '-d', String(seconds)];
  for (const [name, value] of Object.entries(endpoint.headers)) args.push('-H', `${name}=${value}`);
  args.push(endpoint.url);
  const { stdout } = await execFileAsync(process.execPath, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  const line = stdout.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(line) as AutocannonJson;
}

export async function loadTest(
  target: string,
  endpoint: Endpoint,
  options: { seconds: number; warmupSeconds: number; connections: number; pid: number | null; warmup?: Endpoint },
): Promise<LoadResult> {
  // The warm-up may call with other headers (another token), so the measured run's calls can be told apart.
  await autocannon(options.warmup ?? endpoint, options.warmupSeconds, options.connections);
  const sampler = options.pid === null ? null : sampleRss(options.pid);
  const cpuBefore = options.pid === null ? Number.NaN : cpuSeconds(options.pid);
  const mainThreadBefore = options.pid === null ? Number.NaN : mainThreadCpuSeconds(options.pid);
  const postgresBefore = cpuByCommand('postgres');
  const wallBefore = performance.now();
  const result = await autocannon(endpoint, options.seconds, options.connections);
  const cpuUsed = options.pid === null ? Number.NaN : cpuSeconds(options.pid) - cpuBefore;
  const mainThreadUsed = options.pid === null ? Number.NaN : mainThreadCpuSeconds(options.pid) - mainThreadBefore;
  const wall = (performance.now() - wallBefore) / 1000;
  let postgresUsed = 0;
  for (const [pid, seconds] of cpuByCommand('postgres')) postgresUsed += seconds - (postgresBefore.get(pid) ?? 0);
  const rss = sampler === null ? null : summarize(sampler.stop());
  const statusClass = `${String(endpoint.expectStatus)[0]}xx` as '2xx' | '3xx' | '4xx';
  const total = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    target,
    endpoint: endpoint.name,
    path:
      endpoint.randomPages === undefined
        ? new URL(endpoint.url).pathname + new URL(endpoint.url).search
        : `${new URL(endpoint.url).pathname}?page=<random 0..${endpoint.randomPages.pages - 1}>&size=${endpoint.randomPages.size}`,
    rps: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyAvg: result.latency.average,
    requests: result.requests.total,
    requestsSent: result.requests.sent,
    expectedStatusShare: total === 0 ? 0 : result[statusClass] / total,
    errors: result.errors + result.timeouts,
    rssMaxBytes: rss?.max ?? null,
    rssMedianBytes: rss?.median ?? null,
    serverCpuPercent: Number.isFinite(cpuUsed) ? (cpuUsed / wall) * 100 : null,
    serverMainThreadMicrosPerCall: Number.isFinite(mainThreadUsed) && result.requests.total > 0 ? (mainThreadUsed * 1e6) / result.requests.total : null,
    postgresCpuPercent: (postgresUsed / wall) * 100,
  };
}

/** The three calls measured on every target (list, detail, 401) against one origin (`prefix` is /api/v1 for us, '' for Prism). */
export function apiEndpoints(origin: string, prefix: string, header: string, token: string, orderId: number): Endpoint[] {
  return [
    { name: 'list', url: `${origin}${prefix}/seller/orders/normal?page=0&size=10`, headers: { [header]: token }, expectStatus: 200 },
    { name: 'detail', url: `${origin}${prefix}/seller/orders/normal/${orderId}`, headers: { [header]: token }, expectStatus: 200 },
    { name: 'unauthorized', url: `${origin}${prefix}/seller/orders/normal?page=0&size=10`, headers: {}, expectStatus: 401 },
  ];
}

/** Ours only: list and detail answered 304 (If-None-Match with the current ETag), and random list pages (cold). */
export async function conditionalAndColdEndpoints(origin: string, header: string, token: string, orderId: number, orders: number): Promise<Endpoint[]> {
  const list = `${origin}/api/v1/seller/orders/normal?page=0&size=10`;
  const detail = `${origin}/api/v1/seller/orders/normal/${orderId}`;
  const etagOf = async (url: string): Promise<string> => {
    const response = await fetch(url, { headers: { [header]: token } });
    await response.arrayBuffer();
    const etag = response.headers.get('etag');
    if (response.status !== 200 || etag === null) throw new Error(`${url} answered ${response.status} without an ETag`);
    return etag;
  };
  return [
    { name: 'list-304', url: list, headers: { [header]: token, 'if-none-match': await etagOf(list) }, expectStatus: 304 },
    { name: 'detail-304', url: detail, headers: { [header]: token, 'if-none-match': await etagOf(detail) }, expectStatus: 304 },
    {
      name: 'list-cold',
      url: `${origin}/api/v1/seller/orders/normal`,
      headers: { [header]: token },
      expectStatus: 200,
      randomPages: { pages: Math.max(1, Math.floor(orders / 10)), size: 10 },
    },
  ];
}

/**
 * list-cold's reference: the server's list query for random pages run by a bare pg pool (lib/bare-pg-random.ts,
 * its own process) against the same database, with as many queries in flight as the server's pool allows at
 * most. A warm-up, then the measured run, as loadTest does; target 'bare-pg', its CPU column the client's.
 */
export async function barePgTest(settings: Omit<BarePgSettings, 'seconds'>, options: { seconds: number; warmupSeconds: number }): Promise<LoadResult> {
  const run = async (seconds: number): Promise<BarePgResult> => {
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', resolve(root, 'bench/lib/bare-pg-random.ts'), JSON.stringify({ ...settings, seconds } satisfies BarePgSettings)],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as BarePgResult;
  };
  await run(options.warmupSeconds);
  const postgresBefore = cpuByCommand('postgres');
  const wallBefore = performance.now();
  const result = await run(options.seconds);
  const wall = (performance.now() - wallBefore) / 1000;
  let postgresUsed = 0;
  for (const [pid, seconds] of cpuByCommand('postgres')) postgresUsed += seconds - (postgresBefore.get(pid) ?? 0);
  return {
    target: 'bare-pg',
    endpoint: 'list-cold',
    path: `listNormalOrders(page=<random 0..${settings.pages - 1}>, size=${settings.size}), ${settings.connections} in flight`,
    rps: result.rps,
    latencyP50: Math.round(result.latencyP50),
    latencyP99: Math.round(result.latencyP99),
    latencyAvg: result.latencyAvg,
    requests: result.requests,
    expectedStatusShare: result.requests + result.errors === 0 ? 0 : result.requests / (result.requests + result.errors),
    errors: result.errors,
    rssMaxBytes: null,
    rssMedianBytes: null,
    serverCpuPercent: result.cpuPercent,
    postgresCpuPercent: (postgresUsed / wall) * 100,
  };
}
