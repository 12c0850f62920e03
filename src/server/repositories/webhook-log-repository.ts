/**
 * The delivery log as the owner reads it: attempts newest first by keyset (time, id), filtered by
 * endpoint, event type and outcome, and one delivery with its payload and attempts. Only the filters given
 * appear in the statement, so each combination is its own prepared statement with its own plan.
 */
import type { Queryable } from '../db/database.ts';
import type { Schemas } from '../lib/schemas.ts';

export interface AttemptFilter {
  userId: number;
  endpointId?: number;
  eventType?: Schemas['WebhookEventType'];
  outcome?: Schemas['WebhookAttemptOutcome'];
}

/** Newest first: strictly before this (time, id). */
export interface AttemptCursor {
  attemptedAtMs: number;
  id: number;
}

export interface AttemptRow {
  id: number;
  delivery_id: number;
  endpoint_id: number;
  url: string;
  event_id: string;
  event_type: Schemas['WebhookEventType'];
  environment: Schemas['TokenEnvironment'];
  attempt: number;
  attempted_at: Date;
  outcome: Schemas['WebhookAttemptOutcome'];
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
  next_attempt_at: Date | null;
}

const ATTEMPT_COLUMNS = `a.id::float8 AS id, a.delivery_id::float8 AS delivery_id, a.endpoint_id, e.url, d.event_id, a.event_type, e.environment,
  a.attempt, a.attempted_at, a.outcome, a.status_code, a.duration_ms, a.error, a.response_body, a.next_attempt_at`;

export async function listAttempts(db: Queryable, filter: AttemptFilter, cursor: AttemptCursor | undefined, limit: number): Promise<AttemptRow[]> {
  const params: unknown[] = [filter.userId];
  const where = ['a.user_id = $1'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.endpointId !== undefined) where.push(`a.endpoint_id = ${add(filter.endpointId)}`);
  if (filter.eventType !== undefined) where.push(`a.event_type = ${add(filter.eventType)}`);
  if (filter.outcome !== undefined) where.push(`a.outcome = ${add(filter.outcome)}`);
  if (cursor !== undefined) where.push(`(a.attempted_at, a.id) < (${add(new Date(cursor.attemptedAtMs))}::timestamptz, ${add(cursor.id)}::bigint)`);
  return db.query<AttemptRow & Record<string, unknown>>(
    `SELECT ${ATTEMPT_COLUMNS}
       FROM webhook_attempts a
       JOIN webhook_deliveries d ON d.id = a.delivery_id
       JOIN webhook_endpoints e ON e.id = a.endpoint_id
      WHERE ${where.join(' AND ')}
      ORDER BY a.attempted_at DESC, a.id DESC
      LIMIT ${add(limit)}`,
    params,
  );
}

export interface DeliveryRow {
  id: number;
  endpoint_id: number;
  event_id: string;
  event_type: Schemas['WebhookEventType'];
  environment: Schemas['TokenEnvironment'];
  state: 'pending' | 'succeeded' | 'failed';
  created_at: Date;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  payload: string;
}

export async function findDelivery(db: Queryable, userId: number, deliveryId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.query<DeliveryRow & Record<string, unknown>>(
    `SELECT d.id::float8 AS id, d.endpoint_id, d.event_id, ev.event_type, ev.environment, d.state, d.created_at, d.next_attempt_at, d.locked_until, ev.payload
       FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id
       JOIN webhook_events ev ON ev.id = d.event_id
      WHERE d.id = $1 AND e.user_id = $2`,
    [deliveryId, userId],
  );
  return row;
}

export async function attemptsOfDelivery(db: Queryable, deliveryId: number, limit: number): Promise<AttemptRow[]> {
  return db.query<AttemptRow & Record<string, unknown>>(
    `SELECT ${ATTEMPT_COLUMNS}
       FROM webhook_attempts a
       JOIN webhook_deliveries d ON d.id = a.delivery_id
       JOIN webhook_endpoints e ON e.id = a.endpoint_id
      WHERE a.delivery_id = $1
      ORDER BY a.attempted_at DESC, a.id DESC
      LIMIT $2`,
    [deliveryId, limit],
  );
}
