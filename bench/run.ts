/**
 * `npm run bench`: reference pages, server under load, data growth, login flood, gateway; writes bench/results/*.json
 * and bench/REPORT.md. Options: --only=pages,server,data,logins,usage,mcp,activity,gateway,webhooks (the other sections of REPORT.md are kept)
 * --quick (fewer runs; BENCH_* env vars in lib/options.ts tune each knob). Each section fails on its own:
 * the report says what is missing.
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { activityReport, runActivityBench } from './activity.ts';
import { buildLargeApp } from './build-large-app.ts';
import { writeHtmlOnlyPage } from './html-only.ts';
import { runDataGrowth } from './data-growth.ts';
import { writeLargeSpec } from './large-spec.ts';
import { installBenchPackages } from './lib/bench-packages.ts';
import { launchChromium } from './lib/browser.ts';
import { currentLoad, machineInfo } from './lib/machine.ts';
import { benchModules, options, resultsDir, root } from './lib/options.ts';
import { startOurServer } from './lib/our-server.ts';
import { createDatabase, dropDatabase, postgresAvailable, serverVersion, withDatabase } from './lib/postgres.ts';
import { createSellerToken, DEMO_SELLER, firstOrderId } from './lib/api-session.ts';
import { rssBytes, runToEnd, start, tsNode, waitForHttp } from './lib/processes.ts';
import { historyOf, mergeReport, replaceSubsection, upsertSubsection, withHistory } from './lib/report-merge.ts';
import { runLoginFlood } from './login-flood.ts';
import { markedSectionOf, withMarkedSection } from './lib/marked-section.ts';
import { gatewayReport, runGatewayBench } from './gateway.ts';
import { mcpReport, runMcpBench } from './mcp.ts';
import { runWebhookBench, webhookReport } from './webhooks.ts';
import { runUsageBench, usageReport } from './request-log.ts';
import type { BenchResults, HotListPair } from './lib/results.ts';
import { readSpecFacts } from './lib/spec-facts.ts';
import { startLogInserter } from './lib/start-log-inserter.ts';
import { runRateLimitStores } from './rate-limit-stores.ts';
import { apiEndpoints, barePgTest, conditionalAndColdEndpoints, loadTest, type LoadResult } from './measure-server.ts';
import { POOL_SIZE } from '../src/server/db/postgres-database.ts';
import { arrivalPage, htmlOnlyTargets, measureTargets, ourDeepLinkTarget, ourTargets, peerDeepLinkTargets, peerTargets } from './pages.ts';
import { RATE_LIMIT_STORES_TITLE, writeReport } from './report.ts';
import { startPeerServer } from './serve-peers.ts';
import { measureStartup } from './startup.ts';

const PUBLIC_SPEC = resolve(root, 'src/generated/openapi.public.json');
const started = performance.now();
const logFile = join(resultsDir, 'run.log');

function log(line: string): void {
  const stamped = `[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`;
  console.log(stamped);
  appendFileSync(logFile, `${stamped}\n`);
}

async function section<T>(name: string, results: BenchResults, work: () => Promise<T>): Promise<T | undefined> {
  const at = performance.now();
  log(`== ${name}`);
  try {
    const value = await work();
    log(`== ${name}: ${((performance.now() - at) / 1000).toFixed(0)} s`);
    return value;
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    results.errors.push(`${name}: ${message.split('\n').slice(0, 6).join(' | ')}`);
    log(`== ${name} FAILED: ${message}`);
    return undefined;
  }
}

async function pagesSection(results: BenchResults): Promise<BenchResults['pages']> {
  const facts = readSpecFacts(PUBLIC_SPEC);
  const largeSpec = join(resultsDir, 'openapi.large.json');
  writeLargeSpec(PUBLIC_SPEC, largeSpec, options.largeOperations);
  const largeFacts = readSpecFacts(largeSpec);
  const largeApp = await buildLargeApp(largeSpec, log);

  const ours = await startOurServer({ name: 'pages', port: options.ports.ours });
  const pagesDir = join(resultsDir, 'pages');
  await writeHtmlOnlyPage(ours.origin, pagesDir).catch(async (error: unknown) => {
    await ours.stop();
    throw error;
  });
  const peers = await startPeerServer({ port: options.ports.peers, specs: { public: PUBLIC_SPEC, large: largeSpec }, pagesDir });
  const oursLarge = await startOurServer({ name: 'pages-large', port: options.ports.oursLarge, webDir: largeApp });
  const browser = await launchChromium();
  results.machine.chromium = browser.version();
  try {
    const common = { timeoutMs: options.pageTimeoutMs, settleMs: options.settleMs, from: arrivalPage(peers.origin), log };
    const realTargets = [
      ...ourTargets(ours.origin, 'real', facts, true),
      ...htmlOnlyTargets(peers.origin, facts),
      ...peerTargets(peers.origin, 'real', facts, options.slowRuns),
      ourDeepLinkTarget(ours.origin, facts),
      ...peerDeepLinkTargets(peers.origin, facts),
    ];
    log(`-- real spec (${facts.operations.length} operations), as is`);
    const real = await measureTargets(browser, realTargets, { ...common, runs: options.pageRuns, throttled: false, warmup: true });
    log('-- real spec, CPU x4 + 1.6 Mbps / 150 ms');
    const realThrottled = await measureTargets(browser, realTargets, { ...common, runs: options.pageRuns, throttled: true, warmup: false });
    const largeTargets = [...ourTargets(oursLarge.origin, 'large', largeFacts, false), ...peerTargets(peers.origin, 'large', largeFacts, options.slowRuns)];
    log(`-- ${largeFacts.operations.length}-operation spec, as is`);
    const large = await measureTargets(browser, largeTargets, { ...common, runs: options.largeRuns, throttled: false, warmup: true });
    return { real, realThrottled, large, largeOperations: largeFacts.operations.length, realOperations: facts.operations.length };
  } finally {
    await browser.close();
    await Promise.all([ours.stop(), oursLarge.stop(), peers.close()]);
  }
}

/** bench/ceiling-server.ts answering `bytes` of JSON, until stop(). */
async function startCeiling(bytes: number): Promise<{ origin: string; pid: number | null; stop: () => Promise<void> }> {
  const [command, args] = tsNode('bench/ceiling-server.ts', [String(options.ports.ceiling), String(bytes)]);
  const ceiling = start(`ceiling-${bytes}`, command, args);
  const origin = `http://127.0.0.1:${options.ports.ceiling}`;
  try {
    await waitForHttp(`${origin}/`, ceiling);
  } catch (error) {
    await ceiling.stop();
    throw error;
  }
  return { origin, pid: ceiling.child.pid ?? null, stop: ceiling.stop };
}

