/**
 * With an external provider (AUTH_PROVIDER ldap, oidc, wms), accounts with a live session or token are
 * looked up again at least every ACCOUNT_RECHECK_MINUTES (accounts/recheck.ts). The timer ticks at twice
 * that rate (at most once a minute), so no account waits much past its bound. Every replica runs it; the
 * claim (SKIP LOCKED) shares the accounts between them.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { recheckDueAccounts } from '../accounts/recheck.ts';
import { runPeriodically } from './periodic-task.ts';

/** `databaseReady`: the timer starts once the database is open (the server listens before it is). */
export function registerAccountRecheck(app: FastifyInstance, ctx: ServerContext, databaseReady: Promise<unknown>): void {
  const lookup = ctx.identity.lookup;
  if (lookup === undefined) return;
  const tickMs = Math.min(60_000, (ctx.config.accountRecheckMinutes * 60_000) / 2);
  let running = false;
  const tick = () => {
    // One pass at a time: a slow provider must not stack passes up.
    if (running) return;
    running = true;
    recheckDueAccounts(ctx, lookup, app.log)
      .then((totals) => {
        if (totals.closed + totals.reopened + totals.unreachable > 0) app.log.info({ provider: lookup.kind, ...totals }, 'account recheck');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'account recheck failed'))
      .finally(() => {
        running = false;
      });
  };
  runPeriodically(app, databaseReady, { intervalMs: tickMs, runAtOnce: false }, tick);
}
