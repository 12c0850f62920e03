/**
 * Start-up time of `npm start` on an already-built tree: from spawning `npm start` to /healthz 200.
 * It includes npm itself, the prestart staleness check (hashes every build input) and tsx; "fresh"
 * runs start on an empty DATA_DIR (migrations, demo data, key generation), "restart" on the DATA_DIR
 * the previous run left. The tree is brought up to date (build --if-stale, not timed) before each
 * run; a run whose prestart still rebuilt (sources edited meanwhile) is left out and counted.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { options } from './lib/options.ts';
import { runToEnd, start, tsNode, waitForHttp } from './lib/processes.ts';
import { summarize, type Summary } from './lib/stats.ts';

export interface StartupResult {
  fresh: Summary | null;
  restart: Summary | null;
  /** The server's own figure (its "startupMs" log field: process start to listening). */
  serverFresh: Summary | null;
  serverRestart: Summary | null;
  rebuiltRunsLeftOut: number;
}

interface Timed {
  ms: number;
  serverMs: number;
  rebuilt: boolean;
}

async function timeNpmStart(dataDir: string, run: string): Promise<Timed> {
  const [command, args] = tsNode('scripts/build.ts', ['--if-stale']);
  await runToEnd(`build-before-${run}`, command, args);
  const proc = start(`npm-start-${run}`, 'npm', ['start'], {
    PORT: String(options.ports.startup),
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
  });
  try {
    const ms = await waitForHttp(`http://127.0.0.1:${options.ports.startup}/healthz`, proc, 180_000);
    const log = readFileSync(proc.logFile, 'utf8');
    const serverMs = Number(/"startupMs":(\d+(?:\.\d+)?)/.exec(log)?.[1] ?? Number.NaN);
    return { ms, serverMs, rebuilt: /build: done/.test(log) };
  } finally {
    await proc.stop();
  }
}

export async function measureStartup(log: (line: string) => void): Promise<StartupResult> {
  const fresh: Timed[] = [];
  const restart: Timed[] = [];
  for (let run = 0; run < options.startupRuns; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
    try {
      const first = await timeNpmStart(dataDir, `${run}-fresh`);
      const second = await timeNpmStart(dataDir, `${run}-restart`);
      fresh.push(first);
      restart.push(second);
      log(
        `  npm start: fresh ${Math.round(first.ms)} ms${first.rebuilt ? ' (rebuilt)' : ''}, restart ${Math.round(second.ms)} ms${second.rebuilt ? ' (rebuilt)' : ''}`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  }
  const kept = (list: Timed[]): Timed[] => list.filter((timed) => !timed.rebuilt);
  return {
    fresh: summarize(kept(fresh).map((timed) => timed.ms)),
    restart: summarize(kept(restart).map((timed) => timed.ms)),
    serverFresh: summarize(kept(fresh).map((timed) => timed.serverMs)),
    serverRestart: summarize(kept(restart).map((timed) => timed.serverMs)),
    rebuiltRunsLeftOut: [...fresh, ...restart].filter((timed) => timed.rebuilt).length,
  };
}
