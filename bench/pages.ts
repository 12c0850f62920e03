/**
 * bench/REPORT.md section 1: reference pages. Our documentation route against Swagger UI, Redoc and Scalar,
 * on the real public spec (as is and throttled) and on the 500-operation spec; every renderer measured by
 * measure-page.ts, runs interleaved (run 1 of every page, then run 2, ...) so drift hits all alike.
 *
 * Ready conditions (the moment "every operation of the page is in the DOM"):
 * - ours: an element with id = operationId for every operation of the tag (operation-section.tsx);
 * - Swagger UI: as many `.opblock` elements as the spec has operations. Swagger UI 5 virtualises its
 *   list from 150 items (tags + operations); on the 500-operation spec its first screen holds no
 *   operation at all (the guide sections come first), so it is not timed there;
 * - Redoc: as many `[id^="operation/"]` sections as operations;
 * - Scalar: an element for every operation (`api-1/tag/<tag slug>/<METHOD><path>`, Scalar 1.72's ids),
 *   with `defaultOpenAllTags: true` (by default Scalar renders only the first tag's operations).
 * Deep links (`…#<operation>` of the last operation of ours' page, in each renderer's own hash form): ready
 * when that operation's element is on screen.
 */
import type { Browser } from '@playwright/test';
import { measurePage, type PageRun, type ReadyCondition } from './measure-page.ts';
import { operationIdsOfTag, type SpecFacts, type SpecOperation } from './lib/spec-facts.ts';
import { summarize, type Summary } from './lib/stats.ts';
import { DEMO_SELLER } from './lib/api-session.ts';

export interface PageTarget {
  id: string;
  label: string;
  /** `html-only`: our page's HTML and CSS with every script removed, the floor a page with this content has. */
  renderer: 'ours' | 'html-only' | 'swagger-ui' | 'redoc' | 'scalar';
  spec: 'real' | 'large';
  url: string;
  ready: ReadyCondition;
  readyNote: string;
  /** Fewer runs than the rest (Scalar on 500 operations blocks its main thread for about a minute). */
  maxRuns?: number;
  /** Our portal's screens need a session; peers do not. */
  login?: { origin: string; body: object };
}

export interface PageResult {
  target: PageTarget;
  throttled: boolean;
  runs: PageRun[];
  failures: string[];
  summary: Record<(typeof METRICS)[number], Summary | null>;
}

/** The page bench/REPORT.md calls "ours (one tag)", and the default page (/documentation = seller/warehouse). */
export const TAG_PAGE = { category: 'seller', subcategory: 'order', tag: 'Seller order' };
export const DEFAULT_PAGE = { tag: 'Seller warehouse' };
/** The file name the HTML-only copy of the Seller order page is served under (/pages/<name>). */
export const HTML_ONLY_PAGE = 'seller-order.html';

/**
 * The page every measured visit starts from: a blank page of another site (localhost; every target is on
 * 127.0.0.1), as a reader arriving from a link or the address bar. Playwright's new page is an about:blank
 * whose renderer process a page can take over at once, unless its answer says Cross-Origin-Opener-Policy
 * (ours does; no peer does): that page must start a new process. From another site every renderer needs its
 * own process, as on a real visit (docs/decisions/015).
 */
export function arrivalPage(peersOrigin: string): string {
  const url = new URL('/peers/start.html', peersOrigin);
  url.hostname = 'localhost';
  return url.href;
}

/** The operation the deep-link case opens: the last of ours' page, so it sits low on every renderer's page. */
export function deepLinkOperation(facts: SpecFacts): SpecOperation {
  const operations = facts.operations.filter((operation) => operation.tag === TAG_PAGE.tag);
  const last = operations.at(-1);
  if (last === undefined) throw new Error(`no operation tagged ${TAG_PAGE.tag}`);
  return last;
}

/** Scalar 1.72's element id for an operation. */
function scalarId(operation: SpecOperation): string {
  return `api-1/tag/${operation.tag.toLowerCase().replace(/\s+/g, '-')}/${operation.method.toUpperCase()}${operation.path}`;
}

