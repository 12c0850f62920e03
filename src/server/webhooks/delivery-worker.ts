/**
 * The delivery workers of one process. Woken when a delivery commits (NOTIFY from any replica, or a
 * handler of this one) and every second regardless (retries come due, a notification may be lost), a
 * worker claims due deliveries, sends each, and records the attempts answered meanwhile in one
 * transaction that moves their deliveries on: succeeded, the next retry, or failed for good.
 *
 * At most `concurrency` deliveries are in flight, and at most `perEndpoint` to one endpoint, so a slow or
 * dead endpoint holds a few places and never delays the others' deliveries. As many again are claimed
 * ahead, so a freed place starts the next delivery at once instead of waiting for a claim. What is
 * claimed is leased for two attempts' deadlines and a margin: a process killed mid-delivery leaves it to
 * any replica when the lease ends, with the same webhook-id. Nothing of a payload, a secret or an answer
 * is logged.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/database.ts';
import type { TokenKeys } from '../io/token-keys.ts';
import type { WebhookSender } from '../io/webhook-sender.ts';
import { FAILING_DISABLE_MS, nextAttemptAfter, RETRY_DELAYS_MS } from '../lib/webhook-schedule.ts';
import { recordActivity } from '../repositories/activity-repository.ts';
import {
  claimDeliveries,
  deferWaitingDeliveries,
  recordAttempts,
  releaseLeases,
  type AttemptRecord,
  type ClaimedDelivery,
} from '../repositories/webhook-deliveries-repository.ts';
import {
  disableGoneEndpoint,
  markEndpointFailing,
  markEndpointsSucceeding,
  secretBinding,
  type EndpointRow,
} from '../repositories/webhook-endpoints-repository.ts';
import { signedHeaders } from './signing.ts';

const POLL_MS = 1_000;
/**
 * A claimed delivery may wait for its endpoint's place while the attempts before it run to their deadline,
 * then run to its own: two deadlines, and a margin to sign and commit, before its lease may run out.
 */
const LEASE_ATTEMPTS = 2;
const LEASE_MARGIN_MS = 5_000;
const SECRETS_KEPT = 1_000;
const SYSTEM_ORIGIN = { ipAddress: null, userAgent: null };

export interface DeliveryWorkerOptions {
  db: () => Database;
  keys: TokenKeys;
  now: () => number;
  sender: WebhookSender;
  concurrency: number;
  perEndpoint: number;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

export interface DeliveryWorker {
  /** Looks for due deliveries now (a delivery committed, or a place came free). */
  wake(): void;
  start(): void;
  /** Stops claiming, abandons attempts in flight and gives their leases back. */
  stop(): Promise<void>;
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const owner = randomUUID();
  const inFlight = new Map<number, { controller: AbortController; done: Promise<void> }>();
  /** Per endpoint: deliveries in flight; and in flight or claimed ahead, waiting for a place. */
  const running = new Map<number, number>();
  const held = new Map<number, number>();
  const queued = new Map<number, ClaimedDelivery[]>();
  let started = false;
  let stopped = false;
  let claiming = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  /** Attempts answered and not yet recorded; `flushed` settles when the batch being written is. */
  const answered: AttemptRecord[] = [];
  let flushing = false;
  let flushed: Promise<void> = Promise.resolve();

  /** Decrypted secrets by endpoint and ciphertext, so a busy endpoint's are decrypted once; emptied past a bound. */
  const decrypted = new Map<string, string | undefined>();
  const decrypt = (endpointId: number, ciphertext: Uint8Array): string | undefined => {
    const key = `${endpointId}:${Buffer.from(ciphertext).toString('base64')}`;
    if (!decrypted.has(key)) {
      if (decrypted.size >= SECRETS_KEPT) decrypted.clear();
      decrypted.set(key, options.keys.decrypt(ciphertext, secretBinding(endpointId)));
    }
    return decrypted.get(key);
  };

