/**
 * Start-up time of `npm start` on an already-built tree: from spawning `npm start` to /healthz 200.
 * It includes npm itself, the prestart staleness check (hashes every build input) and tsx; "fresh"
 * runs start on an empty DATA_DIR (migrations, demo data, key generation), "restart" on the DATA_DIR
 * the previous run left.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { options } from './lib/options.ts';
import { start, waitForHttp } from './lib/processes.ts';
import { summarize, type Summary } from './lib/stats.ts';

export interface StartupResult {
  fresh: Summary | null;
  restart: Summary | null;
}

async function timeNpmStart(dataDir: string, run: string): Promise<number> {
  const proc = start(`npm-start-${run}`, 'npm', ['start', '--silent'], {
    PORT: String(options.ports.startup),
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
  });
  try {
    return await waitForHttp(`http://127.0.0.1:${options.ports.startup}/healthz`, proc, 180_000);
  } finally {
    await proc.stop();
  }
}

export async function measureStartup(log: (line: string) => void): Promise<StartupResult> {
  const fresh: number[] = [];
  const restart: number[] = [];
  for (let run = 0; run < options.startupRuns; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
    try {
      fresh.push(await timeNpmStart(dataDir, `${run}-fresh`));
      restart.push(await timeNpmStart(dataDir, `${run}-restart`));
      log(`  npm start: fresh ${Math.round(fresh.at(-1) ?? 0)} ms, restart ${Math.round(restart.at(-1) ?? 0)} ms`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { fresh: summarize(fresh), restart: summarize(restart) };
}
