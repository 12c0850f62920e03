/**
 * Start-up, side by side in one run (goals 3 and 4, below), each timed from spawning the process:
 *   vite build      the same app alone (`vite build` on node, in the clone, after its first start generated)
 *   first start     `npm start` in a fresh `git clone` of HEAD (node_modules linked to this checkout's, so
 *                   npm ci is not timed; empty ./data) until /login answers 200; then until /healthz does
 *                   (the database ready); then until the downloads, built after listen, answer 200
 *   restart         `npm start` again on the data folder the first start left, until /login answers 200; then
 *                   the server alone (`node dist/node/server/main.js`, no npm, no staleness check) the same way
 *   bare PGlite     a node process that opens that data folder with PGlite and runs SELECT 1 (bench/lib/bare-pglite.mjs);
 *                   then the same started by `npm start` (npm's own share of a restart, which no server avoids)
 * Goals: first start at most 2x vite build; restart at most 1.5x the bare PGlite open.
 * BENCH_STARTUP_COMMIT checks out another commit in the clone (e.g. the one before a change).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { options, root } from './lib/options.ts';
import { runToEnd, start, waitForHttp } from './lib/processes.ts';
import { summarize, type Summary } from './lib/stats.ts';

export interface StartupResult {
  viteBuild: Summary | null;
  firstStart: Summary | null;
  /** From spawning the first `npm start` to the downloads answering (built after listen). */
  downloadsReady: Summary | null;
  restart: Summary | null;
  /** The same restart without npm and the staleness check: `node dist/node/server/main.js` to /login 200. */
  serverRestart: Summary | null;
  /** The first start until /healthz answers 200 (the database created, migrated and seeded: sign-in works). */
  firstStartDatabase: Summary | null;
  /** The `npm start` restart until /healthz answers 200. */
  restartDatabase: Summary | null;
  barePglite: Summary | null;
  /** The same bare open started by `npm start` (a package whose start script is it): npm's own share, measured. */
  barePgliteViaNpm: Summary | null;
  /** Each run's first start over the same run's vite build: single runs vary by a third on this shared machine. */
  firstStartRatios?: number[];
  /** Machine load (1-minute average) when the runs began. */
  load: number;
}

interface Run {
  viteBuild: number;
  firstStart: number;
  firstStartDatabase: number;
  restartDatabase: number;
  downloadsReady: number;
  restart: number;
  serverRestart: number;
  barePglite: number;
  barePgliteViaNpm: number;
}

const BARE_PGLITE = join(root, 'bench/lib/bare-pglite.mjs');

/**
 * Spawn to the line the bare open prints once SELECT 1 answered; with viaNpm, `npm start` in a directory whose
 * package.json's start script is that same command (what npm adds to any server it starts).
 */
function timeBarePglite(pgdata: string, cwd: string, viaNpm = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const command = viaNpm ? 'npm' : process.execPath;
    const args = viaNpm ? ['start'] : [BARE_PGLITE, pgdata];
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve(performance.now() - started);
    });
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`bare PGlite open exited with ${code}`))));
  });
}

async function timeStart(
  clone: string,
  name: string,
  command: string[],
  waitForDownloads: boolean,
): Promise<{ login: number; database: number; downloads: number }> {
  const port = options.ports.startup;
  const started = performance.now();
  const env = { PORT: String(port), DATA_DIR: undefined, DATABASE_URL: undefined, WEB_DIR: undefined, EXPORT_DIR: undefined };
  const proc = start(name, command[0]!, command.slice(1), env, { cwd: clone });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/login`, proc, 300_000);
    const login = performance.now() - started;
    // The server listens before its database is ready (src/server/plugins/database-gate.ts): /healthz waits for it.
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, proc, 300_000);
    const database = performance.now() - started;
    if (waitForDownloads) await waitForHttp(`http://127.0.0.1:${port}/downloads/openapi.yaml`, proc, 300_000);
    const downloads = performance.now() - started;
    return { login, database, downloads };
  } finally {
    await proc.stop();
  }
}

async function oneRun(run: number): Promise<Run> {
  const clone = mkdtempSync(join(tmpdir(), 'bench-first-start-'));
  try {
    execFileSync('git', ['clone', '--quiet', root, clone]);
    // Another commit's first start and restart, measured the same way (a before/after comparison).
    const commit = process.env.BENCH_STARTUP_COMMIT;
    if (commit !== undefined) execFileSync('git', ['checkout', '--quiet', commit], { cwd: clone });
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
    const first = await timeStart(clone, `first-start-${run}`, ['npm', 'start'], true);
    const viteBuild = await runToEnd(
      `vite-build-${run}`,
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', join(clone, 'vite-alone'), '--emptyOutDir'],
      {},
      clone,
    );
    const second = await timeStart(clone, `restart-${run}`, ['npm', 'start'], false);
    const server = await timeStart(clone, `server-restart-${run}`, [process.execPath, 'dist/node/server/main.js'], false);
    const barePglite = await timeBarePglite(join(clone, 'data/pgdata'), clone);
    const npmPackage = join(clone, 'bare-pglite-via-npm');
    mkdirSync(npmPackage);
    const script = `node ${JSON.stringify(BARE_PGLITE)} ${JSON.stringify(join(clone, 'data/pgdata'))}`;
    writeFileSync(join(npmPackage, 'package.json'), JSON.stringify({ name: 'bare-pglite', private: true, scripts: { start: script } }));
    const barePgliteViaNpm = await timeBarePglite(join(clone, 'data/pgdata'), npmPackage, true);
    return {
      viteBuild,
      firstStart: first.login,
      firstStartDatabase: first.database,
      downloadsReady: first.downloads,
      restart: second.login,
      restartDatabase: second.database,
      serverRestart: server.login,
      barePglite,
      barePgliteViaNpm,
    };
  } finally {
    rmSync(clone, { recursive: true, force: true, maxRetries: 5 });
  }
}

export async function measureStartup(log: (line: string) => void): Promise<StartupResult> {
  const load = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  const runs: Run[] = [];
  for (let run = 0; run < options.startupRuns; run += 1) {
    const result = await oneRun(run);
    runs.push(result);
    const ms = (value: number) => `${Math.round(value)} ms`;
    log(
      `  vite build ${ms(result.viteBuild)}, first start ${ms(result.firstStart)} (downloads ${ms(result.downloadsReady)}), restart ${ms(result.restart)} (server alone ${ms(result.serverRestart)}), bare PGlite open ${ms(result.barePglite)} (through npm start ${ms(result.barePgliteViaNpm)})`,
    );
  }
  const of = (pick: (run: Run) => number) => summarize(runs.map(pick));
  return {
    viteBuild: of((run) => run.viteBuild),
    firstStart: of((run) => run.firstStart),
    firstStartDatabase: of((run) => run.firstStartDatabase),
    restartDatabase: of((run) => run.restartDatabase),
    downloadsReady: of((run) => run.downloadsReady),
    restart: of((run) => run.restart),
    serverRestart: of((run) => run.serverRestart),
    barePglite: of((run) => run.barePglite),
    barePgliteViaNpm: of((run) => run.barePgliteViaNpm),
    firstStartRatios: runs.map((run) => run.firstStart / run.viteBuild),
    load,
  };
}
