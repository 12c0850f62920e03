/**
 * The request log across the end of a real server process (src/server/public-api/request-log-hooks.ts,
 * request-log/batch-writer.ts): a stream of public calls, each answered 200 and timed by the client,
 * then SIGKILL mid-stream (only the last write intervals may be missing, never an older call) or SIGTERM
 * mid-stream (nothing answered may be missing). Each call asks a page no other call asks, so every row in
 * the log names the call it records.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WRITE_INTERVAL_MS } from '../../src/server/request-log/batch-writer.ts';
import { Client, TOKEN_HEADER } from './support/http-client.ts';
import { serverProcesses, type ServerProcess } from './support/server-process.ts';
import { createTestDatabase, TEST_DATABASE, type TestDatabase } from './support/test-database.ts';

/** Calls in flight at once: each worker sends its next call when the last one is answered. */
const WORKERS = 4;
/** The signal goes when this many calls have been answered: some way into the stream, at no chosen phase of the writer. */
const ANSWERED_BEFORE_SIGNAL = 1_000;

let database: TestDatabase;
const processes = serverProcesses();
// A limit the stream never reaches: every call before the signal is answered 200.
const start = () => processes.start(database, { RATE_LIMIT_PER_MINUTE: '1000000' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await processes.killAll();
  await database?.drop();
});

interface Answered {
  page: number;
  /** performance.now() when the client had the answer. */
  at: number;
}

interface Stream {
  /** Calls answered 200, in the order the client saw them. */
  answered: Answered[];
  /** Every page asked for, answered or not. */
  sent: Set<number>;
  /** performance.now() just before the signal was sent. */
  signalledAt: number;
  /** Answers other than 200 before the signal (none expected). */
  unexpected: string[];
}

/**
 * WORKERS callers send `?page=N&size=1` with N counting up until the server stops answering; when
 * ANSWERED_BEFORE_SIGNAL calls are answered, `signal` is sent to the server process (synchronously, from
 * the answer that reached the count). Resolves once every worker has met a closed connection.
 */