  const secretsOf = (delivery: ClaimedDelivery, at: number): string[] => {
    const current = decrypt(delivery.endpoint_id, delivery.secret_ciphertext);
    if (current === undefined) throw new Error(`webhook endpoint ${delivery.endpoint_id}: its secret does not decrypt with this server's token keys`);
    const secrets = [current];
    const previousEnds = delivery.previous_secret_ends_at;
    if (delivery.previous_secret_ciphertext !== null && previousEnds !== null && previousEnds.getTime() > at) {
      const previous = decrypt(delivery.endpoint_id, delivery.previous_secret_ciphertext);
      if (previous !== undefined) secrets.push(previous);
    }
    return secrets;
  };

  const disabledActivity = async (tx: Transaction, endpoint: EndpointRow, reason: 'gone' | 'failing') => {
    await recordActivity(tx, {
      userId: endpoint.user_id,
      type: 'webhook_endpoint_disabled',
      origin: SYSTEM_ORIGIN,
      details: { webhookEndpointId: endpoint.id, webhookUrl: endpoint.url, environment: endpoint.environment, webhookDisabledReason: reason },
    });
  };

  async function deliver(delivery: ClaimedDelivery, signal: AbortSignal): Promise<AttemptRecord> {
    const attempt = delivery.attempts + 1;
    const at = options.now();
    const headers = signedHeaders(delivery.event_id, delivery.payload, secretsOf(delivery, at), new Date());
    const answer = await options.sender.send(delivery.url, headers, delivery.payload, signal);
    const status = answer.statusCode;
    const succeeded = status !== null && status >= 200 && status < 300;
    const next = succeeded || status === 410 ? undefined : nextAttemptAfter(attempt, options.now());
    return {
      deliveryId: delivery.id,
      userId: delivery.user_id,
      endpointId: delivery.endpoint_id,
      eventType: delivery.event_type,
      attempt,
      at: new Date(at),
      succeeded,
      statusCode: status,
      durationMs: answer.durationMs,
      error: answer.error,
      responseBody: answer.responseBody,
      nextAttemptAt: next === undefined ? null : new Date(next),
    };
  }

  /**
   * What a batch of attempts does to their endpoints, in order per endpoint: a 410 switches it off; a success
   * clears its failing; a failure after its last success starts (or continues) it, holds back its waiting
   * deliveries for the first retry's delay, and switches it off once it has failed for 5 days.
   */
  async function updateEndpoints(tx: Transaction, attempts: readonly AttemptRecord[]): Promise<void> {
    const byEndpoint = new Map<number, AttemptRecord[]>();
    for (const attempt of attempts) byEndpoint.set(attempt.endpointId, [...(byEndpoint.get(attempt.endpointId) ?? []), attempt]);
    const succeeding: number[] = [];
    for (const [endpointId, ofEndpoint] of byEndpoint) {
      if (ofEndpoint.some((attempt) => attempt.statusCode === 410)) {
        const disabled = await disableGoneEndpoint(tx, endpointId);
        if (disabled !== undefined) await disabledActivity(tx, disabled, 'gone');
        continue;
      }
      const lastSuccess = ofEndpoint.findLastIndex((attempt) => attempt.succeeded);
      const firstFailureSince = ofEndpoint[lastSuccess + 1];
      if (firstFailureSince === undefined) {
        succeeding.push(endpointId);
        continue;
      }
      if (lastSuccess >= 0) await markEndpointsSucceeding(tx, [endpointId]);
      const now = options.now();
      const disabled = await markEndpointFailing(tx, endpointId, firstFailureSince.at, new Date(now - FAILING_DISABLE_MS));
      if (disabled !== undefined) await disabledActivity(tx, disabled, 'failing');
      // Its next arrivals wait for its first retry's delay instead of each spending an attempt's deadline now.
      else await deferWaitingDeliveries(tx, endpointId, new Date(now + (RETRY_DELAYS_MS[0] ?? 0)));
    }
    await markEndpointsSucceeding(tx, succeeding);
  }

  /** Writes what has been answered, in one transaction per batch; attempts answered meanwhile wait for the next. */
  function flush(): void {
    if (flushing || answered.length === 0) return;
    flushing = true;
    const batch = answered.splice(0, answered.length);
    flushed = options
      .db()
      .transaction(async (tx) => {
        const held = await recordAttempts(tx, owner, batch);
        await updateEndpoints(
          tx,
          batch.filter((attempt) => held.has(attempt.deliveryId)),
        );
      })
      .catch((error: unknown) => {
        // Their leases run out and they are sent again: at least once, never lost.
        options.log.warn({ err: error, attempts: batch.length }, 'webhook attempts not recorded; sent again when their leases end');
      })
      .finally(() => {
        flushing = false;
        flush();
      });
  }

