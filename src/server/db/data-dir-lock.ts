/**
 * One process per DATA_DIR: PGlite has no multi-process locking and two writers corrupt its files.
 * The lock file holds the owner's pid; a lock whose pid is no longer running (a killed server) is stale
 * and taken over, so a crash never blocks the next start.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
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
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
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
      let pid = 0;
      try {
        pid = Number((JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown }).pid) || 0;
      } catch {
        // Unreadable or half-written lock: treat as stale.
      }
      const ours = pid === process.pid;
      if (pid > 0 && (ours ? held.has(path) : isRunning(pid))) throw new DataDirInUseError(dataDir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${path}`);
}
