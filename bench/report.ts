/** Turns one bench run's results into bench/REPORT.md: machine, versions, tables, goals, how to rerun. */
import { readFileSync } from 'node:fs';
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

/** The report's prose, by block name (bench/report-template.md; its opening describes the format). */
const PROSE = proseBlocks(readFileSync(new URL('./report-template.md', import.meta.url), 'utf8'));

/** Each `<!-- name -->` block of the template as the report writes it: a line per paragraph, fences as they are. */
export function proseBlocks(template: string): Map<string, string> {
  const parts = template.split(/^<!-- ([a-z0-9-]+) -->$/m);
  const blocks = new Map<string, string>();
  for (let at = 1; at < parts.length; at += 2) {
    const out: string[] = [];
    let paragraph: string[] = [];
    let fenced = false;
    const endParagraph = () => {
      if (paragraph.length > 0) out.push(paragraph.join(' '));
      paragraph = [];
    };
    for (const line of (parts[at + 1] ?? '').trim().split('\n')) {
      if (line.startsWith('```')) {
        endParagraph();
        fenced = !fenced;
        out.push(line);
      } else if (fenced) out.push(line);
      else if (line.trim() === '') {
        endParagraph();
        out.push('');
      } else paragraph.push(line.trim());
    }
    endParagraph();
    blocks.set(parts[at] ?? '', out.join('\n'));
  }
  return blocks;
}

/** A block of the template with its `{{name}}`s filled; a missing block, a missing or an unused value throws. */
export function fillProse(blocks: ReadonlyMap<string, string>, name: string, values: Readonly<Record<string, string | number>> = {}): string {
  const block = blocks.get(name);
  if (block === undefined) throw new Error(`bench/report-template.md has no block "${name}"`);
  const unused = new Set(Object.keys(values));
  const filled = block.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`bench/report-template.md, block "${name}": no value for {{${key}}}`);
    unused.delete(key);
    return String(value);
  });
  if (unused.size > 0) throw new Error(`bench/report-template.md, block "${name}": no {{${[...unused].join('}}, {{')}}}`);
  return filled;
}

const prose = (name: string, values?: Readonly<Record<string, string | number>>): string => fillProse(PROSE, name, values);

/** `2026-11-22T03:28:11.123Z` as `2026-11-22 03:28`. */
const minuteOf = (iso: string): string => iso.slice(0, 16).replace('T', ' ');

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
  if (pages === undefined) return ['## 1. Reference pages', '', prose('not-measured'), ''];
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
    prose('pages-this-run', {
      startedAt: minuteOf(results.startedAt),
      loadAtStart: results.machine.loadAtStart.toFixed(1),
      loadAtEnd: results.machine.loadAtEnd.toFixed(1),
      cores: results.machine.cores,
      swaggerUi: results.machine.packages['swagger-ui-dist'] ?? 'n/a',
      redoc: results.machine.packages.redoc ?? 'n/a',
      scalar: results.machine.packages['@scalar/api-reference'] ?? 'n/a',
    }),
    '',
    prose('pages-method', {
      pageRuns: String(results.settings.pageRuns),
      largeRuns: String(results.settings.largeRuns),
      largeOperations: pages.largeOperations,
    }),
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
    prose('ready-conditions'),
    '',
  );
  const seen = new Set<string>();
  for (const result of [...pages.real, ...pages.large]) {
    const key = `${result.target.label} (${result.target.spec})`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(
      `- ${key}: ${result.target.readyNote}${result.target.maxRuns === undefined ? '' : ` ${prose('slow-runs', { runs: `${result.target.maxRuns} run${result.target.maxRuns === 1 ? '' : 's'}` })}`}.`,
    );
  }
  const external = new Set(
    [...pages.real, ...pages.large].flatMap((result) => result.runs.flatMap((run) => run.externalRequests.map((url) => `${result.target.label}: ${url}`))),
  );
  lines.push('', prose('metrics', { settleMs: fmt(Number(results.settings.settleMs)) }), '', prose('peer-notes'));
  if (external.size > 0) lines.push('', prose('external-requests', { requests: [...external].slice(0, 5).join('; ') }));
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
    prose('hot-list-pairs', { pairs: pairs.length }),
    '',
    prose('hot-list-floor'),
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

export const RATE_LIMIT_STORES_TITLE = 'The hot call on each rate limit store';

/** Median (min-max) of a summary, for the spread of a few rounds. */
function spread(summary: Summary | null, digits = 0): string {
  return summary === null ? 'n/a' : `${fmt(summary.median, digits)} (${fmt(summary.min, digits)}-${fmt(summary.max, digits)})`;
}

