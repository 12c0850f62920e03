/**
 * The outbox and its deliveries: events written with the change they report, one delivery per event and
 * endpoint, claimed by the workers of any replica (FOR UPDATE SKIP LOCKED and a lease), and every attempt
 * kept for the delivery log. Times are the server's clock (ServerContext.now), passed in, so a test moves
 * the retry schedule on instead of waiting for it. Delivery and attempt ids are bigint, read as float8:
 * exact up to 2^53 (the spec's largest deliveryId), where an int would overflow within a year at 100 a
 * second and pg would hand an int8 over as text.
 */
import type { Queryable } from '../db/database.ts';
import type { Schemas } from '../lib/schemas.ts';
import type { EndpointSecrets } from './webhook-endpoints-repository.ts';

/** The channel a committed delivery is announced on, to the workers of every replica. */
export const DELIVERIES_DUE_CHANNEL = 'webhook_deliveries_due';

export interface OutboxEvent {
  id: string;
  userId: number;
  environment: Schemas['TokenEnvironment'];
  type: Schemas['WebhookEventType'];
  payload: string;
  createdAt: Date;
}

/**
 * Writes the events and a pending delivery, due at once, for each enabled endpoint of the event's account
 * and environment that subscribes to its type (no types: every one). One statement whatever the number
 * of events; returns how many deliveries were queued.
 */
export async function insertEventsWithDeliveries(tx: Queryable, events: readonly OutboxEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const [row] = await tx.query<{ queued: number }>(
    `WITH inserted AS (
       INSERT INTO webhook_events (id, user_id, environment, event_type, payload, created_at)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
       RETURNING id, user_id, environment, event_type, created_at
     ), queued AS (
       INSERT INTO webhook_deliveries (event_id, endpoint_id, created_at, next_attempt_at)
       SELECT i.id, e.id, i.created_at, i.created_at
         FROM inserted i
         JOIN webhook_endpoints e ON e.user_id = i.user_id AND e.environment = i.environment AND e.enabled
          AND (cardinality(e.event_types) = 0 OR i.event_type = ANY (e.event_types))
       RETURNING 1
     )
     SELECT count(*)::int AS queued FROM queued`,
    [
      events.map((event) => event.id),
      events.map((event) => event.userId),
      events.map((event) => event.environment),
      events.map((event) => event.type),
      events.map((event) => event.payload),
      events.map((event) => event.createdAt),
    ],
  );
  return row?.queued ?? 0;
}

/** A test event: written for one endpoint, whatever it subscribes to. Returns the delivery's id. */
export async function insertEventForEndpoint(tx: Queryable, event: OutboxEvent, endpointId: number): Promise<number> {
  await tx.query('INSERT INTO webhook_events (id, user_id, environment, event_type, payload, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    event.id,
    event.userId,
    event.environment,
    event.type,
    event.payload,
    event.createdAt,
  ]);
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO webhook_deliveries (event_id, endpoint_id, created_at, next_attempt_at) VALUES ($1, $2, $3, $3) RETURNING id',
    [event.id, endpointId, event.createdAt],
  );
  return Number(row?.id);
}

