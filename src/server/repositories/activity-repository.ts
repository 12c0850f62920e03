/**
 * The account's activity log. recordActivity is called inside the transaction of the change it records (a
 * token created, a session ended, ...), so the change and its event commit together or not at all. An
 * event holds who, when, from where and which token by id and title: never a token value or a password.
 */
import type { Queryable } from '../db/database.ts';
import type { Schemas } from '../lib/schemas.ts';
import type { ActivityOrigin } from '../lib/activity-origin.ts';
import { scrubbedFields } from '../lib/token-scrub.ts';

export type ActivityType = Schemas['ActivityEventType'];
export type ActivityDetails = Schemas['ActivityDetails'];

export interface ActivityEventInput {
  userId: number;
  type: ActivityType;
  origin: ActivityOrigin;
  token?: { id: number; title: string };
  details?: ActivityDetails;
}

const USER_AGENT_MAX = 200;

/** Every text of the row is scrubbed of token values (lib/token-scrub.ts) before it is cut or written. */
export async function recordActivity(db: Queryable, event: ActivityEventInput): Promise<void> {
  const row = scrubbedFields({
    ipAddress: event.origin.ipAddress,
    userAgent: event.origin.userAgent,
    tokenTitle: event.token?.title ?? null,
    details: JSON.stringify(event.details ?? {}),
  });
  await db.query(
    `INSERT INTO activity_events (user_id, event_type, ip_address, user_agent, token_id, token_title, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [event.userId, event.type, row.ipAddress, row.userAgent?.slice(0, USER_AGENT_MAX) ?? null, event.token?.id ?? null, row.tokenTitle, row.details],
  );
}

export interface ActivityFilter {
  userId: number;
  type?: ActivityType;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/** Newest first: strictly before this (time, id). */
export interface ActivityCursor {
  occurredAtMs: number;
  id: number;
}

export interface ActivityRow {
  id: number;
  occurred_at: Date;
  event_type: ActivityType;
  ip_address: string | null;
  user_agent: string | null;
  token_id: number | null;
  token_title: string | null;
  /** The token's, while it exists or its deleted title is kept (deleted_token_titles). */
  token_environment: Schemas['TokenEnvironment'] | null;
  details: ActivityDetails;
}

/**
 * One page, newest first, by keyset. The user (and the type, when filtered) are equalities and the order
 * is the index's (activity_events_user_newest, activity_events_user_type_newest), so a page reads `limit`
 * index entries however many events the user has. Only the filters given appear in the statement, so each
 * combination is its own prepared statement with its own plan.
 */
export async function listActivityEvents(db: Queryable, filter: ActivityFilter, cursor: ActivityCursor | undefined, limit: number): Promise<ActivityRow[]> {
  const params: unknown[] = [filter.userId];
  const where = ['e.user_id = $1'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.type !== undefined) where.push(`e.event_type = ${add(filter.type)}`);
  if (filter.from !== undefined) where.push(`e.occurred_at >= ${add(filter.from.toISOString())}::timestamptz`);
  if (filter.to !== undefined) where.push(`e.occurred_at < ${add(filter.to.toISOString())}::timestamptz`);
  if (cursor !== undefined) {
    const at = add(new Date(cursor.occurredAtMs).toISOString());
    where.push(`e.occurred_at <= ${at}::timestamptz`, `(e.occurred_at, e.id) < (${at}::timestamptz, ${add(cursor.id)}::bigint)`);
  }
  const rows = await db.query<ActivityRow & Record<string, unknown>>(
    `SELECT e.id, e.occurred_at, e.event_type, e.ip_address, e.user_agent, e.token_id, e.token_title, e.details,
            COALESCE(t.environment, d.environment) AS token_environment
       FROM activity_events e
       LEFT JOIN api_tokens t ON t.id = e.token_id AND t.user_id = e.user_id
       LEFT JOIN deleted_token_titles d ON d.token_id = e.token_id AND d.user_id = e.user_id
      WHERE ${where.join(' AND ')}
      ORDER BY e.occurred_at DESC, e.id DESC LIMIT ${add(limit)}`,
    params,
  );
  // bigint: a number on both drivers.
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Retention: deletes events older than `keepDays`, `batchSize` rows a statement (through
 * activity_events_occurred_at), so a large backlog never holds many row locks for long. Stops after
 * `maxBatches`; returns how many were deleted.
 */
export async function deleteOldActivity(db: Queryable, keepDays: number, batchSize = 10_000, maxBatches = Infinity): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const [row] = await db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM activity_events WHERE id = ANY (ARRAY(
           SELECT id FROM activity_events WHERE occurred_at < now() - make_interval(days => $1) LIMIT $2))
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [keepDays, batchSize],
    );
    const n = row?.n ?? 0;
    deleted += n;
    if (n < batchSize) break;
  }
  return deleted;
}
