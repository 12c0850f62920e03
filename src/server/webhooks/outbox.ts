/**
 * The outbox: a change and the events it fires are written in one transaction, so an event is delivered
 * exactly when its change committed (a rollback leaves neither). The payload is serialised here, once:
 * its bytes are what every attempt, retry and replay signs and sends.
 */
import type { Transaction } from '../db/database.ts';
import { newEventId } from '../lib/webhook-ids.ts';
import type { Schemas } from '../lib/schemas.ts';
import { announceDeliveries, insertEventsWithDeliveries, type OutboxEvent } from '../repositories/webhook-deliveries-repository.ts';
import type { TokenEnvironment } from '../../shared/token-environment.ts';

export type WebhookEventType = Schemas['WebhookEventType'];

export interface ResourceEvent {
  /** users.id whose endpoints hear it. */
  accountId: number;
  environment: TokenEnvironment;
  type: WebhookEventType;
  resourceId: number;
  /** The public API's path under /api/v1, e.g. '/seller/orders/normal/1042'. */
  resourcePath: string;
  changes: Record<string, { previous: string | number; current: string | number }>;
  time: Date;
}

/**
 * Where resourceUrl points: the portal's origin (lib/public-origin.ts), set by plugins/webhook-delivery.ts
 * once the server listens: recordEvents is called inside other code's transactions, with nothing
 * else to carry it.
 */
let eventOrigin = 'http://localhost:8080';

export function setEventOrigin(origin: string): void {
  eventOrigin = origin.replace(/\/+$/, '');
}

/** The public API's URL of a path under /api/v1, as events and the simulations' answers name a resource. */
export function resourceUrlOf(resourcePath: string): string {
  return `${eventOrigin}/api/v1${resourcePath}`;
}

/** The exact body of an event (the spec's Seller*Changed and Warehouse*Changed schemas), keys in the spec's order. */
export function eventPayload(id: string, event: Pick<ResourceEvent, 'type' | 'time' | 'environment' | 'resourceId' | 'changes'>, resourceUrl: string): string {
  return JSON.stringify({
    id,
    type: event.type,
    timestamp: event.time.toISOString(),
    environment: event.environment,
    data: { resourceId: event.resourceId, resourceUrl, changes: event.changes },
  });
}

/**
 * Writes each event and one pending delivery per enabled endpoint of the account+environment that wants
 * the type (empty eventTypes = all), in the caller's transaction; returns the number of deliveries queued.
 * The workers of every replica are woken when the transaction commits (NOTIFY is sent only then).
 */
export async function recordEvents(tx: Transaction, events: ResourceEvent[]): Promise<number> {
  const rows: OutboxEvent[] = events.map((event) => {
    const id = newEventId();
    return {
      id,
      userId: event.accountId,
      environment: event.environment,
      type: event.type,
      payload: eventPayload(id, event, resourceUrlOf(event.resourcePath)),
      createdAt: event.time,
    };
  });
  const queued = await insertEventsWithDeliveries(tx, rows);
  if (queued > 0) await announceDeliveries(tx);
  return queued;
}
