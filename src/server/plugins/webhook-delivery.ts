/**
 * Webhook delivery in this process (webhooks/delivery-worker.ts): started once the database is open,
 * woken by the NOTIFY a committed delivery sends (PostgreSQL: a LISTEN connection of its own, so every
 * replica hears every commit; PGlite: its own connection), and stopped before the database closes, its
 * attempts in flight given back to the other replicas. Events point at the portal's origin
 * (lib/public-origin.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { PostgresListener } from '../db/postgres-listener.ts';
import type { WebhookSender } from '../io/webhook-sender.ts';
import { DELIVERIES_DUE_CHANNEL } from '../repositories/webhook-deliveries-repository.ts';
import type { DeliveryWorker } from '../webhooks/delivery-worker.ts';
import { setEventOrigin } from '../webhooks/outbox.ts';

export function registerWebhookDelivery(
  app: FastifyInstance,
  ctx: ServerContext,
  parts: { worker: DeliveryWorker; sender: WebhookSender; databaseReady: Promise<unknown> },
): void {
  const { worker, sender } = parts;
  let listener: PostgresListener | undefined;
  let closed = false;
  setEventOrigin(ctx.publicOrigin.value);
  app.addHook('onListen', async () => setEventOrigin(ctx.publicOrigin.value));
  parts.databaseReady.then(
    async () => {
      if (closed) return;
      const { databaseUrl } = ctx.config;
      if (databaseUrl === undefined) await ctx.db.listen?.(DELIVERIES_DUE_CHANNEL, () => worker.wake());
      else {
        const { listenForChanges } = await import('../db/postgres-listener.ts');
        listener = await listenForChanges(
          databaseUrl,
          // Back after a lost connection: what was announced meanwhile is found at once, not at the next poll.
          [{ channel: DELIVERIES_DUE_CHANNEL, onNotification: () => worker.wake(), setEnabled: (enabled) => enabled && worker.wake() }],
          (error) => app.log.warn({ err: error }, 'webhook listener lost its connection; deliveries found by polling until it reconnects'),
        );
        if (closed) await listener.close();
      }
      if (!closed) worker.start();
    },
    // The server stops when its database cannot open: nothing to deliver.
    () => undefined,
  );
  app.addHook('preClose', async () => {
    closed = true;
    await worker.stop();
    await listener?.close();
    await sender.close();
  });
}
