/**
 * Our Fastify server as the benchmark runs it: as `npm start` runs it, the compiled server
 * (dist/node/server/main.js, from `npm run build`) on plain node, so the child's pid is the server (for
 * RSS); a checkout without it (an older commit compared beside this one) runs its sources with the tsx
 * loader. On PGlite in a fresh temporary DATA_DIR (or one given, already seeded) or on a scratch
 * PostgreSQL database, with RATE_LIMIT_PER_MINUTE at its maximum so the limiter never caps throughput.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { options, root } from './options.ts';
import { start, tsNode, waitForHttp, type Started } from './processes.ts';

export interface OurServer {
  origin: string;
  pid: number;
  startupMs: number;
  proc: Started;
  stop: () => Promise<void>;
}

export async function startOurServer(settings: {
  name: string;
  port: number;
  databaseUrl?: string;
  webDir?: string;
  env?: NodeJS.ProcessEnv;
  /** The checkout whose server runs (default: this one). */
  serverRoot?: string;
  /** A DATA_DIR prepared beforehand (e.g. seeded with npm run seed); removed on stop like a fresh one. */
  dataDir?: string;
}): Promise<OurServer> {
  const dataDir = settings.dataDir ?? mkdtempSync(join(tmpdir(), `bench-${settings.name}-`));
  const env: NodeJS.ProcessEnv = {
    PORT: String(settings.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: String(options.rateLimitPerMinute),
    ...(settings.databaseUrl === undefined ? { DATABASE_URL: undefined } : { DATABASE_URL: settings.databaseUrl, SEED_DEMO: 'true' }),
    ...(settings.webDir === undefined ? {} : { WEB_DIR: settings.webDir }),
    ...settings.env,
  };
  const compiled = join(settings.serverRoot ?? root, 'dist/node/server/main.js');
  const [command, args] = existsSync(compiled) ? [process.execPath, [compiled]] : tsNode(join(settings.serverRoot ?? root, 'src/server/main.ts'));
  const proc = start(settings.name, command, args, env);
  const origin = `http://127.0.0.1:${settings.port}`;
  const startupMs = await waitForHttp(`${origin}/healthz`, proc);
  return {
    origin,
    pid: proc.child.pid ?? -1,
    startupMs,
    proc,
    stop: async () => {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
