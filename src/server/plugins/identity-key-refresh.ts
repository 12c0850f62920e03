/**
 * With a provider API (UPSTREAM_API_URL), the signing keys are read once the database is open and again
 * every ten minutes: a key another replica made is then published here too, a day before it signs, and
 * the next key is made in time (public-api/identity-keys.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';

const REFRESH_MS = 10 * 60_000;

export function registerIdentityKeyRefresh(app: FastifyInstance, ctx: ServerContext, databaseReady: Promise<unknown>): void {
  const ring = ctx.providerApi?.keyRing;
  if (ring === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const refresh = () => ring.refresh().catch((error: unknown) => app.log.error({ err: error }, 'identity signing keys could not be read'));
  databaseReady.then(
    () => {
      if (closed) return;
      void refresh();
      timer = setInterval(refresh, REFRESH_MS);
      timer.unref();
    },
    () => undefined,
  );
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
  });
}
