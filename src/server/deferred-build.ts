/**
 * The first `npm start` on a fresh clone builds only what the login page needs before the server listens.
 * scripts/start.mjs runs `scripts/build.ts --first-start` (generate from the spec; it writes
 * dist/.deferred-build), then this server from its sources; the server builds the app
 * (scripts/build-web.mjs) before it listens and opens the database, and after it listens builds the rest
 * (`--rest`: the compiled server for the next start, the downloads, the prerendered documentation pages,
 * the compressed copies) in a child process at low priority. Each part writes its stamp when done (the
 * names are scripts/lib/build-stamps.mjs's), so a part cut short is done again on the next start.
 * A server built with `npm run build` has no dist/.deferred-build and never builds anything.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join, resolve } from 'node:path';

/** Relative to the repository root; kept equal to scripts/lib/build-stamps.mjs by tests/unit/scripts/build-stamps.test.ts. */
export const BUILD_STAMP_FILES = { deferred: 'dist/.deferred-build', web: 'dist/.web-stamp', complete: 'dist/.build-stamp' } as const;

export type BuildPart = 'web' | 'rest';

/** The parts the first start still owes; none unless the server serves the repository's own dist/. */
export function owedBuildParts(root: string, dirs: { webDir: string; exportDir: string }): BuildPart[] {
  if (resolve(dirs.webDir) !== join(root, 'dist/web') || resolve(dirs.exportDir) !== join(root, 'dist/export')) return [];
  const read = (file: string) => (existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined);
  const deferred = read(BUILD_STAMP_FILES.deferred);
  if (deferred === undefined) return [];
  const parts: BuildPart[] = [];
  if (read(BUILD_STAMP_FILES.web) !== deferred) parts.push('web');
  if (read(BUILD_STAMP_FILES.complete) !== deferred) parts.push('rest');
  return parts;
}

export interface BuildChild {
  /** Resolves when the part is built; rejects when the build failed or was stopped. */
  done: Promise<void>;
  stop(): void;
}

/** The command of each part, run in the repository root on this node. */
const PART_ARGS: Record<BuildPart, string[]> = {
  // Plain JavaScript: no TypeScript loader to start before vite.
  web: ['scripts/build-web.mjs', '--stamp'],
  rest: ['--import', 'tsx', 'scripts/build.ts', '--rest'],
};

/** Runs one part of the build in a child process; its output goes where the server's does. */
export function buildPart(root: string, part: BuildPart, options: { lowPriority: boolean }): BuildChild {
  const child = spawn(process.execPath, PART_ARGS[part], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  // Requests come first: the rest of the build takes what CPU they leave.
  if (options.lowPriority && child.pid !== undefined) {
    try {
      setPriority(child.pid, 10);
    } catch {
      // Not allowed here: it runs at normal priority.
    }
  }
  const done = new Promise<void>((resolveDone, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolveDone() : reject(new Error(`build --${part} ${signal === null ? `exited with ${code}` : `stopped by ${signal}`}`)),
    );
  });
  return {
    done,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}
