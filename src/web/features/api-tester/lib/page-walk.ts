/**
 * "All pages" for the CSV: asks for page 0 … lastPage with one size, one page at a time, and collects the
 * rows. Waits (with a countdown) when the API answers 429 or says no requests are left in this window,
 * stops at the caps, and stops at once when cancelled. Pure: the fetch and the clock are passed in.
 */
import { readRateLimit, waitSeconds, type HeaderSource } from './rate-limit';

export const MAX_WALK_ROWS = 10_000;
export const MAX_WALK_PAGES = 100;
/** 429s in a row on one page before the walk gives up (each one waited out). */
const MAX_RETRIES = 10;

export interface WalkPageResponse {
  status: number;
  body: unknown;
  headers: HeaderSource;
}

export interface WalkProgress {
  /** Pages fetched so far. */
  pages: number;
  /** Pages the walk will fetch (the list's pages, capped); null before the first answer. */
  totalPages: number | null;
  rows: number;
  /** Seconds left of a rate-limit wait; absent when not waiting. */
  waitingSeconds?: number;
}

export type WalkStop = 'complete' | 'row-cap' | 'page-cap' | 'cancelled';

export interface WalkResult {
  rows: unknown[];
  pages: number;
  /** Pages the list has (lastPage + 1), whatever the caps. */
  listPages: number;
  stop: WalkStop;
}

export class WalkError extends Error {
  constructor(
    readonly page: number,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'WalkError';
  }
}

export interface WalkOptions {
  fetchPage: (page: number, signal: AbortSignal) => Promise<WalkPageResponse>;
  signal: AbortSignal;
  /** Turns rows out of a page's body (the list's `data`). */
  rowsOf: (body: unknown) => unknown[];
  onProgress?: (progress: WalkProgress) => void;
  /** Resolves after `ms`, or early when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  maxRows?: number;
  maxPages?: number;
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function lastPageOf(body: unknown): number | null {
  const lastPage = typeof body === 'object' && body !== null ? (body as { lastPage?: unknown }).lastPage : undefined;
  return typeof lastPage === 'number' && Number.isInteger(lastPage) && lastPage >= 0 ? lastPage : null;
}

function messageOf(body: unknown, status: number): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : `HTTP ${status}`;
}

export async function walkPages(options: WalkOptions): Promise<WalkResult> {
  const { signal, rowsOf } = options;
  const sleep = options.sleep ?? abortableSleep;
  const maxRows = options.maxRows ?? MAX_WALK_ROWS;
  const maxPages = options.maxPages ?? MAX_WALK_PAGES;
  const rows: unknown[] = [];
  let pages = 0;
  let listPages: number | null = null;
  const totalPages = () => (listPages === null ? null : Math.min(listPages, maxPages));
  const report = (waitingSeconds?: number) =>
    options.onProgress?.({ pages, totalPages: totalPages(), rows: rows.length, ...(waitingSeconds !== undefined ? { waitingSeconds } : {}) });
  const result = (stop: WalkStop): WalkResult => ({ rows, pages, listPages: listPages ?? pages, stop });

  /** Counts down second by second; false when cancelled meanwhile. */
  const wait = async (secondsToWait: number): Promise<boolean> => {
    for (let left = Math.max(1, secondsToWait); left > 0; left -= 1) {
      report(left);
      await sleep(1000, signal);
      if (signal.aborted) return false;
    }
    report();
    return true;
  };

  for (let page = 0; ; page += 1) {
    if (signal.aborted) return result('cancelled');
    let response: WalkPageResponse | undefined;
    for (let attempt = 0; ; attempt += 1) {
      try {
        response = await options.fetchPage(page, signal);
      } catch (error) {
        if (signal.aborted) return result('cancelled');
        throw error;
      }
      if (signal.aborted) return result('cancelled');
      if (response.status !== 429) break;
      if (attempt >= MAX_RETRIES) throw new WalkError(page, 429, messageOf(response.body, 429));
      if (!(await wait(waitSeconds(response.headers)))) return result('cancelled');
    }
    // A 304 comes with the body the tester already holds for that page (it sent the page's ETag).
    const answered = (response.status >= 200 && response.status < 300) || response.status === 304;
    if (!answered) throw new WalkError(page, response.status, messageOf(response.body, response.status));

    listPages = (lastPageOf(response.body) ?? page) + 1;
    const pageRows = rowsOf(response.body);
    const room = maxRows - rows.length;
    rows.push(...pageRows.slice(0, room));
    pages += 1;
    report();
    // The cap cut this page, or it is full while pages remain.
    if (pageRows.length > room || (rows.length >= maxRows && page + 1 < listPages)) return result('row-cap');
    if (page + 1 >= listPages) return result('complete');
    if (pages >= maxPages) return result('page-cap');

    // No requests left in this window: wait for the reset rather than spend a 429.
    const limit = readRateLimit(response.headers);
    if (limit && limit.remaining === 0 && !(await wait(limit.resetSeconds))) return result('cancelled');
  }
}
