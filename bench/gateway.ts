/**
 * `npm run bench -- --only=gateway` (section 8 of bench/REPORT.md): live tokens and the provider's gateway,
 * side by side in one run, each with its CPU per call beside its throughput (throughput on this shared
 * 2-core machine drifts 2-4x between runs; CPU per call much less).
 *
 * - A live call through the portal against a bare undici proxy (bench/lib/bare-proxy.mjs) in front of the
 *   same upstream (examples/upstream-reference/server.mjs), and the upstream called directly: CPU per call
 *   of the proxying process, and median latency one call at a time.
 * - nginx with auth_request to the portal's check (examples/gateway/nginx.conf) against the same nginx
 *   with no check, in front of the same upstream.
 * - The check alone against today's cached sandbox call, on the same database.
 *
 * Every path presents a valid identity: the portal signs its own; the bench signs one for the direct and
 * bare-proxy calls with its own key, which the upstream also trusts (a key-set server here joins the
 * portal's keys and the bench's).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { Pool } from 'undici';
import { sessionCookie } from './lib/api-session.ts';
import { options, root } from './lib/options.ts';
import { startOurServer } from './lib/our-server.ts';
import { cpuSeconds, start, waitForHttp, type Started } from './lib/processes.ts';
import { loadTest, type Endpoint, type LoadResult } from './measure-server.ts';

const PORTS = { upstream: 8480, bareProxy: 8481, portal: 8482, keySet: 8483, nginxPlain: 8484, nginxAuth: 8485, gatewayLog: 8486 };
const GATEWAY_LOG = `127.0.0.1:${PORTS.gatewayLog}`;
const LIST = '/api/v1/seller/orders/normal?page=0&size=10';
const NGINX_CONFIG = resolve(root, 'examples/gateway/nginx.conf');

export interface GatewayRow extends LoadResult {
  /** CPU per completed call of each process that does the work, in µs. */
  cpuMicrosPerCall: Record<string, number>;
}

export interface GatewayBenchResult {
  throughput: GatewayRow[];
  /** One call at a time: median and p99 latency in ms. */
  latency: { target: string; p50: number; p99: number; requests: number }[];
  nginx: string | null;
  loadAverage: number;
}

async function createToken(origin: string, environment: 'live' | 'sandbox'): Promise<string> {
  const cookie = await sessionCookie(origin);
  const created = await fetch(`${origin}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
    body: JSON.stringify({ title: `bench ${environment}`, description: 'Created by npm run bench.', environment }),
  });
  const answer = (await created.json()) as { data?: { token?: string } };
  if (created.status !== 201 || typeof answer.data?.token !== 'string') throw new Error(`${environment} token creation answered ${created.status}`);
  return answer.data.token;
}

/** Serves the portal's published keys and the bench's own key as one set, for the upstream to trust both. */
async function keySetServer(portalOrigin: string, own: JWK): Promise<Server> {
  const server = createServer((_request, response) => {
    fetch(`${portalOrigin}/.well-known/jwks.json`)
      .then(async (answer) => {
        const portal = (await answer.json()) as { keys: JWK[] };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [...portal.keys, own] }));
      })
      .catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((done) => server.listen(PORTS.keySet, '127.0.0.1', done));
  return server;
}

async function withCpu(pids: Record<string, number>, run: () => Promise<LoadResult>): Promise<GatewayRow> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const result = await run();
  const perCall = (name: string, pid: number) => ((cpuSeconds(pid) - (before[name] ?? 0)) * 1e6) / Math.max(1, result.requests);
  return { ...result, cpuMicrosPerCall: Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, Math.round(perCall(name, pid))])) };
}

/**
 * Median and p99 of `calls` sequential calls over one keep-alive connection, timed here to the
 * microsecond (autocannon reports whole milliseconds, too coarse for a 1 ms goal), after 200 to warm up.
 */
async function oneAtATime(url: string, headers: Record<string, string>, calls: number): Promise<{ p50: number; p99: number; requests: number }> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < calls + 200; i++) {
      const started = performance.now();
      const { statusCode, body } = await pool.request({ method: 'GET', path: target.pathname + target.search, headers });
      await body.arrayBuffer();
      if (statusCode !== 200) throw new Error(`${url} answered ${statusCode}`);
      if (i >= 200) times.push(performance.now() - started);
    }
  } finally {
    await pool.close();
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(3));
  return { p50: at(0.5), p99: at(0.99), requests: times.length };
}

const endpoint = (url: string, headers: Record<string, string>, expectStatus = 200): Endpoint => ({ name: 'list', url, headers, expectStatus });

/** nginx's worker pids (the master does no request work). */
function nginxWorkers(masterPid: number): number[] {
  // ps exits 1 when it lists nothing; the caller waited for nginx to answer, so its worker is there.
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim().split(/\s+/)[1] === String(masterPid))
    .join('\n');
  return out
    .split('\n')
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => pid > 0);
}

/** nginx with the provider's configuration included in a main file of its own, as the gateway tests run it. */
function startNginx(name: string, include: string): Started {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  writeFileSync(join(dir, 'portal-gateway.conf'), include);
  const main = [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp}_temp_path ${dir}/${temp};`),
    `  include ${dir}/portal-gateway.conf;`,
    '}',
  ].join('\n');
  writeFileSync(join(dir, 'nginx.conf'), main);
  return start(name, '/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;']);
}

