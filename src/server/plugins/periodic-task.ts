/**
 * A task the server runs every `intervalMs` once its database is open (the server listens before it is),
 * and never after it closes: the account recheck, the identity keys' refresh. `runAtOnce` also runs it as
 * soon as the database is open. The timer does not keep the process alive.
 */
import type { FastifyInstance } from 'fastify';

export function runPeriodically(
  app: FastifyInstance,
  databaseReady: Promise<unknown>,
  options: { intervalMs: number; runAtOnce: boolean },
  task: () => void,
): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  databaseReady.then(
    () => {
      if (closed) return;
      if (options.runAtOnce) task();
      timer = setInterval(task, options.intervalMs);
      timer.unref();
    },
    // The server stops when its database cannot open: nothing to run.
    () => undefined,
  );
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
  });
}
