/** The server's log destination and its redaction: every line arrives, in order, and no secret does. */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StandardOutputLog } from '../../../src/server/lib/log-destination.ts';
import { loggerOptions } from '../../../src/server/plugins/access-log.ts';

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
});
