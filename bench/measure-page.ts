/**
 * One cold page load in a fresh browser context, measured:
 * - JavaScript bytes: every response of resource type "script", compressed (body bytes on the wire,
 *   Playwright's request.sizes()) and uncompressed (the decoded body);
 * - ready time: from navigation start (performance.timeOrigin) to the moment the renderer's ready
 *   condition first holds, recorded in the page by a MutationObserver installed before any script (for a
 *   deep link, by an IntersectionObserver on the target: the frame that first shows it on screen); the
 *   probe tells the harness through the console, so nothing polls the page while it loads;
 * - JS heap: CDP Performance.getMetrics JSHeapUsedSize after a forced GC, once the page settled;
 * - long tasks: sum of PerformanceObserver "longtask" durations from navigation to ready + settle;
 * - long frames: PerformanceObserver "long-animation-frame", which also counts the rendering steps;
 * - hydrated (ours only): when the app marked the server's HTML live (`<html data-hydrated>`, boot.tsx); the
 *   run waits for it, so the JavaScript it counts is all the route loads, even what starts after the paint.
 * Throttled runs set CPU x4 and 1.6 Mbps / 150 ms latency through CDP before navigating.
 */
import type { Browser, Response } from '@playwright/test';

/** What "every operation of the page is in the DOM" means for one renderer. */
export type ReadyCondition =
  | { kind: 'ids'; ids: string[] }
  | { kind: 'count'; selector: string; expected: number }
  /** A deep link: the element with this id is on screen (its box overlaps the viewport). */
  | { kind: 'inViewport'; id: string };

export interface PageRun {
  /** Ready and painted: the later of the ready condition's moment and the first contentful paint. */
  readyMs: number;
  /** When the ready condition first held (content in the DOM, or the deep link's target on screen). */
  domReadyMs: number;
  /** First contentful paint, for context: when the user first sees something. */
  fcpMs: number;
  /** When the app had hydrated the page (`<html data-hydrated>`); NaN for a renderer without it. */
  hydratedMs: number;
  jsCompressedBytes: number;
  jsUncompressedBytes: number;
  jsFiles: number;
  /** Compressed bytes of each script, by its file name without the content hash (`app`, `shell`, ...). */
  jsChunks: Record<string, number>;
  totalTransferBytes: number;
  heapUsedBytes: number;
  domNodes: number;
  longTaskMs: number;
  longestTaskMs: number;
  /** The longest task that started before the content was visible (Long Tasks API). */
  longestTaskBeforeReadyMs: number;
  /**
   * The longest animation frame that started before the content was visible (Long Animation Frames
   * API): its tasks plus the rendering (style, layout, paint) they led to, which the Long Tasks API
   * leaves out. Frames under 50 ms are not reported, so 0 means none as long.
   */
  longestFrameBeforeReadyMs: number;
  /** Cumulative layout shift (layout-shift entries without recent input) until ready + settle. */
  cls: number;
  errors: string[];
  externalRequests: string[];
}

export const THROTTLED = {
  cpuRate: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
};

interface BenchWindow {
  __bench: {
    readyAt: number | null;
    hydratedAt: number | null;
    longTasks: { start: number; duration: number }[];
    longFrames: { start: number; duration: number }[];
    cls: number;
  };
}

const READY_SIGNAL = '__bench:ready';
const HYDRATED_SIGNAL = '__bench:hydrated';

/**
 * Runs in the page before its own scripts. Plain JavaScript text on purpose: a compiled function
 * would carry tsx's `__name` helper calls, which do not exist in the page.
 */
