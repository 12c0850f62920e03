/**
 * The DATA_DIR lock (src/server/db/data-dir-lock.ts) tells its owner from a process that only reuses its pid:
 * a lock is held while its pid runs with the start time recorded in it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/db/data-dir-lock.ts';
import { processStartTime } from '../../src/server/db/process-identity.ts';
import { createTestDatabase, TEST_DATABASE } from './support/test-database.ts';
import { startTestServer } from './support/test-server.ts';

/** An unrelated live process: its pid stands for one the kernel handed on after a server crashed. */
let bystander: ChildProcess;
const dirs: string[] = [];

beforeAll(() => {
  bystander = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
});
afterAll(() => {
  bystander.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDirWithLock(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'lock-test-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'server.lock'), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

const pid = () => bystander.pid ?? -1;

describe('a lock left by a crashed server', () => {
  it('is taken over when its pid now belongs to a process that started at another time', () => {
    const recorded = processStartTime(process.pid);
    expect(recorded).toBeDefined();
    expect(processStartTime(pid())).not.toBe(recorded);
    const dir = dataDirWithLock({ pid: pid(), started: recorded });
    const lock = lockDataDir(dir);
    const written = JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8')) as { pid: number; started: string };
    expect(written).toMatchObject({ pid: process.pid, started: processStartTime(process.pid) });
    lock.release();
  });

  it('is taken over when its pid no longer runs, or when it cannot be read', () => {
    for (const content of [{ pid: 2 ** 22 + 7, started: 'linux:x:1' }, { pid: 2 ** 22 + 7 }, '{"pid":', '']) {
      lockDataDir(dataDirWithLock(content)).release();
    }
  });
});

describe('a lock whose owner is alive', () => {
  it('refuses a second owner, naming the pid', () => {
    const dir = dataDirWithLock({ pid: pid(), started: processStartTime(pid()) });
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`DATA_DIR .* is in use by another server process \\(pid ${pid()}\\)`));
  });

  it('refuses when an older lock records only the pid of a live process', () => {
    expect(() => lockDataDir(dataDirWithLock({ pid: pid() }))).toThrow(/in use/);
  });

  it('refuses this process a second lock on a directory it holds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-test-'));
    dirs.push(dir);
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/in use/);
    lock.release();
    lockDataDir(dir).release();
  });
});

if (TEST_DATABASE === 'pglite') {
  it('the server starts on a DATA_DIR whose lock names a reused pid', async () => {
    const database = await createTestDatabase();
    writeFileSync(join(database.dataDir, 'server.lock'), JSON.stringify({ pid: pid(), started: processStartTime(process.pid) }));
    const server = await startTestServer({ database });
    try {
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
      await database.drop();
    }
  });
}