/** Wakes the workers of every replica once the caller's transaction commits (nothing if it rolls back). */
export async function announceDeliveries(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_notify('${DELIVERIES_DUE_CHANNEL}', '')`);
}

export interface ClaimedDelivery extends EndpointSecrets {
  id: number;
  event_id: string;
  event_type: Schemas['WebhookEventType'];
  payload: string;
  endpoint_id: number;
  user_id: number;
  url: string;
  attempts: number;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints, none of `skipEndpoints`, at most `perEndpoint`
 * of each other endpoint: each is leased to `owner` until `leaseEnd` by moving its due time there, so a
 * process that dies mid-delivery leaves it due again when the lease ends. Rows another worker holds are
 * skipped, not waited for.
 */
export async function claimDeliveries(
  tx: Queryable,
  options: { now: Date; leaseEnd: Date; owner: string; limit: number; skipEndpoints: readonly number[]; perEndpoint: (endpointId: number) => number },
): Promise<ClaimedDelivery[]> {
  const candidates = await tx.query<ClaimedDelivery & Record<string, unknown>>(
    `SELECT d.id::float8 AS id, d.event_id, d.endpoint_id, d.attempts, ev.event_type, ev.payload, e.user_id, e.url,
            e.secret_ciphertext, e.previous_secret_ciphertext, e.previous_secret_ends_at
       FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id
       JOIN webhook_events ev ON ev.id = d.event_id
      WHERE d.state = 'pending' AND d.next_attempt_at <= $1 AND e.enabled AND d.endpoint_id <> ALL ($2::int[])
      ORDER BY d.next_attempt_at
      LIMIT $3
      FOR UPDATE OF d SKIP LOCKED`,
    [options.now, options.skipEndpoints, options.limit],
  );
  const taken = new Map<number, number>();
  const claimed = candidates.filter((row) => {
    const count = taken.get(row.endpoint_id) ?? 0;
    if (count >= options.perEndpoint(row.endpoint_id)) return false;
    taken.set(row.endpoint_id, count + 1);
    return true;
  });
  if (claimed.length > 0) {
    await tx.query('UPDATE webhook_deliveries SET next_attempt_at = $2, locked_until = $2, lease_owner = $3 WHERE id = ANY ($1::bigint[])', [
      claimed.map((row) => row.id),
      options.leaseEnd,
      options.owner,
    ]);
  }
  return claimed;
}

export interface AttemptRecord {
  deliveryId: number;
  userId: number;
  endpointId: number;
  eventType: Schemas['WebhookEventType'];
  attempt: number;
  at: Date;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
  /** When the next attempt is due; null when none is planned (succeeded, or failed for good). */
  nextAttemptAt: Date | null;
}

/**
 * Records a batch of attempts and moves their deliveries on, for those this worker still holds the lease
 * of; returns the ids of the deliveries it held (the others were replayed or deleted meanwhile, or their
 * lease ran out and another worker took them: their attempt is not recorded). Three statements whatever
 * the batch's size, so a busy worker pays for its bookkeeping once per batch, not per delivery.
 */
export async function recordAttempts(tx: Queryable, owner: string, attempts: readonly AttemptRecord[]): Promise<Set<number>> {
  if (attempts.length === 0) return new Set();
  const state = (attempt: AttemptRecord) => (attempt.succeeded ? 'succeeded' : attempt.nextAttemptAt === null ? 'failed' : 'pending');
  const updated = await tx.query<{ id: number }>(
    `UPDATE webhook_deliveries d
        SET state = i.state, attempts = i.attempt, next_attempt_at = i.next_at, locked_until = NULL, lease_owner = NULL, last_attempt_at = i.at
       FROM unnest($2::bigint[], $3::text[], $4::int[], $5::timestamptz[], $6::timestamptz[]) AS i (id, state, attempt, next_at, at)
      WHERE d.id = i.id AND d.lease_owner = $1
      RETURNING d.id::float8 AS id`,
    [
      owner,
      attempts.map((attempt) => attempt.deliveryId),
      attempts.map(state),
      attempts.map((attempt) => attempt.attempt),
      attempts.map((attempt) => attempt.nextAttemptAt),
      attempts.map((attempt) => attempt.at),
    ],
  );
  const held = new Set(updated.map((row) => Number(row.id)));
  const recorded = attempts.filter((attempt) => held.has(attempt.deliveryId));
  if (recorded.length === 0) return held;
  await tx.query(
    `INSERT INTO webhook_attempts (delivery_id, user_id, endpoint_id, event_type, attempt, attempted_at, outcome, status_code,
                                   duration_ms, error, response_body, next_attempt_at)
     SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::int[], $6::timestamptz[], $7::text[], $8::int[],
                          $9::int[], $10::text[], $11::text[], $12::timestamptz[])`,
    [
      recorded.map((attempt) => attempt.deliveryId),
      recorded.map((attempt) => attempt.userId),
      recorded.map((attempt) => attempt.endpointId),
      recorded.map((attempt) => attempt.eventType),
      recorded.map((attempt) => attempt.attempt),
      recorded.map((attempt) => attempt.at),
      recorded.map((attempt) => (attempt.succeeded ? 'succeeded' : 'failed')),
      recorded.map((attempt) => attempt.statusCode),
      recorded.map((attempt) => attempt.durationMs),
      recorded.map((attempt) => attempt.error),
      recorded.map((attempt) => attempt.responseBody),
      recorded.map((attempt) => attempt.nextAttemptAt),
    ],
  );
  return held;
}

/**
 * While an endpoint fails, its deliveries due before `until` and not leased wait until then: a dead
 * endpoint's arrivals would otherwise pile up at the head of the due index, where every claim of every
 * endpoint scans past them.
 */
export async function deferWaitingDeliveries(tx: Queryable, endpointId: number, until: Date): Promise<void> {
  await tx.query(
    `UPDATE webhook_deliveries SET next_attempt_at = $2
      WHERE endpoint_id = $1 AND state = 'pending' AND lease_owner IS NULL AND next_attempt_at < $2`,
    [endpointId, until],
  );
}

/** Gives leases back at once (a worker stopping): their deliveries are due again for any replica. */
export async function releaseLeases(db: Queryable, deliveryIds: readonly number[], owner: string, now: Date): Promise<void> {
  if (deliveryIds.length === 0) return;
  await db.query(
    `UPDATE webhook_deliveries SET next_attempt_at = $3, locked_until = NULL, lease_owner = NULL
      WHERE id = ANY ($1::bigint[]) AND lease_owner = $2 AND state = 'pending'`,
    [deliveryIds, owner, now],
  );
}

/** Sends one of the account's deliveries again at once, from its first attempt; undefined when it is not the account's. */
export async function replayDelivery(tx: Queryable, userId: number, deliveryId: number, now: Date): Promise<{ id: number; event_id: string } | undefined> {
  const [row] = await tx.query<{ id: number; event_id: string }>(
    `UPDATE webhook_deliveries d
        SET state = 'pending', attempts = 0, next_attempt_at = $3, locked_until = NULL, lease_owner = NULL
       FROM webhook_endpoints e
      WHERE d.id = $1 AND e.id = d.endpoint_id AND e.user_id = $2
      RETURNING d.id::float8 AS id, d.event_id`,
    [deliveryId, userId, now],
  );
  return row;
}

/** Sends again, at once, the endpoint's deliveries whose last attempt failed at or after `since`, oldest first, at most `limit`. */
export async function replayFailedDeliveries(tx: Queryable, endpointId: number, since: Date, now: Date, limit: number): Promise<number> {
  const [row] = await tx.query<{ replayed: number }>(
    `WITH chosen AS (
       SELECT id FROM webhook_deliveries
        WHERE endpoint_id = $1 AND state = 'failed' AND last_attempt_at >= $2
        ORDER BY last_attempt_at LIMIT $4
     ), replayed AS (
       UPDATE webhook_deliveries d
          SET state = 'pending', attempts = 0, next_attempt_at = $3, locked_until = NULL, lease_owner = NULL
         FROM chosen WHERE d.id = chosen.id
       RETURNING 1
     )
     SELECT count(*)::int AS replayed FROM replayed`,
    [endpointId, since, now, limit],
  );
  return row?.replayed ?? 0;
}

/** Deletes events older than `before` (their deliveries and attempts with them) and older attempts of newer events, in batches. */
export async function deleteOldWebhookLog(db: Queryable, before: Date, batch = 10_000, maxBatches = 100): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_events'] as const) {
    const column = table === 'webhook_attempts' ? 'attempted_at' : 'created_at';
    for (let round = 0; round < maxBatches; round += 1) {
      const deleted = await db.query(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE ${column} < $1 LIMIT $2) RETURNING 1 AS gone`, [
        before,
        batch,
      ]);
      if (deleted.length < batch) break;
    }
  }
}