function probeScript(condition: ReadyCondition): string {
  return `(() => {
  const condition = ${JSON.stringify(condition)};
  const state = { readyAt: null, hydratedAt: null, longTasks: [], longFrames: [], cls: 0 };
  window.__bench = state;
  const hydration = new MutationObserver(() => {
    if (state.hydratedAt !== null || !document.documentElement?.hasAttribute('data-hydrated')) return;
    state.hydratedAt = performance.now();
    hydration.disconnect();
    console.debug(${JSON.stringify(HYDRATED_SIGNAL)});
  });
  hydration.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) state.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  } catch (error) {
    // no layout-shift support: reported as zero
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) {
    // no longtask support: reported as zero
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longFrames.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (error) {
    // no long-animation-frame support: reported as zero
  }
  function holds() {
    if (condition.kind === 'ids') return condition.ids.every((id) => document.getElementById(id) !== null);
    return document.querySelectorAll(condition.selector).length >= condition.expected;
  }
  function ready(at = performance.now()) {
    state.readyAt = at;
    observer.disconnect();
    console.debug(${JSON.stringify(READY_SIGNAL)});
  }
  // The check runs inside the MutationObserver callback, so the time is that of the DOM change, but
  // it must stay cheap: a full querySelectorAll per microtask batch is O(DOM) each time and slowed
  // big renders a lot. Counts are kept incrementally from the added and removed subtrees; a full
  // query confirms (and corrects) the count when it reaches the target, and a 250 ms timer catches
  // anything the records miss (an id set after insertion).
  let count = 0;
  function matchesIn(node) {
    if (node.nodeType !== 1) return 0;
    return (node.matches(condition.selector) ? 1 : 0) + node.querySelectorAll(condition.selector).length;
  }
  // A deep link's target is watched by an IntersectionObserver once it exists: asking for its box
  // from here would force a layout of the half-parsed page on every batch of parsed nodes, long tasks
  // that only the probe causes. The observer's time is that of the frame that found it on screen.
  let watched = null;
  function watchTarget() {
    const element = document.getElementById(condition.id);
    if (element === null || element === watched) return;
    watched = element;
    new IntersectionObserver((entries, intersection) => {
      const entry = entries.find((candidate) => candidate.isIntersecting && candidate.boundingClientRect.height > 0);
      if (entry === undefined || state.readyAt !== null) return;
      intersection.disconnect();
      ready(entry.time);
    }).observe(element);
  }
  const observer = new MutationObserver((records) => {
    if (state.readyAt !== null) return;
    if (condition.kind === 'inViewport') return watchTarget();
    if (condition.kind !== 'count') {
      if (holds()) ready();
      return;
    }
    for (const record of records) {
      for (const node of record.addedNodes) count += matchesIn(node);
      for (const node of record.removedNodes) count -= matchesIn(node);
    }
    if (count >= condition.expected) {
      count = document.querySelectorAll(condition.selector).length;
      if (count >= condition.expected) ready();
    }
  });
  (function sweep() {
    if (state.readyAt !== null) return;
    if (condition.kind === 'inViewport') watchTarget();
    else if (holds()) ready();
    setTimeout(sweep, 250);
  })();
  observer.observe(document, { childList: true, subtree: true });
})();`;
}

function longestStartedBefore(spans: { start: number; duration: number }[], moment: number): number {
  return spans.filter((span) => span.start < moment).reduce((max, span) => Math.max(max, span.duration), 0);
}