  const change = (counts: Map<number, number>, endpointId: number, by: number) => {
    const count = (counts.get(endpointId) ?? 0) + by;
    if (count <= 0) counts.delete(endpointId);
    else counts.set(endpointId, count);
  };

  function begin(delivery: ClaimedDelivery): void {
    const controller = new AbortController();
    change(running, delivery.endpoint_id, 1);
    const done = deliver(delivery, controller.signal)
      .then((attempt) => {
        answered.push(attempt);
        flush();
      })
      .catch((error: unknown) => {
        // Abandoned at shutdown: stop() gives the lease back. Otherwise the lease runs out and it is retried.
        if (!controller.signal.aborted) options.log.warn({ err: error, deliveryId: delivery.id }, 'webhook delivery failed; retried when its lease ends');
      })
      .finally(() => {
        inFlight.delete(delivery.id);
        change(running, delivery.endpoint_id, -1);
        change(held, delivery.endpoint_id, -1);
        startQueued();
        wake();
      });
    inFlight.set(delivery.id, { controller, done });
  }

  /** Starts what was claimed ahead, wherever a place is free: in all, and at its endpoint. */
  function startQueued(): void {
    for (const [endpointId, waiting] of queued) {
      while (waiting.length > 0 && inFlight.size < options.concurrency && (running.get(endpointId) ?? 0) < options.perEndpoint) {
        const next = waiting.shift();
        if (next !== undefined) begin(next);
      }
      if (waiting.length === 0) queued.delete(endpointId);
    }
  }

  /**
   * Claims up to twice the places, and twice each endpoint's: what cannot start at once waits here and
   * starts the moment a place frees, so no place waits for a claim's round trips to the database.
   */
  async function claimWhileDue(): Promise<void> {
    do {
      again = false;
      const heldInAll = [...held.values()].reduce((sum, count) => sum + count, 0);
      const room = 2 * options.concurrency - heldInAll;
      if (room <= 0 || stopped) return;
      const full = [...held].filter(([, count]) => count >= 2 * options.perEndpoint).map(([id]) => id);
      const now = options.now();
      const claimed = await options.db().transaction((tx) =>
        claimDeliveries(tx, {
          now: new Date(now),
          leaseEnd: new Date(now + LEASE_ATTEMPTS * options.timeoutMs + LEASE_MARGIN_MS),
          owner,
          limit: room,
          skipEndpoints: full,
          perEndpoint: (id) => 2 * options.perEndpoint - (held.get(id) ?? 0),
        }),
      );
      if (stopped) {
        await releaseLeases(
          options.db(),
          claimed.map((delivery) => delivery.id),
          owner,
          new Date(now),
        );
        return;
      }
      for (const delivery of claimed) {
        change(held, delivery.endpoint_id, 1);
        queued.set(delivery.endpoint_id, [...(queued.get(delivery.endpoint_id) ?? []), delivery]);
      }
      startQueued();
      if (claimed.length > 0) again = true;
    } while (again);
  }

  /** Claims on the next turn of the event loop: the wakes of many answers that arrive together make one claim. */
  function wake(): void {
    if (!started || stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    setImmediate(() => {
      claimWhileDue()
        .catch((error: unknown) => options.log.warn({ err: error }, 'claiming webhook deliveries failed; tried again shortly'))
        .finally(() => {
          claiming = false;
          if (again) wake();
        });
    });
  }

  return {
    wake,
    start() {
      if (started || stopped) return;
      started = true;
      timer = setInterval(wake, POLL_MS);
      timer.unref();
      wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      const abandoned = [...inFlight.keys(), ...[...queued.values()].flat().map((delivery) => delivery.id)];
      queued.clear();
      for (const { controller } of inFlight.values()) controller.abort();
      await Promise.all([...inFlight.values()].map(({ done }) => done));
      while (flushing || answered.length > 0) {
        flush();
        await flushed;
      }
      if (abandoned.length > 0) await releaseLeases(options.db(), abandoned, owner, new Date(options.now())).catch(() => undefined);
    },
  };
}
