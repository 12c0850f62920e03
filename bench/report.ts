/** Turns one bench run's results into bench/REPORT.md: machine, versions, tables, goals, how to rerun. */
import type { LoadResult } from './measure-server.ts';
import type { PageResult } from './pages.ts';
import { HOT_LIST_GOAL, hotListShares, hotListVerdict } from './lib/hot-list-goal.ts';
import type { BenchResults, HotListPair } from './lib/results.ts';
import { summarize, type Summary } from './lib/stats.ts';
import { THROTTLED } from './measure-page.ts';
import { loginFloodSection } from './report-login-flood.ts';
import { POOL_SIZE } from '../src/server/db/postgres-database.ts';

const KB = 1024;
const MB = 1024 * 1024;
/** React 19, MUI and the route, compressed: what a first visit to the documentation route may load. */
const JS_BUDGET_BYTES = 180 * KB;
/** How much longer than the same page as HTML alone ours' longest task before the content is visible may be. */
const LONGEST_TASK_MARGIN_MS = 10;

function fmt(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function cell(summary: Summary | null, scale = 1, digits = 0): string {
  if (summary === null) return 'n/a';
  return `${fmt(summary.median / scale, digits)} (${fmt(summary.min / scale, digits)}–${fmt(summary.max / scale, digits)})`;
}

/** A share as a whole percentage, or n/a when it was not measured. */
function percent(value: number | undefined): string {
  return value === undefined ? 'n/a' : `${(100 * value).toFixed(0)}%`;
}

function ratio(a: number | undefined, b: number | undefined, digits = 2): string {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return 'n/a';
  return `${(a / b).toFixed(digits)}x`;
}

function verdict(pass: boolean | null): string {
  return pass === null ? 'not measured' : pass ? '**met**' : '**missed**';
}

function pageTable(results: PageResult[]): string[] {
  const lines = [
    '| Renderer | Visible, ms | In the DOM, ms | First contentful paint, ms | Hydrated, ms | JS compressed, KB | JS uncompressed, KB | JS files | JS heap after GC, MB | Long tasks total, ms | Longest task, ms | Longest task before visible, ms | Longest frame before visible, ms | CLS | DOM nodes | Runs |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    const s = result.summary;
    const failed = result.failures.length > 0 ? ` (${result.failures.length} failed)` : '';
    lines.push(
      `| ${result.target.label} | ${cell(s.readyMs)} | ${cell(s.domReadyMs)} | ${cell(s.fcpMs)} | ${cell(s.hydratedMs)} | ${cell(s.jsCompressedBytes, KB)} | ${cell(s.jsUncompressedBytes, KB)} | ${s.jsFiles === null ? 'n/a' : fmt(s.jsFiles.median)} | ${cell(s.heapUsedBytes, MB, 1)} | ${cell(s.longTaskMs)} | ${cell(s.longestTaskMs)} | ${cell(s.longestTaskBeforeReadyMs)} | ${cell(s.longestFrameBeforeReadyMs)} | ${cell(s.cls, 1, 3)} | ${cell(s.domNodes)} | ${result.runs.length}${failed} |`,
    );
  }
  return lines;
}

/** Swagger UI, Redoc and Scalar: not ours, nor ours' HTML alone. */
function isPeer(target: PageResult['target']): boolean {
  return target.renderer !== 'ours' && target.renderer !== 'html-only';
}

interface SpeedGoal {
  condition: string;
  ours: number | undefined;
  /** When the app had made ours' page live (`<html data-hydrated>`): the goal is the fastest peer's visible time. */
  oursHydrated: number | undefined;
  fastestPeer: PageResult | undefined;
}

function speedGoal(condition: string, results: PageResult[], oursId: string, deepLink = false): SpeedGoal {
  const oursResult = results.find((result) => result.target.id === oursId);
  const ours = oursResult?.summary.readyMs?.median;
  const oursHydrated = oursResult?.summary.hydratedMs?.median;
  const peers = results.filter((result) => isPeer(result.target) && result.target.id.endsWith('-deep') === deepLink && result.summary.readyMs !== null);
  const fastestPeer = peers.sort((a, b) => (a.summary.readyMs?.median ?? Infinity) - (b.summary.readyMs?.median ?? Infinity))[0];
  return { condition, ours, oursHydrated, fastestPeer };
}

/** Each script the documentation route loads, compressed (median over runs), so growth shows where it happens. */
function jsChunkTable(rows: PageResult[]): string[] {
  const chunks = [...new Set(rows.flatMap((row) => row.runs.flatMap((run) => Object.keys(run.jsChunks ?? {}))))];
  const medianOf = (row: PageResult, chunk: string) => summarize(row.runs.map((run) => run.jsChunks?.[chunk] ?? 0))?.median;
  chunks.sort((a, b) => (medianOf(rows[0] as PageResult, b) ?? 0) - (medianOf(rows[0] as PageResult, a) ?? 0));
  return [
    `| Script (compressed, KB, median) | ${rows.map((row) => row.target.label).join(' | ')} |`,
    `|---|${rows.map(() => '---|').join('')}`,
    ...chunks.map((chunk) => `| \`${chunk}\` | ${rows.map((row) => fmt((medianOf(row, chunk) ?? 0) / KB, 1)).join(' | ')} |`),
  ];
}

function pagesSection(results: BenchResults): string[] {
  const pages = results.pages;
  if (pages === undefined) return ['## 1. Reference pages', '', 'Not measured in this run (see Errors).', ''];
  const goals = [
    speedGoal(`Real spec (${pages.realOperations} operations), as is`, pages.real, 'ours-tag-real'),
    speedGoal('Real spec, throttled', pages.realThrottled, 'ours-tag-real'),
    speedGoal('Deep link to the last operation of the page, as is', pages.real, 'ours-deep', true),
    speedGoal('Deep link, throttled', pages.realThrottled, 'ours-deep', true),
    speedGoal(`${pages.largeOperations}-operation spec, as is`, pages.large, 'ours-tag-large'),
  ];
  const jsRows = [...pages.real, ...pages.realThrottled].filter((result) => result.target.renderer === 'ours' && !result.throttled);
  const lines = [
    '## 1. Reference pages: ours against Swagger UI, Redoc and Scalar',
    '',
    `This run: ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC, 1-minute load average ${results.machine.loadAtStart.toFixed(1)} at the start and ${results.machine.loadAtEnd.toFixed(1)} at the end on ${results.machine.cores} cores (other work shared the machine: absolute figures are pessimistic, ratios are measured side by side, runs interleaved). Peers: swagger-ui-dist ${results.machine.packages['swagger-ui-dist'] ?? 'n/a'}, redoc ${results.machine.packages.redoc ?? 'n/a'}, @scalar/api-reference ${results.machine.packages['@scalar/api-reference'] ?? 'n/a'}. Redoc 3.0.1 does not install here: it depends on \`@redocly/redoc-opentelemetry@^0.5.1\`, which the registry does not have (npm ETARGET), so Redoc 2's latest release ran. Scalar 1.72 declares Node >= 22, which concerns its Node entry points only; the benchmark serves its browser bundle.`,
    '',
    `Same bundled public spec for all. Ours: the built app served by our server (\`/documentation?category=seller&subcategory=order\`, and the default \`/documentation\`): the server answers with the page rendered to HTML at build time (docs/decisions/015), which the app then hydrates. Peers: minimal pages in \`bench/peers/\`, library files from bench/node_modules (bench/package.json), served by \`bench/serve-peers.ts\` with the same compression as our server's static files (brotli quality 11, computed once and kept). "Ours as HTML and CSS alone" is the Seller order page as our server sends it, with every script removed, served the same way (\`bench/html-only.ts\`): the floor a page with this content has, a static page, measured beside ours: the longest-task goal is judged against it. Ours needs a session (the portal's screens are behind login): each run signs in through the API in its fresh context before navigating (not timed; no asset fetched, so the cache stays cold); one unrecorded load warms our server first (its JIT; its static files come compressed from the build). Headless Chromium, a fresh context per run (cold cache), no network beyond loopback, viewport 1280x800. Each run starts on a blank page of another site (\`bench/peers/start.html\` at localhost; every page measured is on 127.0.0.1), as a reader arriving from a link or the address bar, and the timed navigation goes from there: from Playwright's own about:blank, a page could take over that tab's renderer process unless its answer sends Cross-Origin-Opener-Policy, which ours does and no peer does, so ours alone paid for a new process (docs/decisions/015). Cells: median (min–max) of ${results.settings.pageRuns} runs (${results.settings.largeRuns} on the ${pages.largeOperations}-operation spec).`,
    '',
    '### Goals',
    '',
    '| Condition | Ours (one tag) visible, ms | Fastest peer visible, ms | Ours / fastest peer | Goal < 0.33 | Gap | Ours hydrated, ms | Goal: hydrated < fastest peer visible |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const goal of goals) {
    const peer = goal.fastestPeer?.summary.readyMs?.median;
    const share = goal.ours !== undefined && peer !== undefined ? goal.ours / peer : undefined;
    const hydratedInTime = goal.oursHydrated === undefined || peer === undefined || !Number.isFinite(goal.oursHydrated) ? null : goal.oursHydrated < peer;
    lines.push(
      `| ${goal.condition} | ${fmt(goal.ours)} | ${fmt(peer)} (${goal.fastestPeer?.target.label ?? 'n/a'}) | ${share === undefined ? 'n/a' : share.toFixed(2)} | ${verdict(share === undefined ? null : share < 1 / 3)} | ${goal.ours === undefined || peer === undefined ? 'n/a' : goal.ours < peer / 3 ? '–' : `${fmt(goal.ours - peer / 3)} ms over (target < ${fmt(peer / 3)} ms)`} | ${fmt(goal.oursHydrated)} | ${verdict(hydratedInTime)} |`,
    );
  }
  // The longest task before the content is visible is judged against the same page as HTML alone,
  // measured beside it in the same run and the same conditions: what the browser's own parsing and
  // layout of this content cost, with no script (docs/decisions/015). Frames (which count a task's
  // style, layout and paint) are shown beside it.
  const htmlAlone = (row: PageResult): PageResult | undefined =>
    [...pages.real, ...pages.realThrottled].find(
      (candidate) =>
        candidate.target.renderer === 'html-only' &&
        candidate.throttled === row.throttled &&
        candidate.target.id.endsWith('-deep') === row.target.id.endsWith('-deep'),
    );
  lines.push(
    '',
    `| Ours | Longest task before visible, ms (median, max of runs) | Same page as HTML alone, ms (median, max) | Goal: median <= HTML alone + ${LONGEST_TASK_MARGIN_MS} ms | Longest frame before visible, ms (median, max) | HTML alone's frame, ms (median, max) | CLS (max of runs) | Goal < 0.01 |`,
    '|---|---|---|---|---|---|---|---|',
  );
  const medianAndMax = (summary: Summary | null | undefined) =>
    summary === null || summary === undefined ? 'n/a' : `${fmt(summary.median)}, ${fmt(summary.max)}`;
  for (const row of [...pages.real, ...pages.realThrottled, ...pages.large].filter((result) => result.target.renderer === 'ours')) {
    const reference = row.target.spec === 'real' ? htmlAlone(row) : undefined;
    const ours = row.summary.longestTaskBeforeReadyMs?.median;
    const floor = reference?.summary.longestTaskBeforeReadyMs?.median;
    const cls = row.summary.cls?.max;
    lines.push(
      `| ${row.target.label}${row.throttled ? ', throttled' : ''}${row.target.spec === 'large' ? `, ${pages.largeOperations}-operation spec` : ''} | ${medianAndMax(row.summary.longestTaskBeforeReadyMs)} | ${medianAndMax(reference?.summary.longestTaskBeforeReadyMs)} | ${verdict(ours === undefined || floor === undefined ? null : ours <= floor + LONGEST_TASK_MARGIN_MS)} | ${medianAndMax(row.summary.longestFrameBeforeReadyMs)} | ${medianAndMax(reference?.summary.longestFrameBeforeReadyMs)} | ${fmt(cls, 4)} | ${verdict(cls === undefined ? null : cls < 0.01)} |`,
    );
  }
  lines.push('', `| Documentation route | JS compressed, KB (median) | JS files | Goal <= ${JS_BUDGET_BYTES / KB} KB | Gap |`, '|---|---|---|---|---|');
  for (const row of jsRows) {
    const bytes = row.summary.jsCompressedBytes?.median;
    const gap = bytes === undefined ? 'n/a' : bytes <= JS_BUDGET_BYTES ? '–' : `${fmt((bytes - JS_BUDGET_BYTES) / KB, 1)} KB over`;
    lines.push(
      `| ${row.target.label} | ${fmt(bytes === undefined ? undefined : bytes / KB, 1)} | ${fmt(row.summary.jsFiles?.median)} | ${verdict(bytes === undefined ? null : bytes <= JS_BUDGET_BYTES)} | ${gap} |`,
    );
  }
  lines.push('', ...jsChunkTable(jsRows));
  lines.push(
    '',
    `### Real spec (${pages.realOperations} operations), as is`,
    '',
    ...pageTable(pages.real),
    '',
    `### Real spec, CPU x${THROTTLED.cpuRate}, ${(THROTTLED.downloadBytesPerSecond * 8) / 1e6} Mbps down / ${(THROTTLED.uploadBytesPerSecond * 8) / 1e3} kbps up, ${THROTTLED.latencyMs} ms latency`,
    '',
    ...pageTable(pages.realThrottled),
    '',
    `### ${pages.largeOperations}-operation spec (ours: one tag's page; peers: the whole document), as is`,
    '',
    ...pageTable(pages.large),
    '',
    '### Ready conditions',
    '',
    '"In the DOM" is the time from navigation start to the first moment every operation of the page is in the DOM (for a deep link: the target operation is on screen), recorded in the page by a MutationObserver installed before any page script (for a deep link, an IntersectionObserver on the target once it is parsed: the time of the frame that first has it on screen; asking for its box on every batch of parsed nodes, as the harness did before, forced layouts of the half-parsed page that no real visit has). The probe tells the harness through the console when it holds; the harness does not poll the page while it loads (Playwright\'s waitForFunction, used before, evaluated Playwright\'s own 330 KB script in the page mid-load: a 100 ms main-thread task before the first paint, then a poll every 100 ms). "Visible" is the later of that and the first contentful paint: HTML parsed before the first paint is seen at the first paint. "Hydrated" (ours only) is when the app had made the server\'s HTML live (`<html data-hydrated>`): our rendered pages start the app only after their first contentful paint, so each run of ours waits for it, and counts all the JavaScript the route loads. The goals compare "Visible":',
    '',
  );
  const seen = new Set<string>();
  for (const result of [...pages.real, ...pages.large]) {
    const key = `${result.target.label} (${result.target.spec})`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(
      `- ${key}: ${result.target.readyNote}${result.target.maxRuns === undefined ? '' : ` (${result.target.maxRuns} run${result.target.maxRuns === 1 ? '' : 's'}: each ties up the page for one to two minutes after it is ready)`}.`,
    );
  }
  const external = new Set(
    [...pages.real, ...pages.large].flatMap((result) => result.runs.flatMap((run) => run.externalRequests.map((url) => `${result.target.label}: ${url}`))),
  );
  lines.push(
    '',
    'Metrics: JS bytes are the bodies of every response of resource type "script" (compressed: bytes on the wire; uncompressed: decoded); JS heap is `JSHeapUsedSize` from CDP `Performance.getMetrics` after `HeapProfiler.collectGarbage`, once the page settled; long tasks are the `longtask` PerformanceObserver entries from navigation until ready + ' +
      `${fmt(Number(results.settings.settleMs))} ms; long frames are the \`long-animation-frame\` entries (Chromium): a frame's tasks plus the style, layout and paint they led to, which Chromium's long tasks leave out (a page can show no long task and still render in one 150 ms frame). Throttling applies to the page (CDP \`Emulation.setCPUThrottlingRate\`, \`Network.emulateNetworkConditions\`), not to web workers.`,
    '',
    "Scalar runs with `defaultOpenAllTags: true`: by default it renders only the first tag's operations, and \"every operation in the DOM\" would never hold. Swagger UI 5 virtualises its operation list from 150 items (tags + operations): on the large spec its first screen holds the spec's guide sections and the first tag's heading, and it renders no operation until the reader scrolls (none after 40 s in Chromium), so it has no figure there and that spec's ratio is taken against Redoc and Scalar.",
  );
  if (external.size > 0) lines.push('', `Requests to other hosts (blocked, no network): ${[...external].slice(0, 5).join('; ')}.`);
  lines.push('');
  return lines;
}

function loadRow(result: LoadResult): string {
  return `| ${result.target} | ${result.endpoint} \`${result.path}\` | ${fmt(result.rps)} | ${fmt(result.latencyP50)} | ${fmt(result.latencyP99)} | ${fmt(result.requests)} | ${fmt(result.expectedStatusShare * 100, 1)}% | ${fmt(result.serverCpuPercent)}% | ${fmt(result.postgresCpuPercent)}% | ${result.rssMaxBytes === null ? 'n/a' : fmt(result.rssMaxBytes / MB)} |`;
}

/** Today's figures before the response cache (REPORT.md of 2026-11-22, same page over and over, no cache): the cold goal's floor. */
const LIST_BEFORE_CACHE_RPS: Record<string, number> = { 'ours-pglite': 907, 'ours-postgres': 5_919 };
const IDLE_RSS_GOAL_MB = 300;
const LOAD_RSS_GOAL_MB = 400;

/** CPU of the measured server per answered request, in microseconds (its share of one core over its rate). */
function cpuMicrosPerRequest(result: LoadResult): number {
  return result.serverCpuPercent === null ? Number.NaN : ((result.serverCpuPercent / 100) * 1e6) / result.rps;
}

function hotListPairLines(pairs: readonly HotListPair[]): string[] {
  const shares = hotListShares(pairs);
  const floorCell = (pair: HotListPair, cell: (floor: LoadResult) => string): string =>
    pair.ceilingWithLogInsert === undefined ? 'n/a' : cell(pair.ceilingWithLogInsert);
  return [
    '### Goal 6: the hot list and the same-size ceiling, alternated',
    '',
    `Ours on PostgreSQL (the list call above) and the ceiling answering as many bytes, one after the other ${pairs.length} times, both servers up throughout, so a change in the machine's state meets both alike. Goal 6's hot list above is the median of these pairs. Server CPU per request: the measured process's CPU time (all its threads, kernel time included) over the requests it answered.`,
    '',
    `**The floor: the ceiling with the request log's database work beside it.** Ours runs as a user runs it, with the request log on (goal 1), so each answered call is also a row PostgreSQL inserts, with both rollups and every index, on the same two cores; the bare ceiling writes nothing. Each pair's third run is the ceiling again while a separate process (bench/lib/log-inserter.ts) appends as many hot-list-shaped calls a second as ours answered in that pair, through the store's own batch statement, one batch per write interval, into our server's own database, the way goal 1's floor is measured. No server that keeps the log can beat that run, so goal 6 is also judged against it: **met at the floor** when ours is at least 40% of it.`,
    '',
    "| Pair | Ours, requests/s | Ceiling, requests/s | Ours / ceiling | Ceiling with the log's insert beside, requests/s | Ours / that | Ours, server CPU per request, us | Ceiling, server CPU per request, us | PostgreSQL CPU: ours | PostgreSQL CPU: ceiling with the insert beside |",
    '|---|---|---|---|---|---|---|---|---|---|',
    ...pairs.map(
      (pair, index) =>
        `| ${index + 1} | ${fmt(pair.ours.rps)} | ${fmt(pair.ceiling.rps)} | ${percent(pair.ours.rps / pair.ceiling.rps)} | ${floorCell(pair, (floor) => fmt(floor.rps))} | ${floorCell(pair, (floor) => percent(pair.ours.rps / floor.rps))} | ${fmt(cpuMicrosPerRequest(pair.ours), 1)} | ${fmt(cpuMicrosPerRequest(pair.ceiling), 1)} | ${fmt(pair.ours.postgresCpuPercent)}% | ${floorCell(pair, (floor) => `${fmt(floor.postgresCpuPercent)}%`)} |`,
    ),
    `| median | | | ${percent(shares.toCeiling)} | | ${percent(shares.toFloor)} | | | | |`,
  ];
}

function serverSection(results: BenchResults): string[] {
  const server = results.server;
  if (server === undefined) return ['## 2. Server under load', '', 'Not measured in this run (see Errors).', ''];
  const find = (target: string, endpoint: string): LoadResult | undefined => server.loads.find((load) => load.target === target && load.endpoint === endpoint);
  const ceiling = find('ceiling', 'fixed');
  const sameSizeCeiling = find('ceiling', 'fixed-list-size');
  const barePg = find('bare-pg', 'list-cold');
  const pairs = server.hotListPairs ?? [];
  const hotShares = hotListShares(pairs);
  const seeded = Object.entries(server.seedSeconds ?? {})
    .map(([target, seconds]) => `${target} ${fmt(seconds)} s`)
    .join(', ');
  const lines = [
    '## 2. Server under load: ours against Prism and the bare-Node ceiling',
    '',
    `autocannon ${results.machine.packages.autocannon} (its own process) on loopback, ${results.settings.connections} connections, ${results.settings.warmupSeconds} s warm-up then ${results.settings.loadSeconds} s measured. Our server runs as \`npm start\` runs it (the compiled server on plain node) with \`RATE_LIMIT_PER_MINUTE=${fmt(Number(results.settings.rateLimitPerMinute))}\` (the configuration maximum) so the per-token limiter never capped throughput, its default log level (info: one log line per request) and its default response cache (\`RESPONSE_CACHE_MB=32\`). Its database holds the demo data plus ${fmt(server.coldOrders ?? 0)} normal orders of the demo seller, written by \`npm run seed\` before the server starts (${seeded || 'n/a'}). Calls: **list** and **detail** are the same call over and over (hot, as a poller does: after the first, answered from the cache); **-304** sends the current ETag in If-None-Match (answered 304, no body); **list-cold** asks a random page of the whole list per request (bench/lib/autocannon-random.ts), so nearly every call misses the cache and reads the database. Prism: \`prism mock\` on the same bundled spec (static examples). Ceiling: \`bench/ceiling-server.ts\`, node:http answering a fixed JSON body, measured twice: with its historical 2 KB body, and with as many bytes as our list answer (the issue's "a bare Node server answering the same size of JSON"; goal 6 is taken against this one, since a body five times larger costs the kernel and the load generator more per response whoever serves it). **bare-pg**: list-cold's reference, the server's own list query (\`listNormalOrders\`: the same SQL text and parameters, as a named prepared statement like the server's) for random pages drawn the same way, run by a bare \`pg\` pool in its own process (bench/lib/bare-pg-random.ts) against the same database right after ours, with as many queries in flight as autocannon's connections capped at the server's pool size (${fmt(Math.min(Number(results.settings.connections), POOL_SIZE))}); its CPU column is the client's. CPU columns: share of one core used during the measured run by the server process and by all PostgreSQL processes. Every server's output (ours logs a line per request, so does Prism) goes straight to a file, as with \`npm start > server.log\`: the bench's own process relays none of it.`,
    '',
    `Cores: the machine has 2; nothing is pinned. autocannon, the measured server (Prism or ours, one at a time) and, for ours-postgres, PostgreSQL share both cores with each other and with whatever else runs on the machine, so the load generator takes up to one core away from the server. This section was measured ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC with a 1-minute load average of ${fmt(results.machine.loadAtStart, 1)} at the start and ${fmt(results.machine.loadAtEnd, 1)} at the end: other work shared the machine, so absolute figures are low and Prism, measured minutes after ours, may have met more or less of it; the ratios are taken side by side in one run, not under identical conditions.`,
    '',
    '| Target | Call | Requests/s | p50, ms | p99, ms | Requests | Expected status | Server CPU (100% = one core) | PostgreSQL CPU | Server RSS max under load, MB |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...server.loads.map(loadRow),
    '',
    '### Ratios and goals',
    '',
    '| Ours on | Call | Ours / Prism (same call) | Goal | Ours / 2 KB ceiling | Ours / same-size ceiling | Ours / bare pg client | Goal 6 (PostgreSQL) | Verdict |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const target of server.targets.filter((name) => name.startsWith('ours'))) {
    const database = target.replace('ours-', '');
    for (const endpoint of ['list', 'detail', 'list-304', 'detail-304', 'list-cold', 'unauthorized'] as const) {
      const ours = find(target, endpoint);
      const peerCall = endpoint.replace('-304', '').replace('-cold', '');
      const prism = find('prism', peerCall);
      const toPrism = ours !== undefined && prism !== undefined ? ours.rps / prism.rps : undefined;
      const share = (of: LoadResult | undefined): number | undefined => (ours !== undefined && of !== undefined ? ours.rps / of.rps : undefined);
      const toCeiling = share(ceiling);
      // Goal 6's hot list: the median of the alternated pairs when the run has them.
      const toSameSize = endpoint === 'list' ? (database === 'postgres' ? (hotShares.toCeiling ?? share(sameSizeCeiling)) : share(sameSizeCeiling)) : undefined;
      const toBare = endpoint === 'list-cold' && database === 'postgres' ? share(barePg) : undefined;
      const hot = endpoint === 'list' || endpoint === 'detail';
      // Goal 6: the PostgreSQL hot list against the same-size ceiling, list-cold against the bare pg client.
      const goal6 =
        database !== 'postgres'
          ? undefined
          : endpoint === 'list'
            ? { floor: HOT_LIST_GOAL, value: toSameSize }
            : endpoint === 'list-cold'
              ? { floor: 0.5, value: toBare }
              : undefined;
      let goal = '–';
      let pass: boolean | null = null;
      if (hot) {
        goal = '>= 3x Prism';
        pass = toPrism === undefined ? null : toPrism >= 3;
      } else if (endpoint.endsWith('-304')) {
        goal = '>= 10x Prism';
        pass = toPrism === undefined ? null : toPrism >= 10;
      } else if (endpoint === 'list-cold') {
        const before = LIST_BEFORE_CACHE_RPS[target];
        goal = `>= ${fmt(before)}/s (list before the cache)`;
        pass = ours === undefined || before === undefined ? null : ours.rps >= before;
      }
      const ownGoalPass = pass;
      if (goal6 !== undefined) pass = pass !== false && goal6.value !== undefined && goal6.value >= goal6.floor;
      // The PostgreSQL hot list short of the bare ceiling may still be at the floor (bench/lib/hot-list-goal.ts).
      const atFloor =
        pass === false && ownGoalPass !== false && endpoint === 'list' && database === 'postgres' && hotListVerdict(hotShares) === 'met at the floor';
      const verdictCell =
        goal === '–' ? '–' : atFloor ? `**met at the floor** (${percent(hotShares.toFloor)} of the ceiling with the log's insert beside)` : verdict(pass);
      lines.push(
        `| ${database} | ${endpoint} | ${ratio(ours?.rps, prism?.rps)} | ${goal} | ${percent(toCeiling)} | ${endpoint === 'list' ? percent(toSameSize) : '–'} | ${toBare === undefined ? '–' : percent(toBare)} | ${goal6 === undefined ? '–' : `>= ${goal6.floor * 100}%`} | ${verdictCell} |`,
      );
    }
  }
  if (pairs.length > 0) lines.push('', ...hotListPairLines(pairs));
  lines.push(
    '',
    '### Memory',
    '',
    `| Server | RSS idle, MB | Goal <= ${IDLE_RSS_GOAL_MB} (PGlite) | RSS max under load, MB | Goal <= ${LOAD_RSS_GOAL_MB} (PGlite) |`,
    '|---|---|---|---|---|',
  );
  for (const [target, idle] of Object.entries(server.idleRss)) {
    const peak = Math.max(...server.loads.filter((load) => load.target === target).map((load) => load.rssMaxBytes ?? 0));
    const embedded = target === 'ours-pglite';
    lines.push(
      `| ${target} | ${fmt(idle / MB)} | ${embedded ? verdict(idle / MB <= IDLE_RSS_GOAL_MB) : '–'} | ${fmt(peak / MB)} | ${embedded ? verdict(peak / MB <= LOAD_RSS_GOAL_MB) : '–'} |`,
    );
  }
  lines.push(
    '',
    "RSS idle: 2 s after the server answered its first calls (a login, a token, one list), after the seed; under load: sampled during each measured run. The server's scrypt worker threads (logins) are part of the process: a login just before a run can raise the peak.",
    '',
  );
  return lines;
}

function growthSection(results: BenchResults): string[] {
  const lines = ['## 3. Cost as data grows', ''];
  const startup = results.startup;
  if (startup !== undefined) {
    const firstRatio = (startup.firstStart?.median ?? Number.NaN) / (startup.viteBuild?.median ?? Number.NaN);
    const restartRatio = (startup.restart?.median ?? Number.NaN) / (startup.barePglite?.median ?? Number.NaN);
    const serverRatio = (startup.serverRestart?.median ?? Number.NaN) / (startup.barePglite?.median ?? Number.NaN);
    const npmRatio = (startup.restart?.median ?? Number.NaN) / (startup.barePgliteViaNpm?.median ?? Number.NaN);
    const judged = (value: number, goal: number) => (Number.isFinite(value) ? verdict(value <= goal) : verdict(null));
    lines.push(
      '### Start-up',
      '',
      `Side by side in one run (bench/startup.ts), each from spawning its process; load average ${startup.load.toFixed(2)} when the runs began. **vite build**: the same app alone (\`node node_modules/vite/bin/vite.js build\` in the clone, after its first start generated \`src/generated\`). **First start**: \`npm start\` in a fresh \`git clone\` of HEAD (node_modules linked, so \`npm ci\` is not timed; no \`./data\`) to \`/login\` 200: \`scripts/start.mjs\` generates from the spec (without the lint and the types) and runs the server from its sources in the same process; the server builds the app (\`vite build\`), listens, and only then creates and migrates the database and seeds the demo data (requests that need it wait: \`src/server/plugins/database-gate.ts\`; "to /healthz 200" is when sign-in works); the compiled server, the downloads, prerendered pages and compressed copies are built after (a download answers 503 with Retry-After until then). **Restart**: \`npm start\` again on the data folder the first start left, to \`/login\` 200 (npm, the staleness check and the compiled server in one node process, listening while PGlite opens), then the server alone without npm. **Bare PGlite open**: \`node bench/lib/bare-pglite.mjs\`, PGlite on that same folder (the server's shared_buffers) answering \`SELECT 1\`.`,
      '',
      '| Measure | ms |',
      '|---|---|',
      `| vite build alone | ${cell(startup.viteBuild)} |`,
      `| First start: \`npm start\` on a fresh clone to /login 200 | ${cell(startup.firstStart)} |`,
      `| First start: to /healthz 200 (the database created and seeded) | ${cell(startup.firstStartDatabase)} |`,
      `| First start: to the downloads answering 200 (built after listen) | ${cell(startup.downloadsReady)} |`,
      `| Restart: \`npm start\` to /login 200 | ${cell(startup.restart)} |`,
      `| Restart: \`npm start\` to /healthz 200 (the database open) | ${cell(startup.restartDatabase)} |`,
      `| Restart: the server alone (\`node dist/node/server/main.js\`) to /login 200 | ${cell(startup.serverRestart)} |`,
      `| Bare PGlite open of the same folder | ${cell(startup.barePglite)} |`,
      `| The same bare open started by \`npm start\` (a package whose start script it is) | ${cell(startup.barePgliteViaNpm)} |`,
      '',
      `Goal 3, first start at most 2x vite build: ${ratio(startup.firstStart?.median, startup.viteBuild?.median)}, ${judged(firstRatio, 2)}${startup.firstStartRatios === undefined ? '' : ` (run by run: ${startup.firstStartRatios.map((value) => `${value.toFixed(2)}x`).join(', ')})`}. Goal 4, restart at most 1.5x a bare PGlite open: \`npm start\` ${ratio(startup.restart?.median, startup.barePglite?.median)}, ${judged(restartRatio, 1.5)} (the server alone, without npm: ${ratio(startup.serverRestart?.median, startup.barePglite?.median)}, ${judged(serverRatio, 1.5)}; \`npm start\` against the bare open also started by \`npm start\`, npm's own share on both sides: ${ratio(startup.restart?.median, startup.barePgliteViaNpm?.median)}, ${judged(npmRatio, 1.5)}).`,
      '',
    );
  }
  const growth = results.growth;
  if (growth === undefined) return [...lines, '### Data growth', '', 'Not measured in this run (see Errors).', ''];
  const first = growth.points[0];
  lines.push(
    `### List and detail latency by volume (${growth.database})`,
    '',
    `Normal orders of the demo seller, seeded with \`npm run seed -- --orders N\` (then VACUUM ANALYZE, as autovacuum would); sequential calls over HTTP with a token, median (min–max) of up to ${results.settings.growthCalls} calls each, the four queries taken in turn after 20 untimed rounds (60 s budget per volume), size=10.`,
    '',
    '| Orders | Seed, s | Page 0, ms | Middle page, ms | Last page, ms | Detail, ms | Last / page 0 | Detail / detail at first volume |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const point of growth.points) {
    lines.push(
      `| ${fmt(point.rows)} | ${fmt(point.seedMs / 1000, 1)} | ${cell(point.timings.page0, 1, 2)} | ${cell(point.timings.middle, 1, 2)} (page ${fmt(point.middlePage)}) | ${cell(point.timings.last, 1, 2)} (page ${fmt(point.lastPage)}) | ${cell(point.timings.detail, 1, 2)} | ${ratio(point.timings.last?.median, point.timings.page0?.median)} | ${ratio(point.timings.detail?.median, first?.timings.detail?.median)} |`,
    );
  }
  const top = growth.points.at(-1);
  const lastRatio =
    top !== undefined && top.timings.last !== null && top.timings.page0 !== null ? top.timings.last.median / top.timings.page0.median : undefined;
  const detailRatio = top?.timings.detail && first?.timings.detail ? top.timings.detail.median / first.timings.detail.median : undefined;
  lines.push(
    '',
    `Goal: last page <= 2x page 0 at the largest volume (${fmt(top?.rows)} rows): ${lastRatio === undefined ? 'not measured' : `${lastRatio.toFixed(2)}x, ${verdict(lastRatio <= 2)}`}. Detail flat (within 2x of the first volume): ${detailRatio === undefined ? 'not measured' : `${detailRatio.toFixed(2)}x, ${verdict(detailRatio <= 2)}`}.`,
    '',
    `### EXPLAIN at ${fmt(top?.rows)} orders`,
    '',
  );
  for (const explain of growth.explain) {
    lines.push(`${explain.title}:`, '', '```sql', explain.sql, '```', '', '```', explain.plan, '```', '');
  }
  for (const note of growth.notes) lines.push(`- ${note}`);
  return lines;
}

export function writeReport(results: BenchResults): string {
  const m = results.machine;
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC; the run took ${(results.durationMs / 60_000).toFixed(1)} minutes. Raw figures: \`bench/results/latest.json\` (not committed).`,
    '',
    '## Machine and versions',
    '',
    `- ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB RAM, ${m.os}; 1-minute load average ${m.loadAtStart.toFixed(1)} at the start, ${m.loadAtEnd.toFixed(1)} at the end${Math.max(m.loadAtStart, m.loadAtEnd) > m.cores ? ' (above the core count: other work shared the machine, absolute figures are pessimistic; ratios within a section are taken minutes apart under the same conditions)' : ''}`,
    `- Node ${m.node}, Chromium ${m.chromium} (Debian, headless, through Playwright), PostgreSQL ${m.postgres}`,
    `- ${Object.entries(m.packages)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}`,
    '',
    ...pagesSection(results),
    ...serverSection(results),
    ...growthSection(results),
    ...loginFloodSection(results),
  ];
  if (results.errors.length > 0) lines.push('## Errors in this run', '', ...results.errors.map((error) => `- ${error}`), '');
  lines.push(
    '## How to rerun',
    '',
    '```sh',
    'npm ci',
    'npm run bench                      # everything, about 14 minutes on 2 cores; builds first if stale, installs bench/package.json first if missing',
    'npm run bench -- --only=pages      # or server, data, logins, startup, usage, mcp, activity; comma-separated: replaces only those sections of this report',
    'npm run bench -- --quick           # fewer runs and shorter loads, for iterating on the harness',
    '```',
    '',
    'Needs Chromium at /usr/bin/chromium and, for the PostgreSQL rows and the data-growth section, a PostgreSQL server on 127.0.0.1:5432 (user postgres, trust; scratch databases `bench_*` are created and dropped; `BENCH_POSTGRES_URL` overrides). Knobs: `BENCH_PAGE_RUNS`, `BENCH_LARGE_RUNS`, `BENCH_LOAD_SECONDS`, `BENCH_WARMUP_SECONDS`, `BENCH_CONNECTIONS`, `BENCH_LOGIN_CONNECTIONS`, `BENCH_GROWTH_CALLS`, `BENCH_VOLUMES` (e.g. `10000,100000`), `BENCH_STARTUP_RUNS`, `BENCH_STARTUP_COMMIT` (the start-up section on another commit, for a before/after); `BENCH_COMPARE_ROOT` names another checkout (with `node_modules` and `src/generated`) whose server the login-flood section measures beside this one, e.g. the commit before a change (`BENCH_COMPARE_LABEL` names it). Ports 8400-8499. The benchmark is not part of `npm test`.',
    '',
  );
  return lines.join('\n');
}
