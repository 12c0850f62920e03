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
import { root } from './lib/options.ts';
import { cpuByCommand, cpuSeconds, sampleRss } from './lib/processes.ts';
import { summarize } from './lib/stats.ts';

const execFileAsync = promisify(execFile);

export interface Endpoint {
  name: 'list' | 'detail' | 'unauthorized' | 'fixed';
  url: string;
  headers: Record<string, string>;
  expectStatus: number;
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
  expectedStatusShare: number;
  errors: number;
  rssMaxBytes: number | null;
  rssMedianBytes: number | null;
  /** The server process's CPU use during the measured run, in % of one core (100 = one core busy). */
  serverCpuPercent: number | null;
  /** All PostgreSQL processes' CPU during the run (includes any other database's work on that server). */
  postgresCpuPercent: number | null;
}

interface AutocannonJson {
  requests: { average: number; total: number };
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
  const args = [resolve(root, 'node_modules/autocannon/autocannon.js'), '-j', '-c', String(connections), '-d', String(seconds)];
  for (const [name, value] of Object.entries(endpoint.headers)) args.push('-H', `${name}=${value}`);
  args.push(endpoint.url);
  const { stdout } = await execFileAsync(process.execPath, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  const line = stdout.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(line) as AutocannonJson;
}

export async function loadTest(
  target: string,
  endpoint: Endpoint,
  options: { seconds: number; warmupSeconds: number; connections: number; pid: number | null },
): Promise<LoadResult> {
  await autocannon(endpoint, options.warmupSeconds, options.connections);
  const sampler = options.pid === null ? null : sampleRss(options.pid);
  const cpuBefore = options.pid === null ? Number.NaN : cpuSeconds(options.pid);
  const postgresBefore = cpuByCommand('postgres');
  const wallBefore = performance.now();
  const result = await autocannon(endpoint, options.seconds, options.connections);
  const cpuUsed = options.pid === null ? Number.NaN : cpuSeconds(options.pid) - cpuBefore;
  const wall = (performance.now() - wallBefore) / 1000;
  let postgresUsed = 0;
  for (const [pid, seconds] of cpuByCommand('postgres')) postgresUsed += seconds - (postgresBefore.get(pid) ?? 0);
  const rss = sampler === null ? null : summarize(sampler.stop());
  const statusClass = `${String(endpoint.expectStatus)[0]}xx` as '2xx' | '4xx';
  const total = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    target,
    endpoint: endpoint.name,
    path: new URL(endpoint.url).pathname + new URL(endpoint.url).search,
    rps: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyAvg: result.latency.average,
    requests: result.requests.total,
    expectedStatusShare: total === 0 ? 0 : result[statusClass] / total,
    errors: result.errors + result.timeouts,
    rssMaxBytes: rss?.max ?? null,
    rssMedianBytes: rss?.median ?? null,
    serverCpuPercent: Number.isFinite(cpuUsed) ? (cpuUsed / wall) * 100 : null,
    postgresCpuPercent: (postgresUsed / wall) * 100,
  };
}

/** The three measured calls (list, detail, 401) against one origin (`prefix` is /api/v1 for us, '' for Prism). */
export function apiEndpoints(origin: string, prefix: string, header: string, token: string, orderId: number): Endpoint[] {
  return [
    { name: 'list', url: `${origin}${prefix}/seller/orders/normal?page=0&size=10`, headers: { [header]: token }, expectStatus: 200 },
    { name: 'detail', url: `${origin}${prefix}/seller/orders/normal/${orderId}`, headers: { [header]: token }, expectStatus: 200 },
    { name: 'unauthorized', url: `${origin}${prefix}/seller/orders/normal?page=0&size=10`, headers: {}, expectStatus: 401 },
  ];
}