async function streamUntilSignalled(server: ServerProcess, token: string, signal: NodeJS.Signals): Promise<Stream> {
  const stream: Stream = { answered: [], sent: new Set(), signalledAt: Number.POSITIVE_INFINITY, unexpected: [] };
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const page = next;
      next += 1;
      stream.sent.add(page);
      let response: Response;
      try {
        response = await fetch(`${server.baseUrl}/api/v1/seller/warehouses?page=${page}&size=1`, { headers: { [TOKEN_HEADER]: token } });
        await response.arrayBuffer();
      } catch {
        // Connection refused or reset: the server is gone.
        return;
      }
      if (response.status !== 200) {
        if (stream.signalledAt === Number.POSITIVE_INFINITY) stream.unexpected.push(`page ${page}: ${response.status}`);
        return;
      }
      stream.answered.push({ page, at: performance.now() });
      if (stream.answered.length === ANSWERED_BEFORE_SIGNAL) {
        stream.signalledAt = performance.now();
        void server.kill(signal);
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return stream;
}

/** A seller's new token (value and id) on a running server. */
async function newToken(server: ServerProcess, title: string): Promise<{ client: Client; value: string; id: number }> {
  const client = new Client(server.baseUrl);
  await client.login();
  const created = await client.post<{ data: { token: string; id: number } }>('/api/auth/token', { title, description: 'request log durability' });
  expect(created.status).toBe(201);
  return { client, value: created.body.data.token, id: created.body.data.id };
}

/** The pages the token's request log records, read on a restarted server through the portal's CSV export. */
async function loggedPages(server: ServerProcess, tokenId: number): Promise<number[]> {
  const client = new Client(server.baseUrl);
  await client.login();
  const csv = await client.get(`/api/usage/requests.csv?tokenId=${tokenId}`);
  expect(csv.status).toBe(200);
  return [...csv.text.matchAll(/\?page=(\d+)&size=1,/g)].map((match) => Number(match[1]));
}

it('SIGKILL mid-stream: every call answered before the last two write intervals is in the log; what is lost came later', { timeout: 120_000 }, async () => {
  const server = await start();
  const { value, id } = await newToken(server, 'killed mid-stream');
  const stream = await streamUntilSignalled(server, value, 'SIGKILL');
  // tsx, the parent the test spawned, relays the server's death as 128 + 9.
  expect([137, 'SIGKILL']).toContain(await server.exited);
  expect(stream.unexpected).toEqual([]);

  if (TEST_DATABASE === 'pglite') {
    // The killed server left its lock behind; the next start finds its pid gone and takes the lock over.
    const lock = join(database.dataDir, 'server.lock');
    expect(existsSync(lock)).toBe(true);
    expect((JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid).toBe(server.pid);
  }
  const again = await start();
  const logged = await loggedPages(again, id);
  await again.kill('SIGTERM');

  // Each call at most once, and only calls that were sent (a row's call may have been cut off before the
  // client read its answer, never invented).
  expect(new Set(logged).size).toBe(logged.length);
  expect(logged.filter((page) => !stream.sent.has(page))).toEqual([]);

  // The bound, from the writer's design: every WRITE_INTERVAL_MS the timer takes the whole buffer and
  // writes it as one statement (one transaction). When the kill lands, what is not committed is (a) the
  // calls buffered since the last take, answered at most one interval ago, and (b) the batch of that take
  // if its write is still under way (PGlite writes in this process; a statement not yet sent to PostgreSQL
  // dies too): calls answered up to one more interval earlier, as long as a write takes less than an
  // interval (it takes milliseconds; a slower one makes the next take follow it at once). A call whose
  // answer reached the client before its onResponse hook buffered it is among the newest anyway. So a
  // call answered more than two intervals before the kill must be in the log, whatever the phase.
  const windowStart = stream.signalledAt - 2 * WRITE_INTERVAL_MS;
  const saved = new Set(logged);
  const lost = stream.answered.filter((call) => !saved.has(call.page));
  const answeredInWindow = stream.answered.filter((call) => call.at > windowStart).length;
  const lostEarly = lost
    .filter((call) => call.at <= windowStart)
    .map((call) => `page ${call.page}, ${Math.round(stream.signalledAt - call.at)} ms before the kill`);
  expect(lostEarly).toEqual([]);
  expect(lost.length).toBeLessThanOrEqual(answeredInWindow);
  const oldestLostMs = lost.length === 0 ? 0 : Math.round(stream.signalledAt - Math.min(...lost.map((call) => call.at)));
  console.info(
    `[${TEST_DATABASE}] SIGKILL: ${stream.sent.size} calls sent, ${stream.answered.length} answered 200, ${logged.length} logged, ` +
      `${lost.length} answered but lost (oldest ${oldestLostMs} ms before the kill), bound ${answeredInWindow} (answered in the last ${2 * WRITE_INTERVAL_MS} ms)`,
  );
});

it('SIGTERM mid-stream: the server finishes, writes what is buffered and exits 0; every call answered 200 is in the log', { timeout: 120_000 }, async () => {
  const server = await start();
  const { value, id } = await newToken(server, 'stopped mid-stream');
  const stream = await streamUntilSignalled(server, value, 'SIGTERM');
  expect(await server.exited).toBe(0);
  expect(stream.unexpected).toEqual([]);
  if (TEST_DATABASE === 'pglite') expect(existsSync(join(database.dataDir, 'server.lock'))).toBe(false);

  const again = await start();
  const logged = await loggedPages(again, id);
  await again.kill('SIGTERM');
  expect(new Set(logged).size).toBe(logged.length);
  expect(logged.filter((page) => !stream.sent.has(page))).toEqual([]);
  const saved = new Set(logged);
  expect(stream.answered.filter((call) => !saved.has(call.page)).map((call) => call.page)).toEqual([]);
  console.info(`[${TEST_DATABASE}] SIGTERM: ${stream.sent.size} calls sent, ${stream.answered.length} answered 200, ${logged.length} logged, 0 lost`);
});