/**
 * Goal 6's hot list, side by side: our list and the ceiling answering as many bytes, alternated, both servers
 * up throughout (an idle server costs nothing), so a change in the machine's state meets both alike. A third
 * run in each pair is the floor: the ceiling again while lib/log-inserter.ts writes as many log rows a second
 * as ours answered into our database, the database work our request log does that the bare ceiling does not.
 */
async function alternateHotListWithCeiling(
  list: Parameters<typeof loadTest>[1],
  bytes: number,
  databaseUrl: string,
  settings: Parameters<typeof loadTest>[2],
): Promise<HotListPair[]> {
  const ceiling = await startCeiling(bytes);
  const ceilingCall = { name: 'fixed-list-size', url: `${ceiling.origin}/`, headers: {}, expectStatus: 200 } as const;
  const ceilingRun = async (): Promise<LoadResult> => ({
    ...(await loadTest('ceiling', ceilingCall, { ...settings, pid: ceiling.pid })),
    path: `/ (${bytes} bytes)`,
  });
  const pairs: HotListPair[] = [];
  try {
    for (let pair = 1; pair <= options.hotListPairs; pair += 1) {
      const ours = await loadTest('ours-postgres', list, settings);
      const bare = await ceilingRun();
      const inserter = await startLogInserter(databaseUrl, ours.rps);
      const withLogInsert = await ceilingRun().finally(() => inserter.stop());
      pairs.push({ ours, ceiling: bare, ceilingWithLogInsert: { ...withLogInsert, insertBeside: ours.rps } });
      const share = (of: LoadResult) => `${((100 * ours.rps) / of.rps).toFixed(0)}%`;
      log(
        `  goal 6 pair ${pair}: ours ${Math.round(ours.rps)} rps, ceiling ${Math.round(bare.rps)} rps (${share(bare)}), ` +
          `ceiling with the log's insert beside ${Math.round(withLogInsert.rps)} rps (${share(withLogInsert)})`,
      );
    }
  } finally {
    await ceiling.stop();
  }
  return pairs;
}