function rateLimitStoreLines(results: BenchResults): string[] {
  const stores = results.rateLimitStores;
  if (stores === undefined) return [];
  const names = [...new Set(stores.runs.map((run) => run.store))];
  const first = stores.runs[0]?.load;
  const lines = [
    `### ${RATE_LIMIT_STORES_TITLE}`,
    '',
    prose('rate-limit-stores', {
      rounds: String(stores.rounds),
      path: first?.path ?? 'n/a',
      redis: stores.redisUrl,
      startedAt: minuteOf(results.startedAt),
      loadAtStart: fmt(results.machine.loadAtStart, 1),
      loadAtEnd: fmt(results.machine.loadAtEnd, 1),
    }),
    '',
    '| Store | Requests/s, median (min-max) | Server CPU per call, us | Server CPU (100% = one core) | p99, ms | PostgreSQL CPU | Redis CPU | Expected status |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const name of names) {
    const runs = stores.runs.filter((run) => run.store === name);
    const of = (value: (run: (typeof runs)[number]) => number | null) => summarize(runs.map((run) => value(run) ?? Number.NaN));
    const redis = of((run) => run.redisCpuPercent);
    lines.push(
      `| ${name} | ${spread(of((run) => run.load.rps))} | ${spread(
        of((run) => cpuMicrosPerRequest(run.load)),
        1,
      )} | ${spread(of((run) => run.load.serverCpuPercent))}% | ${spread(of((run) => run.load.latencyP99))} | ${spread(of((run) => run.load.postgresCpuPercent))}% | ${redis === null ? '–' : `${spread(redis)}%`} | ${fmt(Math.min(...runs.map((run) => run.load.expectedStatusShare)) * 100, 1)}% |`,
    );
  }
  lines.push('');
  return lines;
}

function serverSection(results: BenchResults): string[] {
  const server = results.server;
  if (server === undefined) return ['## 2. Server under load', '', prose('not-measured'), '', ...rateLimitStoreLines(results)];
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
    prose('server-method', {
      autocannon: results.machine.packages.autocannon ?? 'n/a',
      connections: String(results.settings.connections),
      warmupSeconds: String(results.settings.warmupSeconds),
      loadSeconds: String(results.settings.loadSeconds),
      rateLimitPerMinute: fmt(Number(results.settings.rateLimitPerMinute)),
      coldOrders: fmt(server.coldOrders ?? 0),
      seeded: seeded || 'n/a',
      bareConnections: fmt(Math.min(Number(results.settings.connections), POOL_SIZE)),
    }),
    '',
    prose('server-cores', {
      startedAt: minuteOf(results.startedAt),
      loadAtStart: fmt(results.machine.loadAtStart, 1),
      loadAtEnd: fmt(results.machine.loadAtEnd, 1),
    }),
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
  const stores = rateLimitStoreLines(results);
  if (stores.length > 0) lines.push('', ...stores.slice(0, -1));
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
  lines.push('', prose('memory-note'), '');
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
      prose('startup-method', { load: startup.load.toFixed(2) }),
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
      prose('startup-goals', {
        firstStart: ratio(startup.firstStart?.median, startup.viteBuild?.median),
        firstStartVerdict: judged(firstRatio, 2),
        runByRun:
          startup.firstStartRatios === undefined
            ? ''
            : ` ${prose('run-by-run', { ratios: startup.firstStartRatios.map((value) => `${value.toFixed(2)}x`).join(', ') })}`,
        restart: ratio(startup.restart?.median, startup.barePglite?.median),
        restartVerdict: judged(restartRatio, 1.5),
        serverRestart: ratio(startup.serverRestart?.median, startup.barePglite?.median),
        serverRestartVerdict: judged(serverRatio, 1.5),
        npmRestart: ratio(startup.restart?.median, startup.barePgliteViaNpm?.median),
        npmRestartVerdict: judged(npmRatio, 1.5),
      }),
      '',
    );
  }
  const growth = results.growth;
  if (growth === undefined) return [...lines, '### Data growth', '', prose('not-measured'), ''];
  const first = growth.points[0];
  lines.push(
    `### List and detail latency by volume (${growth.database})`,
    '',
    prose('growth-method', { calls: String(results.settings.growthCalls) }),
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
    prose('growth-goals', {
      rows: fmt(top?.rows),
      lastPage: lastRatio === undefined ? 'not measured' : `${lastRatio.toFixed(2)}x, ${verdict(lastRatio <= 2)}`,
      detail: detailRatio === undefined ? 'not measured' : `${detailRatio.toFixed(2)}x, ${verdict(detailRatio <= 2)}`,
    }),
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
    prose('written-by', { startedAt: minuteOf(results.startedAt), minutes: (results.durationMs / 60_000).toFixed(1) }),
    '',
    '## Machine and versions',
    '',
    prose('machine', {
      cpu: m.cpu,
      cores: m.cores,
      memoryGiB: m.memoryGiB,
      os: m.os,
      loadAtStart: m.loadAtStart.toFixed(1),
      loadAtEnd: m.loadAtEnd.toFixed(1),
      busyNote: Math.max(m.loadAtStart, m.loadAtEnd) > m.cores ? ` ${prose('machine-busy')}` : '',
    }),
    prose('versions', { node: m.node, chromium: m.chromium, postgres: m.postgres }),
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
  lines.push('## How to rerun', '', prose('how-to-rerun'), '');
  return lines.join('\n');
}
