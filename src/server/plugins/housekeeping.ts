/**
 * Periodic clean-up, so tables that grow with traffic stay small: expired sessions, failed-login windows
 * that have ended, previous token values whose grace window has ended (they already match nothing), the
 * request log past REQUEST_LOG_DAYS (day partitions dropped, new ones created ahead), and activity events past
 * ACTIVITY_LOG_DAYS (in batches, so a backlog never locks the table for long), and webhook events, deliveries
 * and attempts past WEBHOOK_LOG_DAYS (in batches too).
 * Every replica runs it; each statement is idempotent.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { deleteOldActivity } from '../repositories/activity-repository.ts';
import { clearEndedGraceWindows } from '../repositories/api-tokens-repository.ts';
import { deleteExpiredSessions } from '../repositories/sessions-repository.ts';
import { deleteOldWebhookLog } from '../repositories/webhook-deliveries-repository.ts';

const INTERVAL_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function cleanUp(ctx: ServerContext): Promise<void> {
  await deleteExpiredSessions(ctx.db, ctx.config.sessionIdleMinutes);
  await ctx.db.query('DELETE FROM login_failures WHERE window_start <= now() - make_interval(secs => $1)', [ctx.loginThrottle.windowSeconds]);
  await clearEndedGraceWindows(ctx.db);
  await ctx.requestLog.applyRetention(ctx.config.requestLogDays);
  await deleteOldActivity(ctx.db, ctx.config.activityLogDays);
  // The server's clock, as the deliveries were stamped with it.
  await deleteOldWebhookLog(ctx.db, new Date(ctx.now() - ctx.config.webhookLogDays * DAY_MS));
}

export function registerHousekeeping(app: FastifyInstance, ctx: ServerContext): void {
  const timer = setInterval(() => {
    cleanUp(ctx).catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'));
  }, INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
