/**
 * The real server as a child process (`tsx src/server/main.ts`), for what only a process can show:
 * SIGKILL durability, the DATA_DIR lock, graceful SIGTERM, several replicas on one PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestDatabase } from './test-database.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const TSX = `${ROOT}node_modules/.bin/tsx`;

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** The node process that runs the server (tsx's CLI is a parent that relays to it). */
  pid: number;
  output(): string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): Promise<number | string>;
}

/** The environment of a server process on a test database: demo data, no static files, a shared TOKEN_SECRET on PostgreSQL. */
export function serverEnv(db: TestDatabase, extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl,
    SEED_DEMO: 'true',
    WEB_DIR: join(db.dataDir, 'no-web'),
    EXPORT_DIR: join(db.dataDir, 'no-export'),
    TOKEN_SECRET: db.databaseUrl === undefined ? undefined : 'integration-test-secret-0123456789abcdef',
    ...extra,
  };
}

export function spawnServer(
  env: Record<string, string | undefined>,
  /** The server's working directory (where it looks for `.env`); the repository root by default. */
  cwd: string = ROOT,
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | string>;
  /** Resolves once the server listens with its database ready (its "database ready" line). */
  listening: Promise<{ baseUrl: string; pid: number }>;
} {
  const child = spawn(TSX, [`${ROOT}src/server/main.ts`], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let resolveListening: (found: { baseUrl: string; pid: number }) => void = () => undefined;
  let rejectListening: (error: Error) => void = () => undefined;
  const listening = new Promise<{ baseUrl: string; pid: number }>((resolve, reject) => {
    resolveListening = resolve;
    rejectListening = reject;
  });
  // Callers that only wait for the exit (a refused start) must not leave this rejection unhandled.
  listening.catch(() => undefined);
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    const match = /"pid":(\d+).*"address":"(http:\/\/[^"]+)".*"msg":"database ready"/.exec(output);
    if (match?.[1] !== undefined && match[2] !== undefined) resolveListening({ pid: Number(match[1]), baseUrl: match[2] });
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      rejectListening(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
      resolve(code ?? signal ?? -1);
    });
  });
  return { child, output: () => output, exited, listening };
}

export async function startServerProcess(env: Record<string, string | undefined>, options: { timeoutMs?: number; cwd?: string } = {}): Promise<ServerProcess> {
  const spawned = spawnServer(env, options.cwd);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const timer = setTimeout(() => spawned.child.kill('SIGKILL'), timeoutMs);
  try {
    const { baseUrl, pid } = await spawned.listening;
    return {
      child: spawned.child,
      baseUrl,
      pid,
      output: spawned.output,
      exited: spawned.exited,
      kill(signal) {
        // Signal the server process itself: SIGKILL to tsx's parent would leave the server running.
        try {
          process.kill(pid, signal);
        } catch {
          // Already gone.
        }
        return spawned.exited;
      },
    };
  } finally {
    clearTimeout(timer);
  }
}

/** The server processes a test file starts on test databases, so afterAll can kill what a failed test left running. */
export function serverProcesses(): {
  start(db: TestDatabase, extra?: Record<string, string>): Promise<ServerProcess>;
  killAll(): Promise<void>;
} {
  const running = new Set<ServerProcess>();
  return {
    async start(db, extra) {
      const server = await startServerProcess(serverEnv(db, extra));
      running.add(server);
      void server.exited.then(() => running.delete(server));
      return server;
    },
    async killAll() {
      for (const server of running) await server.kill('SIGKILL');
    },
  };
}