async function serverSection(): Promise<BenchResults['server']> {
  const facts = readSpecFacts(PUBLIC_SPEC);
  const header = facts.apiTokenHeader;
  const loads: LoadResult[] = [];
  const idleRss: Record<string, number> = {};
  const seedSeconds: Record<string, number> = {};
  const targets: string[] = [];
  let hotListPairs: HotListPair[] | undefined;
  const load = { seconds: options.loadSeconds, warmupSeconds: options.warmupSeconds, connections: options.connections };
  const record = (result: LoadResult): void => {
    loads.push(result);
    log(`  ${result.target} ${result.endpoint}: ${Math.round(result.rps)} rps, p50 ${result.latencyP50} ms, p99 ${result.latencyP99} ms`);
  };

  const ourBackends: { target: string; databaseName?: string }[] = [{ target: 'ours-pglite' }];
  if (await postgresAvailable()) ourBackends.push({ target: 'ours-postgres', databaseName: `bench_load_${process.pid}` });
  else log('  PostgreSQL not reachable: ours-postgres skipped');
  let orderIdForPrism = 1;
  // The list answer's body size: the second ceiling answers as many bytes (the hot-list goal's "same size of JSON").
  let listBytes = 0;
  for (const backend of ourBackends) {
    const databaseUrl = backend.databaseName === undefined ? undefined : await createDatabase(backend.databaseName);
    // The demo data plus coldOrders normal orders for the demo seller, written by `npm run seed` before start.
    const dataDir = mkdtempSync(join(tmpdir(), `bench-${backend.target}-`));
    const [seedCommand, seedArgs] = tsNode('scripts/seed.ts', ['--orders', String(options.coldOrders)]);
    const seedMs = await runToEnd(`seed-${backend.target}`, seedCommand, seedArgs, {
      DATA_DIR: dataDir,
      ...(databaseUrl === undefined ? { DATABASE_URL: undefined } : { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' }),
    });
    seedSeconds[backend.target] = seedMs / 1000;
    log(`  ${backend.target}: seeded ${options.coldOrders} orders in ${(seedMs / 1000).toFixed(0)} s`);
    const server = await startOurServer({
      name: backend.target,
      port: backend.databaseName === undefined ? options.ports.ours : options.ports.oursPostgres,
      dataDir,
      ...(databaseUrl === undefined ? {} : { databaseUrl }),
    });
    try {
      targets.push(backend.target);
      const token = await createSellerToken(server.origin);
      const orderId = await firstOrderId(server.origin, header, token);
      orderIdForPrism = orderId;
      await new Promise((resolveIdle) => setTimeout(resolveIdle, 2_000));
      idleRss[backend.target] = rssBytes(server.pid);
      const endpoints = [
        ...apiEndpoints(server.origin, '/api/v1', header, token, orderId),
        ...(await conditionalAndColdEndpoints(server.origin, header, token, orderId, options.coldOrders)),
      ];
      for (const endpoint of endpoints) record(await loadTest(backend.target, endpoint, { ...load, pid: server.pid }));
      const listAnswer = await fetch(endpoints[0]!.url, { headers: endpoints[0]!.headers });
      listBytes = Math.max(listBytes, (await listAnswer.arrayBuffer()).byteLength);
      const cold = endpoints.find((endpoint) => endpoint.name === 'list-cold');
      if (databaseUrl !== undefined && cold?.randomPages !== undefined) {
        // list-cold's reference: the same query straight from a pg pool, as many in flight as the server's pool holds.
        const sellerId = await withDatabase(databaseUrl, async (client) => {
          const { rows } = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO_SELLER.email]);
          return rows[0]?.id ?? 0;
        });
        const connections = Math.min(options.connections, POOL_SIZE);
        record(await barePgTest({ databaseUrl, sellerId, connections, ...cold.randomPages }, load));
      }
      if (databaseUrl !== undefined && options.hotListPairs > 0) {
        hotListPairs = await alternateHotListWithCeiling(endpoints[0]!, listBytes, databaseUrl, { ...load, pid: server.pid });
      }
    } finally {
      await server.stop();
      if (backend.databaseName !== undefined) await dropDatabase(backend.databaseName);
    }
  }

  const [prismCommand, prismArgs] = [
    process.execPath,
    [resolve(benchModules, '@stoplight/prism-cli/dist/index.js'), 'mock', PUBLIC_SPEC, '-p', String(options.ports.prism), '-h', '127.0.0.1'],
  ];
  const prism = start('prism', prismCommand, prismArgs);
  try {
    const prismOrigin = `http://127.0.0.1:${options.ports.prism}`;
    // Prism matches the spec's paths without the server's /api/v1 base path.
    await waitForHttp(`${prismOrigin}/seller/orders/normal`, prism, 60_000, 401);
    targets.push('prism');
    // Prism checks only that the apiKey header is present.
    const token = 'benchmark-token';
    for (const endpoint of apiEndpoints(prismOrigin, '', header, token, orderIdForPrism)) {
      record(await loadTest('prism', endpoint, { ...load, pid: prism.child.pid ?? null }));
    }
  } finally {
    await prism.stop();
  }

  // The ceiling with its fixed 2 KB body, then with the body size of our list answer.
  const ceilings: Array<[LoadResult['endpoint'], number]> = [['fixed', 2048]];
  if (listBytes > 0) ceilings.push(['fixed-list-size', listBytes]);
  for (const [name, bytes] of ceilings) {
    const ceiling = await startCeiling(bytes);
    try {
      if (!targets.includes('ceiling')) targets.push('ceiling');
      const result = await loadTest('ceiling', { name, url: `${ceiling.origin}/`, headers: {}, expectStatus: 200 }, { ...load, pid: ceiling.pid });
      record({ ...result, path: `/ (${bytes} bytes)` });
    } finally {
      await ceiling.stop();
    }
  }
  return { loads, idleRss, targets, seedSeconds, coldOrders: options.coldOrders, ...(hotListPairs === undefined ? {} : { hotListPairs }) };
}

