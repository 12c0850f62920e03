import { describe, expect, it } from 'vitest';
import { walkPages, WalkError, type WalkPageResponse, type WalkProgress } from '../../../../src/web/features/api-tester/lib/page-walk';

const rowsOf = (body: unknown) => (body as { data: unknown[] }).data;

/** A list of `total` rows served `size` at a time; `answers` can replace the answer to a call (by call number). */
function fakeApi(total: number, size: number, answers: Record<number, WalkPageResponse> = {}, headers: Record<string, string> = {}) {
  const asked: number[] = [];
  const fetchPage = async (page: number): Promise<WalkPageResponse> => {
    asked.push(page);
    const special = answers[asked.length];
    if (special) return special;
    const lastPage = Math.max(0, Math.ceil(total / size) - 1);
    const data = Array.from({ length: Math.max(0, Math.min(size, total - page * size)) }, (_, index) => ({ id: page * size + index + 1 }));
    return { status: 200, body: { page, size, lastPage, data }, headers: new Headers(headers) };
  };
  return { fetchPage, asked };
}

/** Records sleeps instead of waiting; can cancel at the nth one. */
function fakeSleep(controller?: AbortController, abortAt?: number) {
  const slept: number[] = [];
  const sleep = async (ms: number) => {
    slept.push(ms);
    if (controller && slept.length === abortAt) controller.abort();
  };
  return { sleep, slept };
}

describe('walkPages', () => {
  it('asks page 0 to lastPage and collects every row', async () => {
    const api = fakeApi(25, 10);
    const progress: WalkProgress[] = [];
    const result = await walkPages({ fetchPage: api.fetchPage, rowsOf, signal: new AbortController().signal, onProgress: (p) => progress.push(p) });
    expect(api.asked).toEqual([0, 1, 2]);
    expect(result).toMatchObject({ pages: 3, listPages: 3, stop: 'complete' });
    expect(result.rows.map((row) => (row as { id: number }).id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(progress.at(-1)).toEqual({ pages: 3, totalPages: 3, rows: 25 });
  });

  it('on a 429 waits Retry-After seconds with a countdown, then asks the same page again', async () => {
    const tooMany = { status: 429, body: { status: 429, message: 'Too many requests' }, headers: new Headers({ 'Retry-After': '3' }) };
    const api = fakeApi(20, 10, { 2: tooMany });
    const { sleep, slept } = fakeSleep();
    const progress: WalkProgress[] = [];
    const result = await walkPages({ fetchPage: api.fetchPage, rowsOf, signal: new AbortController().signal, sleep, onProgress: (p) => progress.push(p) });
    expect(api.asked).toEqual([0, 1, 1]);
    expect(slept).toEqual([1000, 1000, 1000]);
    expect(progress.filter((p) => p.waitingSeconds !== undefined).map((p) => p.waitingSeconds)).toEqual([3, 2, 1]);
    expect(result).toMatchObject({ stop: 'complete', pages: 2 });
    expect(result.rows).toHaveLength(20);
  });

  it('waits for the reset before the next page when RateLimit-Remaining reaches 0', async () => {
    const api = fakeApi(20, 10, {}, { 'RateLimit-Limit': '2', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '2' });
    const { sleep, slept } = fakeSleep();
    const result = await walkPages({ fetchPage: api.fetchPage, rowsOf, signal: new AbortController().signal, sleep });
    // One wait between page 0 and page 1, none after the last page.
    expect(slept).toEqual([1000, 1000]);
    expect(result.stop).toBe('complete');
  });

  it('stops at the row cap, cutting the page that crosses it', async () => {
    const api = fakeApi(1000, 30);
    const result = await walkPages({ fetchPage: api.fetchPage, rowsOf, signal: new AbortController().signal, maxRows: 100 });
    expect(result).toMatchObject({ stop: 'row-cap', pages: 4, listPages: 34 });
    expect(result.rows).toHaveLength(100);
  });

  it('stops at the page cap and says how many pages the list has', async () => {
    const api = fakeApi(1000, 10);
    const progress: WalkProgress[] = [];
    const result = await walkPages({
      fetchPage: api.fetchPage,
      rowsOf,
      signal: new AbortController().signal,
      maxPages: 5,
      onProgress: (p) => progress.push(p),
    });
    expect(api.asked).toEqual([0, 1, 2, 3, 4]);
    expect(result).toMatchObject({ stop: 'page-cap', pages: 5, listPages: 100 });
    expect(progress[0]?.totalPages).toBe(5);
  });

  it('uses the default caps: 10,000 rows and 100 pages', async () => {
    const rowsCapped = await walkPages({ fetchPage: fakeApi(20_000, 100).fetchPage, rowsOf, signal: new AbortController().signal });
    // Both caps are reached on the 100th page of 100 rows: the row cap is the one reported.
    expect(rowsCapped).toMatchObject({ stop: 'row-cap', pages: 100 });
    expect(rowsCapped.rows).toHaveLength(10_000);
    const exact = await walkPages({ fetchPage: fakeApi(10_000, 100).fetchPage, rowsOf, signal: new AbortController().signal });
    expect(exact).toMatchObject({ stop: 'complete', pages: 100 });
  });

  it('stops when cancelled during a wait, without asking again', async () => {
    const tooMany = { status: 429, body: {}, headers: new Headers({ 'Retry-After': '30' }) };
    const api = fakeApi(30, 10, { 2: tooMany });
    const controller = new AbortController();
    const { sleep, slept } = fakeSleep(controller, 2);
    const result = await walkPages({ fetchPage: api.fetchPage, rowsOf, signal: controller.signal, sleep });
    expect(result).toMatchObject({ stop: 'cancelled', pages: 1 });
    expect(slept).toHaveLength(2);
    expect(api.asked).toEqual([0, 1]);
  });

  it('stops when cancelled while a page is in flight', async () => {
    const controller = new AbortController();
    const fetchPage = (page: number, signal: AbortSignal) =>
      new Promise<WalkPageResponse>((resolve, reject) => {
        if (page === 1) {
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          controller.abort();
          return;
        }
        resolve({ status: 200, body: { page, size: 1, lastPage: 5, data: [{ id: page }] }, headers: new Headers() });
      });
    const result = await walkPages({ fetchPage, rowsOf, signal: controller.signal });
    expect(result).toMatchObject({ stop: 'cancelled', pages: 1, rows: [{ id: 0 }] });
  });

  it('fails with the response message on another error', async () => {
    const api = fakeApi(30, 10, { 2: { status: 401, body: { status: 401, message: 'forbidden' }, headers: new Headers() } });
    const failure = walkPages({ fetchPage: api.fetchPage, rowsOf, signal: new AbortController().signal });
    await expect(failure).rejects.toBeInstanceOf(WalkError);
    await expect(failure).rejects.toMatchObject({ page: 1, status: 401, message: 'forbidden' });
  });
});
