/**
 * One process per DATA_DIR: PGlite has no multi-process locking and two writers corrupt its files.
 * The lock file holds the owner's pid and its start time (process-identity.ts). A lock is held while a
 * process with that pid runs *and* started at that time; otherwise it is stale (a killed server, or its
 * pid reused by an unrelated process after a crash) and is taken over, so a crash never blocks the next
 * start. A lock without a start time (written by an older version) falls back to the pid alone.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { processStartTime } from './process-identity.ts';

class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another server process (pid ${pid}). ` +
        'The embedded database allows one process per data directory: stop the other process, ' +
        'choose another DATA_DIR, or use DATABASE_URL (PostgreSQL) to run several processes.',
    );
    this.name = 'DataDirInUseError';
  }
}

interface LockContent {
  pid: number;
  /** processStartTime(pid) when the lock was taken; absent in locks of older versions. */
  started?: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote the lock is still the one running under its pid. */
function isHeldBy(owner: LockContent): boolean {
  if (!isRunning(owner.pid)) return false;
  if (owner.started === undefined) return true;
  const current = processStartTime(owner.pid);
  // Unknown now (e.g. ps missing): the pid alone decides, as before start times were recorded.
  return current === undefined || current === owner.started;
}

function readLock(path: string): LockContent | undefined {
  try {
    const content = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; started?: unknown };
    const pid = Number(content.pid);
    if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
    return typeof content.started === 'string' ? { pid, started: content.started } : { pid };
  } catch {
    // Unreadable or half-written lock: stale.
    return undefined;
  }
}

/** Lock files this process holds: our own pid in a lock file we do not hold is a previous life (container restart). */
const held = new Set<string>();

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      // Written whole under another name, then linked into place (fails if the lock exists): another
      // process never reads a half-written lock and takes it for a stale one.
      const draft = `${path}.${process.pid}.draft`;
      writeFileSync(draft, JSON.stringify({ pid: process.pid, started: processStartTime(process.pid), host: hostname(), since: new Date().toISOString() }), {
        mode: 0o600,
      });
      try {
        linkSync(draft, path);
      } finally {
        rmSync(draft, { force: true });
      }
      held.add(path);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(path);
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLock(path);
      if (owner !== undefined && (owner.pid === process.pid ? held.has(path) : isHeldBy(owner))) throw new DataDirInUseError(dataDir, owner.pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${path}`);
}
