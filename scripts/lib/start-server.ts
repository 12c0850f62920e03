/**
 * Starts the real server (`src/server/main.ts`) in a child process on a fresh temporary DATA_DIR
 * (embedded PGlite, demo accounts seeded), waits for /healthz, and returns a stop function that ends
 * that process and removes the directory. Used by the end-to-end tests and by `npm run screenshots`;
 * the first-start test runs `npm start` in a fresh copy instead and waits for its login page.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

const STARTUP_TIMEOUT_MS = 90_000;

export interface StartOptions {
  /** What to run (default: the server's sources under the TypeScript loader). */
  command?: string[];
  /** Where to run it (default: this directory). */
  cwd?: string;
  /** The path that answers 200 once it is ready (default: /healthz, the database ready). */
  readyPath?: string;
}

async function waitForReady(url: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`server exited before it was ready (${exit})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

export async function startServer(port: number, env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const [command, ...args] = options.command ?? ['npx', 'tsx', 'src/server/main.ts'];
  const child = spawn(command as string, args, {
    cwd: options.cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group, so stop() ends npx (or npm) and the server and builds under it together.
    detached: true,
  });
  let exitReason: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exitReason = `code ${code ?? '-'}, signal ${signal ?? '-'}`;
      resolve();
    });
  });

  const stop = async () => {
    if (exitReason === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const timer = setTimeout(() => child.pid !== undefined && exitReason === null && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseUrl + (options.readyPath ?? '/healthz'), () => exitReason);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