export async function measurePage(
  browser: Browser,
  url: string,
  condition: ReadyCondition,
  options: {
    throttled: boolean;
    timeoutMs: number;
    settleMs: number;
    login?: { origin: string; body: object };
    hydrates?: boolean;
    /** A page of another site the visit starts from (pages.ts, arrivalPage); not timed. */
    from?: string;
  },
): Promise<PageRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (options.login !== undefined) {
      // The portal's screens need a session: sign in through the API (cookie lands in this context,
      // no asset is fetched, so the cache stays cold) before the measured navigation.
      const answer = await context.request.post(`${options.login.origin}/api/auth/login`, {
        data: options.login.body,
        headers: { Origin: options.login.origin },
      });
      if (answer.status() !== 200) throw new Error(`login answered ${answer.status()}`);
    }
    const page = await context.newPage();
    if (options.from !== undefined) await page.goto(options.from, { timeout: options.timeoutMs });
    const errors: string[] = [];
    const externalRequests: string[] = [];
    const responses: Response[] = [];
    page.on('pageerror', (error) => errors.push(error.message.slice(0, 200)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text().slice(0, 200));
    });
    page.on('request', (request) => {
      const host = new URL(request.url()).hostname;
      if (request.url().startsWith('http') && host !== '127.0.0.1' && host !== 'localhost') externalRequests.push(request.url());
    });
    page.on('response', (response) => responses.push(response));

    const cdp = await context.newCDPSession(page);
    if (options.throttled) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: THROTTLED.latencyMs,
        downloadThroughput: THROTTLED.downloadBytesPerSecond,
        uploadThroughput: THROTTLED.uploadBytesPerSecond,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED.cpuRate });
    }
    await page.addInitScript({ content: probeScript(condition) });
    // The probe says when it is done through the console. Waiting with page.waitForFunction would have
    // Playwright evaluate its injected script (some 330 KB) in the page during the load: a 100 ms task
    // on the main thread, and a poll every 100 ms after it, that no real visit has.
    const signalled = (text: string) => page.waitForEvent('console', { predicate: (message) => message.text() === text, timeout: options.timeoutMs });
    const isReady = signalled(READY_SIGNAL);
    const isHydrated = options.hydrates === true ? signalled(HYDRATED_SIGNAL) : Promise.resolve(null);
    // Both are awaited below; a load that fails first must not leave them rejecting unobserved.
    isReady.catch(() => undefined);
    isHydrated.catch(() => undefined);
    await page.goto(url, { waitUntil: 'commit', timeout: options.timeoutMs });
    await isReady;
    await isHydrated;
    await page.waitForTimeout(options.settleMs);
    const probe = await page.evaluate(() => (window as unknown as BenchWindow).__bench);
    const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
    const domReadyMs = probe.readyAt ?? Number.NaN;
    // Content is visible once it is there and something has been painted (HTML parsed before the first
    // paint is seen at the first paint).
    const readyMs = Number.isFinite(fcpMs) ? Math.max(domReadyMs, fcpMs) : domReadyMs;
    const counted = probe.longTasks.filter((task) => task.start <= domReadyMs + options.settleMs);

    if (options.throttled) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string): number => metrics.find((entry) => entry.name === name)?.value ?? Number.NaN;

    let jsCompressedBytes = 0;
    let jsUncompressedBytes = 0;
    let jsFiles = 0;
    const jsChunks: Record<string, number> = {};
    let totalTransferBytes = 0;
    for (const response of responses) {
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      if (sizes === null) continue;
      totalTransferBytes += sizes.responseBodySize;
      if (response.request().resourceType() !== 'script') continue;
      jsFiles += 1;
      jsCompressedBytes += sizes.responseBodySize;
      const chunk = new URL(response.url()).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');
      jsChunks[chunk] = (jsChunks[chunk] ?? 0) + sizes.responseBodySize;
      jsUncompressedBytes += (await response.body().catch(() => Buffer.alloc(0))).length;
    }
    return {
      readyMs,
      domReadyMs,
      fcpMs,
      hydratedMs: probe.hydratedAt ?? Number.NaN,
      jsCompressedBytes,
      jsUncompressedBytes,
      jsFiles,
      jsChunks,
      totalTransferBytes,
      heapUsedBytes: metric('JSHeapUsedSize'),
      domNodes: metric('Nodes'),
      longTaskMs: counted.reduce((sum, task) => sum + task.duration, 0),
      longestTaskMs: counted.reduce((max, task) => Math.max(max, task.duration), 0),
      longestTaskBeforeReadyMs: longestStartedBefore(probe.longTasks, readyMs),
      longestFrameBeforeReadyMs: longestStartedBefore(probe.longFrames, readyMs),
      cls: probe.cls,
      errors,
      externalRequests,
    };
  } finally {
    await context.close();
  }
}
