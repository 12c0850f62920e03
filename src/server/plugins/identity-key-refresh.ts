/**
 * With a provider API (UPSTREAM_API_URL), the signing keys are read once the database is open and again
 * every ten minutes: a key another replica made is then published here too, a day before it signs, and
 * the next key is made in time (public-api/identity-keys.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { runPeriodically } from './periodic-task.ts';

const REFRESH_MS = 10 * 60_000;

export function registerIdentityKeyRefresh(app: FastifyInstance, ctx: ServerContext, databaseReady: Promise<unknown>): void {
  const ring = ctx.providerApi?.keyRing;
  if (ring === undefined) return;
  runPeriodically(app, databaseReady, { intervalMs: REFRESH_MS, runAtOnce: true }, () => {
    void ring.refresh().catch((error: unknown) => app.log.error({ err: error }, 'identity signing keys could not be read'));
  });
}