/** The same operation deep-linked in each peer, in its own hash form. */
export function peerDeepLinkTargets(peersOrigin: string, facts: SpecFacts): PageTarget[] {
  const target = deepLinkOperation(facts);
  const specUrl = '/spec/public.json';
  const scalarHash = scalarId(target).replace(/^api-1\//, '');
  return [
    {
      id: 'swagger-ui-deep',
      label: 'Swagger UI, deep link',
      renderer: 'swagger-ui',
      spec: 'real',
      url: `${peersOrigin}/peers/swagger-ui.html?spec=${specUrl}#/${encodeURIComponent(target.tag)}/${target.operationId}`,
      ready: { kind: 'inViewport', id: `operations-${target.tag.replace(/\s+/g, '_')}-${target.operationId}` },
      readyNote: `#operations-… of ${target.operationId} on screen (deepLinking: true)`,
    },
    {
      id: 'redoc-deep',
      label: 'Redoc, deep link',
      renderer: 'redoc',
      spec: 'real',
      url: `${peersOrigin}/peers/redoc.html?spec=${specUrl}#operation/${target.operationId}`,
      ready: { kind: 'inViewport', id: `operation/${target.operationId}` },
      readyNote: `#operation/${target.operationId} on screen`,
    },
    {
      id: 'scalar-deep',
      label: 'Scalar, deep link',
      renderer: 'scalar',
      spec: 'real',
      url: `${peersOrigin}/peers/scalar.html?spec=${specUrl}#${scalarHash}`,
      ready: { kind: 'inViewport', id: scalarId(target) },
      readyNote: `#${scalarId(target)} on screen`,
    },
  ];
}

export function ourDeepLinkTarget(origin: string, facts: SpecFacts): PageTarget {
  const target = deepLinkOperation(facts);
  return {
    id: 'ours-deep',
    label: 'Ours, deep link',
    renderer: 'ours',
    spec: 'real',
    url: `${origin}/documentation?category=${TAG_PAGE.category}&subcategory=${TAG_PAGE.subcategory}#${target.operationId}`,
    ready: { kind: 'inViewport', id: target.operationId },
    readyNote: `#${target.operationId} on screen`,
    login: { origin, body: DEMO_SELLER },
  };
}

export function peerTargets(peersOrigin: string, specName: 'real' | 'large', facts: SpecFacts, slowRuns: number): PageTarget[] {
  const specUrl = specName === 'real' ? '/spec/public.json' : '/spec/large.json';
  const total = facts.operations.length;
  const swaggerVirtual = facts.swaggerItems >= 150;
  // Swagger UI 5 virtualises its operation list from 150 items (tags + operations): on the large spec
  // its first screen holds the guide sections and the first tag's heading, and no operation is rendered
  // until the reader scrolls, so there is nothing to time.
  const swagger: PageTarget[] = swaggerVirtual
    ? []
    : [
        {
          id: `swagger-ui-${specName}`,
          label: 'Swagger UI',
          renderer: 'swagger-ui',
          spec: specName,
          url: `${peersOrigin}/peers/swagger-ui.html?spec=${specUrl}`,
          ready: { kind: 'count', selector: '.opblock', expected: total },
          readyNote: `${total} .opblock`,
        },
      ];
  return [
    ...swagger,
    {
      id: `redoc-${specName}`,
      label: 'Redoc',
      renderer: 'redoc',
      spec: specName,
      url: `${peersOrigin}/peers/redoc.html?spec=${specUrl}`,
      ready: { kind: 'count', selector: '[id^="operation/"]', expected: total },
      readyNote: `${total} [id^="operation/"]`,
    },
    {
      id: `scalar-${specName}`,
      label: 'Scalar',
      renderer: 'scalar',
      spec: specName,
      url: `${peersOrigin}/peers/scalar.html?spec=${specUrl}`,
      ready: { kind: 'ids', ids: facts.operations.map(scalarId) },
      readyNote: `ids of the ${total} operations (api-1/tag/<tag>/<METHOD><path>)`,
      ...(specName === 'large' ? { maxRuns: slowRuns } : {}),
    },
  ];
}

/**
 * Our Seller order page as the server sends it, with every script removed, served as a static file by the
 * peers' server (bench/html-only.ts), whole and deep-linked: what the same content costs the browser with no
 * app at all.
 */
export function htmlOnlyTargets(peersOrigin: string, facts: SpecFacts): PageTarget[] {
  const tagIds = operationIdsOfTag(facts, TAG_PAGE.tag);
  const target = deepLinkOperation(facts);
  return [
    {
      id: 'html-only-tag-real',
      label: `Ours as HTML and CSS alone, no script: ${TAG_PAGE.tag}`,
      renderer: 'html-only',
      spec: 'real',
      url: `${peersOrigin}/pages/${HTML_ONLY_PAGE}`,
      ready: { kind: 'ids', ids: tagIds },
      readyNote: `ids of the ${tagIds.length} operations of "${TAG_PAGE.tag}"`,
    },
    {
      id: 'html-only-deep',
      label: 'Ours as HTML and CSS alone, no script: deep link',
      renderer: 'html-only',
      spec: 'real',
      url: `${peersOrigin}/pages/${HTML_ONLY_PAGE}#${target.operationId}`,
      ready: { kind: 'inViewport', id: target.operationId },
      readyNote: `#${target.operationId} on screen`,
    },
  ];
}

export function ourTargets(origin: string, specName: 'real' | 'large', facts: SpecFacts, withDefault: boolean): PageTarget[] {
  const tagIds = operationIdsOfTag(facts, TAG_PAGE.tag);
  const targets: PageTarget[] = [
    {
      id: `ours-tag-${specName}`,
      label: `Ours: ${TAG_PAGE.tag}`,
      renderer: 'ours',
      spec: specName,
      url: `${origin}/documentation?category=${TAG_PAGE.category}&subcategory=${TAG_PAGE.subcategory}`,
      ready: { kind: 'ids', ids: tagIds },
      readyNote: `ids of the ${tagIds.length} operations of "${TAG_PAGE.tag}"`,
      login: { origin, body: DEMO_SELLER },
    },
  ];
  if (withDefault) {
    const defaultIds = operationIdsOfTag(facts, DEFAULT_PAGE.tag);
    targets.push({
      id: `ours-default-${specName}`,
      label: 'Ours: /documentation (default page)',
      renderer: 'ours',
      spec: specName,
      url: `${origin}/documentation`,
      ready: { kind: 'ids', ids: defaultIds },
      readyNote: `ids of the ${defaultIds.length} operations of "${DEFAULT_PAGE.tag}"`,
      login: { origin, body: DEMO_SELLER },
    });
  }
  return targets;
}

const METRICS = [
  'readyMs',
  'domReadyMs',
  'fcpMs',
  'hydratedMs',
  'longestTaskBeforeReadyMs',
  'longestFrameBeforeReadyMs',
  'cls',
  'jsFiles',
  'jsCompressedBytes',
  'jsUncompressedBytes',
  'heapUsedBytes',
  'longTaskMs',
  'longestTaskMs',
  'domNodes',
  'totalTransferBytes',
] as const;

export async function measureTargets(
  browser: Browser,
  targets: PageTarget[],
  options: { runs: number; throttled: boolean; warmup: boolean; timeoutMs: number; settleMs: number; from: string; log: (line: string) => void },
): Promise<PageResult[]> {
  const collected = targets.map((target) => ({ target, runs: [] as PageRun[], failures: [] as string[] }));
  // One unrecorded load of our pages first, so our server's JIT is warm (the peers' static server has
  // little to warm). Both send compressed files made before the first request (ours: by the build).
  if (options.warmup) {
    for (const entry of collected.filter(({ target }) => target.renderer === 'ours')) {
      await measurePage(browser, entry.target.url, entry.target.ready, {
        ...options,
        throttled: false,
        hydrates: true,
        ...(entry.target.login === undefined ? {} : { login: entry.target.login }),
      }).catch(() => undefined);
    }
  }
  for (let run = 0; run < options.runs; run += 1) {
    for (const entry of collected) {
      if (run >= (entry.target.maxRuns ?? Infinity)) continue;
      try {
        const result = await measurePage(browser, entry.target.url, entry.target.ready, {
          ...options,
          hydrates: entry.target.renderer === 'ours',
          ...(entry.target.login === undefined ? {} : { login: entry.target.login }),
        });
        entry.runs.push(result);
        options.log(
          `  ${entry.target.id}${options.throttled ? ' (throttled)' : ''} run ${run + 1}: ready ${Math.round(result.readyMs)} ms, JS ${Math.round(result.jsCompressedBytes / 1024)} KB`,
        );
      } catch (error) {
        const message = error instanceof Error ? (error.message.split('\n')[0] ?? String(error)) : String(error);
        entry.failures.push(message);
        options.log(`  ${entry.target.id} run ${run + 1} failed: ${message}`);
      }
    }
  }
  return collected.map(({ target, runs, failures }) => ({
    target,
    throttled: options.throttled,
    runs,
    failures,
    summary: Object.fromEntries(METRICS.map((metric) => [metric, summarize(runs.map((run) => run[metric]))])) as PageResult['summary'],
  }));
}