export async function runGatewayBench(header: string, log: (line: string) => void): Promise<GatewayBenchResult> {
  const seconds = options.loadSeconds;
  const portalOrigin = `http://127.0.0.1:${PORTS.portal}`;
  const upstreamOrigin = `http://127.0.0.1:${PORTS.upstream}`;
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const ownJwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256', use: 'sig' };
  const portal = await startOurServer({
    name: 'gateway-portal',
    port: PORTS.portal,
    env: {
      UPSTREAM_API_URL: `${upstreamOrigin}/api/v1`,
      UPSTREAM_AUDIENCE: upstreamOrigin,
      PUBLIC_ORIGIN: portalOrigin,
      GATEWAY_LOG_ADDRESS: GATEWAY_LOG,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    },
  });
  const keys = await keySetServer(portalOrigin, ownJwk);
  const upstream = start('gateway-upstream', process.execPath, [resolve(root, 'examples/upstream-reference/server.mjs')], {
    PORT: String(PORTS.upstream),
    PORTAL_ORIGIN: portalOrigin,
    AUDIENCE: upstreamOrigin,
    JWKS_URL: `http://127.0.0.1:${PORTS.keySet}/`,
  });
  const stops: (() => Promise<void>)[] = [portal.stop, upstream.stop, async () => void keys.close()];
  try {
    await waitForHttp(`${upstreamOrigin}/api/v1/seller/warehouses`, upstream, 30_000, 401);
    const live = await createToken(portalOrigin, 'live');
    const sandbox = await createToken(portalOrigin, 'sandbox');
    // The bench's identity for the direct and bare-proxy calls: the claims the portal signs, for the demo seller.
    const probe = await fetch(`${portalOrigin}${LIST}`, { headers: { [header]: live } });
    if (probe.status !== 200) throw new Error(`a live call answered ${probe.status}`);
    const identity = async () =>
      `Bearer ${await new SignJWT({ user_type: 'SELLER', token_id: 1, scope: 'warehouses quotations imports products orders', client_ip: '127.0.0.1' })
        .setProtectedHeader({ alg: 'ES256', kid: 'bench' })
        .setIssuer(portalOrigin)
        .setAudience(upstreamOrigin)
        .setSubject('portal:1')
        .setIssuedAt()
        .setExpirationTime('60s')
        .sign(privateKey)}`;
    const bare = start('gateway-bare-proxy', process.execPath, [resolve(root, 'bench/lib/bare-proxy.mjs')], {
      PORT: String(PORTS.bareProxy),
      UPSTREAM: upstreamOrigin,
    });
    stops.push(bare.stop);
    await waitForHttp(`http://127.0.0.1:${PORTS.bareProxy}${LIST}`, bare, 30_000, 401);

    const pids = { portal: portal.pid, upstream: upstream.child.pid ?? -1, bareProxy: bare.child.pid ?? -1 };
    const run = (target: string, url: string, headers: Record<string, string>, who: Record<string, number>, status = 200) =>
      withCpu(who, () =>
        loadTest(target, endpoint(url, headers, status), { seconds, warmupSeconds: options.warmupSeconds, connections: options.connections, pid: null }),
      );
    const throughput: GatewayRow[] = [];
    log('gateway: upstream direct, bare proxy, portal live, portal sandbox, portal check');
    throughput.push(await run('upstream, direct', `${upstreamOrigin}${LIST}`, { authorization: await identity() }, { upstream: pids.upstream }));
    throughput.push(
      await run(
        'bare undici proxy',
        `http://127.0.0.1:${PORTS.bareProxy}${LIST}`,
        { authorization: await identity() },
        { bareProxy: pids.bareProxy, upstream: pids.upstream },
      ),
    );
    throughput.push(await run('portal, live token', `${portalOrigin}${LIST}`, { [header]: live }, { portal: pids.portal, upstream: pids.upstream }));
    throughput.push(await run('portal, sandbox token (cached)', `${portalOrigin}${LIST}`, { [header]: sandbox }, { portal: pids.portal }));
    throughput.push(
      await run(
        'portal, forward-auth check',
        `${portalOrigin}/api/gateway/check`,
        { [header]: live, 'x-original-uri': LIST, 'x-original-method': 'GET' },
        { portal: pids.portal },
      ),
    );

    let nginx: string | null = null;
    if (existsSync(NGINX_CONFIG) && existsSync('/usr/sbin/nginx')) {
      nginx = execFileSync('/usr/sbin/nginx', ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim() || 'nginx';
      const template = readFileSync(NGINX_CONFIG, 'utf8');
      const config = (port: number, check: boolean) =>
        nginxBenchConfig(template, { port, upstream: `127.0.0.1:${PORTS.upstream}`, portal: `127.0.0.1:${PORTS.portal}`, gatewayLog: GATEWAY_LOG, check });
      const plain = startNginx('gateway-nginx-plain', config(PORTS.nginxPlain, false));
      const checked = startNginx('gateway-nginx-auth', config(PORTS.nginxAuth, true));
      stops.push(plain.stop, checked.stop);
      await waitForHttp(`http://127.0.0.1:${PORTS.nginxAuth}${LIST}`, checked, 30_000, 401);
      await waitForHttp(`http://127.0.0.1:${PORTS.nginxPlain}${LIST}`, plain, 30_000, 401);
      const workers = (proc: Started) => Object.fromEntries(nginxWorkers(proc.child.pid ?? -1).map((pid, index) => [`nginx${index}`, pid]));
      throughput.push(
        await run(
          'nginx, no check',
          `http://127.0.0.1:${PORTS.nginxPlain}${LIST}`,
          { authorization: await identity() },
          { ...workers(plain), upstream: pids.upstream },
        ),
      );
      throughput.push(
        await run(
          'nginx + auth_request to the portal',
          `http://127.0.0.1:${PORTS.nginxAuth}${LIST}`,
          { [header]: live },
          { ...workers(checked), portal: pids.portal, upstream: pids.upstream },
        ),
      );
    } else log('gateway: no examples/gateway/nginx.conf or no nginx: the nginx rows are skipped');

    log('gateway: latency one call at a time');
    const latency: GatewayBenchResult['latency'] = [];
    const calls = options.quick ? 500 : 3000;
    latency.push({ target: 'upstream, direct', ...(await oneAtATime(`${upstreamOrigin}${LIST}`, { authorization: await identity() }, calls)) });
    latency.push({
      target: 'bare undici proxy',
      ...(await oneAtATime(`http://127.0.0.1:${PORTS.bareProxy}${LIST}`, { authorization: await identity() }, calls)),
    });
    latency.push({ target: 'portal, live token', ...(await oneAtATime(`${portalOrigin}${LIST}`, { [header]: live }, calls)) });
    return { throughput, latency, nginx, loadAverage: Number((await import('node:os')).loadavg()[0]?.toFixed(2)) };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

/**
 * The provider's nginx configuration as the bench runs it: the example's placeholders filled in. Without
 * the check: the same proxying to the same upstream (keep-alive pool, HTTP/1.1), nothing else; the caller's
 * own Authorization passes on (the bench sends a valid identity).
 */
function nginxBenchConfig(template: string, settings: { port: number; upstream: string; portal: string; gatewayLog: string; check: boolean }): string {
  if (settings.check) {
    return template
      .replaceAll('{{LISTEN}}', `127.0.0.1:${settings.port}`)
      .replaceAll('{{PROVIDER_API}}', settings.upstream)
      .replaceAll('{{PORTAL}}', settings.portal)
      .replaceAll('{{GATEWAY_LOG}}', settings.gatewayLog);
  }
  return [
    `upstream provider_api { server ${settings.upstream}; keepalive 16; }`,
    'server {',
    `  listen 127.0.0.1:${settings.port};`,
    '  location /api/ {',
    '    proxy_pass http://provider_api;',
    '    proxy_http_version 1.1;',
    '    proxy_set_header Connection "";',
    '    proxy_set_header Host $host;',
    '  }',
    '}',
  ].join('\n');
}

export function gatewayReport(result: GatewayBenchResult): string {
  const row = (r: GatewayRow) =>
    `| ${r.target} | ${Math.round(r.rps)} | ${r.latencyP50} ms | ${Object.entries(r.cpuMicrosPerCall)
      .map(([name, micros]) => `${name} ${micros} µs`)
      .join(', ')} | ${(r.expectedStatusShare * 100).toFixed(0)}% |`;
  const find = (target: string) => result.throughput.find((r) => r.target === target);
  const bare = find('bare undici proxy');
  const live = find('portal, live token');
  const sandbox = find('portal, sandbox token (cached)');
  const check = find('portal, forward-auth check');
  const plain = find('nginx, no check');
  const authed = find('nginx + auth_request to the portal');
  const lat = (target: string) => result.latency.find((l) => l.target === target);
  const direct = lat('upstream, direct');
  const viaPortal = lat('portal, live token');
  const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || b === 0 ? Number.NaN : a / b);
  const cpuRatio = ratio(live?.cpuMicrosPerCall.portal, bare?.cpuMicrosPerCall.bareProxy);
  const added = (viaPortal?.p50 ?? Number.NaN) - (direct?.p50 ?? Number.NaN);
  const addedByBare = (lat('bare undici proxy')?.p50 ?? Number.NaN) - (direct?.p50 ?? Number.NaN);
  const nginxShare = ratio(authed?.rps, plain?.rps);
  const checkShare = ratio(check?.rps, sandbox?.rps);
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  return [
    "## 8. Live tokens and the provider's gateway",
    '',
    `\`npm run bench -- --only=gateway\` (bench/gateway.ts): ${options.connections} connections, ${options.loadSeconds} s per row after a warm-up, all`,
    `rows in one run on PGlite; load average ${result.loadAverage} at the end. The upstream is examples/upstream-reference (ES256`,
    "identity verified per call). CPU per call is each process's CPU time over the calls it answered.",
    '',
    '| Target | Requests/s | p50 | CPU per call | Expected status |',
    '|---|---|---|---|---|',
    ...result.throughput.map(row),
    '',
    '| One call at a time, one keep-alive connection, timed in the bench | p50 | p99 | Calls |',
    '|---|---|---|---|',
    ...result.latency.map((l) => `| ${l.target} | ${l.p50} ms | ${l.p99} ms | ${l.requests} |`),
    '',
    '| Goal | Measured | Verdict |',
    '|---|---|---|',
    `| Live call: at most 2x the CPU per call of a bare undici proxy | ${cpuRatio.toFixed(2)}x (${live?.cpuMicrosPerCall.portal} µs vs ${bare?.cpuMicrosPerCall.bareProxy} µs) | ${verdict(cpuRatio <= 2)} |`,
    `| Live call: at most 1 ms added to the median over the upstream direct | +${added.toFixed(2)} ms (${viaPortal?.p50} vs ${direct?.p50} ms; the bare proxy adds ${addedByBare.toFixed(2)} ms) | ${verdict(added <= 1)} |`,
    `| nginx + auth_request: at least 40% of nginx alone | ${(nginxShare * 100).toFixed(0)}% (${Math.round(authed?.rps ?? 0)} vs ${Math.round(plain?.rps ?? 0)} rps) | ${Number.isNaN(nginxShare) ? 'not measured' : verdict(nginxShare >= 0.4)} |`,
    `| The check alone: at least the cached sandbox call's throughput | ${(checkShare * 100).toFixed(0)}% (${Math.round(check?.rps ?? 0)} vs ${Math.round(sandbox?.rps ?? 0)} rps) | ${verdict(checkShare >= 1)} |`,
  ].join('\n');
}
