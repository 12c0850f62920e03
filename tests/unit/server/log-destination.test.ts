/** The server's log destination and its redaction: every line arrives, in order, and no secret does. */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { LogController } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StandardOutputLog } from '../../../src/server/io/log-destination.ts';
import { lazyRequestLogger } from '../../../src/server/lib/lazy-request-logger.ts';
import { loggerOptions, registerAccessLog } from '../../../src/server/plugins/access-log.ts';

const openFiles: number[] = [];
afterEach(() => openFiles.splice(0).forEach((fd) => closeSync(fd)));

function logFile(): { path: string; destination: StandardOutputLog } {
  const path = join(mkdtempSync(join(tmpdir(), 'log-destination-')), 'out.log');
  const fd = openSync(path, 'w');
  openFiles.push(fd);
  return { path, destination: new StandardOutputLog(fd) };
}

describe('StandardOutputLog', () => {
  it('writes every line of a burst, in order, while earlier writes are in flight', async () => {
    const { path, destination } = logFile();
    const lines = Array.from({ length: 5_000 }, (_, i) => `{"line":${i},"text":"${'é'.repeat(i % 7)}"}\n`);
    for (const [i, line] of lines.entries()) {
      destination.write(line);
      if (i % 1_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await vi.waitFor(() => expect(readFileSync(path, 'utf8')).toBe(lines.join('')));
  });

  it('through a full non-blocking pipe (partial writes, EAGAIN), every line still arrives in order once the reader reads', async () => {
    // `cat` stopped: the pipe to it fills after 64 KB, so writes come back short and then refused.
    const reader = spawn('cat', [], { stdio: ['pipe', 'pipe', 'ignore'] });
    reader.kill('SIGSTOP');
    const fd = (reader.stdin as unknown as { _handle: { fd: number } })._handle.fd;
    const destination = new StandardOutputLog(fd);
    const lines = Array.from({ length: 20_000 }, (_, i) => `{"line":${i},"pad":"${'x'.repeat(40)}"}\n`);
    for (const line of lines) destination.write(line);
    await new Promise((resolve) => setTimeout(resolve, 200));
    let received = '';
    reader.stdout.on('data', (chunk: Buffer) => (received += chunk.toString()));
    reader.kill('SIGCONT');
    await vi.waitFor(() => expect(received.length).toBe(lines.join('').length), { timeout: 5_000 });
    expect(received).toBe(lines.join(''));
    reader.kill();
  });

  it('writes a quiet server line at once, and what is still waiting synchronously on flushSync', async () => {
    const { path, destination } = logFile();
    destination.write('first\n');
    destination.write('second\n');
    destination.write('third\n');
    destination.flushSync();
    // The first line's write was in flight; the two waiting behind it are on disk now.
    expect(readFileSync(path, 'utf8')).toContain('second\nthird\n');
    await vi.waitFor(() => expect(readFileSync(path, 'utf8').split('\n').sort()).toEqual(['', 'first', 'second', 'third']));
  });
});

describe('loggerOptions', () => {
  it('redacts passwords, headers and cookies where the server logs them, and scrubs token-like values', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (line: string) => lines.push(line) }) });
    const secret = 'correct-horse-battery';
    const token = `acme_s_${'A'.repeat(28)}`;
    app.log.info({ password: secret }, 'top level');
    app.log.info({ body: { email: 'seller@example.com', password: secret } }, 'a body');
    app.log.error({ err: Object.assign(new Error('failed'), { password: secret }) }, 'an error');
    app.log.info({ headers: { cookie: `sid=${secret}` } }, 'headers');
    app.log.info({ cookie: secret }, 'a cookie');
    app.log.info({ method: 'GET', url: `/api/x?token=${token}`, statusCode: 200 }, 'request');
    await app.close();

    const log = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(log).not.toContain(secret);
    expect(log).not.toContain(token);
    expect(log).toContain('"email":"seller@example.com"');
    expect(log).toContain('"url":"/api/x?token=[redacted]"');
  });

  it("writes each request's access line with its id, and makes the request's own logger only for a request that writes another line", async () => {
    const lines: string[] = [];
    // As app.ts makes it: Fastify's own request lines off (the access line replaces them).
    const app = Fastify({
      logger: loggerOptions('info', { write: (line: string) => lines.push(line) }),
      logController: new LogController({ disableRequestLogging: true }),
      childLoggerFactory: lazyRequestLogger,
    });
    registerAccessLog(app);
    app.get('/quiet', async () => 'ok');
    app.get('/talkative', async (request) => {
      request.log.warn({ step: 1 }, 'handler line');
      return 'ok';
    });
    const token = `acme_s_${'B'.repeat(28)}`;
    app.get('/api/auth/token/refresh/:value', async () => 'ok');
    await app.ready();
    const child = vi.spyOn(app.log, 'child');

    await app.inject('/quiet');
    expect(child).not.toHaveBeenCalled();
    await app.inject('/talkative');
    expect(child).toHaveBeenCalledTimes(1);
    await app.inject(`/api/auth/token/refresh/${token}?again=${token}`);
    await app.close();

    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const access = parsed.filter((line) => line.msg === 'request');
    expect(access.map((line) => [line.url, line.statusCode])).toEqual([
      ['/quiet', 200],
      ['/talkative', 200],
      ['/api/auth/token/refresh/[redacted]?again=[redacted]', 200],
    ]);
    const handlerLine = parsed.find((line) => line.msg === 'handler line');
    expect(handlerLine).toMatchObject({ step: 1, level: 40 });
    // The handler's line and its request's access line carry the same id; each request its own.
    expect(handlerLine?.reqId).toBe(access[1]?.reqId);
    expect(new Set(access.map((line) => line.reqId)).size).toBe(3);
    expect(lines.join('')).not.toContain(token);
  });
});