async function main(): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  rmSync(logFile, { force: true });
  rmSync(join(resultsDir, 'logs'), { recursive: true, force: true });
  // The start-up and webhook sections run only this checkout's own tools: no peers to install for them alone.
  if ([...options.sections].some((name) => name !== 'startup' && name !== 'webhooks')) installBenchPackages(log);
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    finishedAt: '',
    durationMs: 0,
    machine: machineInfo('unknown', await serverVersion()),
    settings: { ...options, sections: [...options.sections] },
    errors: [],
  };
  log(`bench: sections ${[...options.sections].join(', ')}${options.quick ? ' (quick)' : ''}`);
  // A fresh clone has no build: build what is stale first (the same step as `npm start`).
  const [buildCommand, buildArgs] = tsNode('scripts/build.ts', ['--if-stale']);
  const buildMs = await runToEnd('build', buildCommand, buildArgs);
  log(`build --if-stale: ${(buildMs / 1000).toFixed(1)} s`);
  if (!existsSync(PUBLIC_SPEC)) throw new Error(`${PUBLIC_SPEC} is missing after the build`);

  if (options.sections.has('pages')) results.pages = await section('reference pages', results, () => pagesSection(results));
  if (options.sections.has('server')) results.server = await section('server under load', results, serverSection);
  if (options.sections.has('server') || options.sections.has('stores')) {
    results.rateLimitStores = await section('rate limit stores', results, () => runRateLimitStores(readSpecFacts(PUBLIC_SPEC).apiTokenHeader, log));
  }
  // `--only=startup` measures the start-up alone (the data section's first part), without the long seeding.
  if (options.sections.has('data') || options.sections.has('startup')) {
    results.startup = await section('npm start', results, () => measureStartup(log));
  }
  if (options.sections.has('data')) {
    if (await postgresAvailable()) {
      results.growth = await section('data growth', results, () => runDataGrowth(readSpecFacts(PUBLIC_SPEC).apiTokenHeader, log));
    } else {
      results.errors.push('data growth: PostgreSQL not reachable on 127.0.0.1:5432');
    }
  }

  if (options.sections.has('logins')) {
    results.logins = await section('login flood', results, () => runLoginFlood(readSpecFacts(PUBLIC_SPEC).apiTokenHeader, log));
  }

  if (options.sections.has('usage')) {
    results.usage = await section('request log and usage', results, () => runUsageBench(readSpecFacts(PUBLIC_SPEC).apiTokenHeader, log));
  }

  if (options.sections.has('mcp')) results.mcp = await section('MCP server', results, () => runMcpBench(log));

  if (options.sections.has('gateway')) {
    results.gateway = await section('live tokens and gateway', results, () => runGatewayBench(readSpecFacts(PUBLIC_SPEC).apiTokenHeader, log));
  }

  if (options.sections.has('activity')) {
    if (await postgresAvailable()) results.activity = await section('activity log', results, () => runActivityBench(log));
    else results.errors.push('activity log: PostgreSQL not reachable on 127.0.0.1:5432');
  }

  if (options.sections.has('webhooks')) {
    if (await postgresAvailable()) results.webhooks = await section('webhook delivery', results, () => runWebhookBench(log));
    else results.errors.push('webhook delivery: PostgreSQL not reachable on 127.0.0.1:5432');
  }

  results.finishedAt = new Date().toISOString();
  results.machine.loadAtEnd = currentLoad();
  results.durationMs = performance.now() - started;
  const json = JSON.stringify(results, null, 2);
  writeFileSync(join(resultsDir, `results-${results.startedAt.replace(/[:.]/g, '-')}.json`), json);
  writeFileSync(join(resultsDir, 'latest.json'), json);
  const report = resolve(root, 'bench/REPORT.md');
  const SECTION_NUMBERS: Record<string, string> = { pages: '1', server: '2', data: '3', logins: '4' };
  const everything = Object.keys(SECTION_NUMBERS).every((name) => options.sections.has(name));
  const fresh = writeReport(results);
  const previous = existsSync(report) ? readFileSync(report, 'utf8') : undefined;
  const sectionsMerged =
    everything || previous === undefined ? fresh : mergeReport(previous, fresh, new Set([...options.sections].map((name) => SECTION_NUMBERS[name] ?? '')));
  const startupOnly = options.sections.has('startup') && !options.sections.has('data');
  const storesOnly = options.sections.has('stores') && !options.sections.has('server');
  const merged = storesOnly
    ? upsertSubsection(sectionsMerged, fresh, RATE_LIMIT_STORES_TITLE, 'Memory')
    : startupOnly
      ? replaceSubsection(sectionsMerged, fresh, 'Start-up')
      : sectionsMerged;
  // Section 5 (request log) is written by bench/request-log.ts and kept as it was when not measured.
  const usage = results.usage === undefined ? (previous === undefined ? undefined : markedSectionOf(previous, 'usage')) : usageReport(results.usage);
  const history = previous === undefined ? undefined : historyOf(previous);
  // Section 6 (MCP server) likewise: bench/mcp.ts.
  const mcp = results.mcp === undefined ? (previous === undefined ? undefined : markedSectionOf(previous, 'mcp')) : mcpReport(results.mcp);
  // Section 7 (activity log) likewise: bench/activity.ts.
  const activity =
    results.activity === undefined ? (previous === undefined ? undefined : markedSectionOf(previous, 'activity')) : activityReport(results.activity);
  // Section 8 (live tokens and the gateway) likewise: bench/gateway.ts.
  const gateway = results.gateway === undefined ? (previous === undefined ? undefined : markedSectionOf(previous, 'gateway')) : gatewayReport(results.gateway);
  // Section 9 (webhook delivery) likewise: bench/webhooks.ts.
  const webhooks =
    results.webhooks === undefined ? (previous === undefined ? undefined : markedSectionOf(previous, 'webhooks')) : webhookReport(results.webhooks);
  const marked = withMarkedSection(
    withMarkedSection(withMarkedSection(withMarkedSection(withMarkedSection(merged, 'usage', usage), 'mcp', mcp), 'activity', activity), 'gateway', gateway),
    'webhooks',
    webhooks,
  );
  writeFileSync(report, withHistory(marked, history));
  log(`bench: done in ${(results.durationMs / 60_000).toFixed(1)} min -> ${report}`);
  if (results.errors.length > 0) {
    log(`bench: ${results.errors.length} section(s) failed:\n${results.errors.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
