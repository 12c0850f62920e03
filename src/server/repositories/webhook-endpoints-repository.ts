/**
 * An account's webhook endpoints. The signing secret is stored as ciphertext bound to the endpoint's id
 * (the token keys' AES-GCM, as token values are), so a copy of the database alone signs nothing; the
 * previous secret is kept beside it until its window ends.
 */
import type { Queryable } from '../db/database.ts';
import type { Schemas } from '../lib/schemas.ts';

export type WebhookEventType = Schemas['WebhookEventType'];
export type DisabledReason = 'owner' | 'gone' | 'failing';

export interface EndpointRow {
  id: number;
  user_id: number;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  environment: Schemas['TokenEnvironment'];
  enabled: boolean;
  disabled_reason: DisabledReason | null;
  failing_since: Date | null;
  created_at: Date;
  previous_secret_ends_at: Date | null;
}

export interface EndpointSecrets {
  secret_ciphertext: Uint8Array;
  previous_secret_ciphertext: Uint8Array | null;
  previous_secret_ends_at: Date | null;
}

const COLUMNS = 'id, user_id, url, description, event_types, environment, enabled, disabled_reason, failing_since, created_at, previous_secret_ends_at';

/** What binds a ciphertext to its endpoint (AES-GCM's additional data). */
export const secretBinding = (endpointId: number): Uint8Array => new TextEncoder().encode(`webhook-endpoint:${endpointId}`);

export async function listEndpoints(db: Queryable, userId: number): Promise<EndpointRow[]> {
  return db.query<EndpointRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE user_id = $1 ORDER BY id`, [userId]);
}

export async function findEndpoint(db: Queryable, userId: number, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.query<EndpointRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = $1 AND user_id = $2`, [id, userId]);
  return row;
}

/**
 * The account's endpoints counted with its row locked, so two creations at once cannot both see 19; the
 * lock is held until the caller's transaction ends.
 */
export async function countEndpointsLocked(tx: Queryable, userId: number): Promise<number> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const [row] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM webhook_endpoints WHERE user_id = $1', [userId]);
  return row?.count ?? 0;
}

export interface NewEndpoint {
  userId: number;
  url: string;
  description: string;
  eventTypes: readonly WebhookEventType[];
  environment: Schemas['TokenEnvironment'];
  createdAt: Date;
}

/** Inserts it with the ciphertext `encrypt` makes for its id (known before the row, so the binding holds from the start). */
export async function insertEndpoint(tx: Queryable, endpoint: NewEndpoint, encrypt: (id: number) => Uint8Array): Promise<EndpointRow> {
  const [next] = await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('webhook_endpoints', 'id'))::int AS id`);
  if (next === undefined) throw new Error('no endpoint id');
  const [row] = await tx.query<EndpointRow & Record<string, unknown>>(
    `INSERT INTO webhook_endpoints (id, user_id, url, description, event_types, environment, secret_ciphertext, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [next.id, endpoint.userId, endpoint.url, endpoint.description, endpoint.eventTypes, endpoint.environment, encrypt(next.id), endpoint.createdAt],
  );
  if (row === undefined) throw new Error('endpoint not inserted');
  return row;
}

export interface EndpointChanges {
  url?: string;
  description?: string;
  eventTypes?: readonly WebhookEventType[];
  /** true: enabled, its failure count cleared; a reason: disabled for it. */
  enabled?: true | DisabledReason;
}

export async function updateEndpoint(tx: Queryable, userId: number, id: number, changes: EndpointChanges): Promise<EndpointRow | undefined> {
  const params: unknown[] = [id, userId];
  const sets: string[] = [];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (changes.url !== undefined) set('url', changes.url);
  if (changes.description !== undefined) set('description', changes.description);
  if (changes.eventTypes !== undefined) set('event_types', changes.eventTypes);
  if (changes.enabled === true) sets.push('enabled = true', 'disabled_reason = NULL', 'failing_since = NULL');
  else if (changes.enabled !== undefined) {
    sets.push('enabled = false');
    set('disabled_reason', changes.enabled);
  }
  if (sets.length === 0) return findEndpoint(tx, userId, id);
  const [row] = await tx.query<EndpointRow & Record<string, unknown>>(
    `UPDATE webhook_endpoints SET ${sets.join(', ')} WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    params,
  );
  return row;
}

export async function deleteEndpoint(tx: Queryable, userId: number, id: number): Promise<EndpointRow | undefined> {
  const [row] = await tx.query<EndpointRow & Record<string, unknown>>(`DELETE FROM webhook_endpoints WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`, [
    id,
    userId,
  ]);
  return row;
}

export async function endpointSecrets(db: Queryable, userId: number, id: number): Promise<EndpointSecrets | undefined> {
  const [row] = await db.query<EndpointSecrets & Record<string, unknown>>(
    'SELECT secret_ciphertext, previous_secret_ciphertext, previous_secret_ends_at FROM webhook_endpoints WHERE id = $1 AND user_id = $2',
    [id, userId],
  );
  return row;
}

/** The current secret becomes the previous one, signing beside the new one until `previousEndsAt`. */
export async function rotateEndpointSecret(
  tx: Queryable,
  userId: number,
  id: number,
  ciphertext: Uint8Array,
  previousEndsAt: Date,
): Promise<EndpointRow | undefined> {
  const [row] = await tx.query<EndpointRow & Record<string, unknown>>(
    `UPDATE webhook_endpoints
        SET previous_secret_ciphertext = secret_ciphertext, previous_secret_ends_at = $4, secret_ciphertext = $3
      WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, ciphertext, previousEndsAt],
  );
  return row;
}

/** After a failed attempt: when the failing began (kept if it already had), and the endpoint switched off once it has failed since `disableBefore`. */
export async function markEndpointFailing(tx: Queryable, id: number, at: Date, disableBefore: Date): Promise<EndpointRow | undefined> {
  await tx.query('UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1 AND failing_since IS NULL', [id, at]);
  const [disabled] = await tx.query<EndpointRow & Record<string, unknown>>(
    `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'failing'
      WHERE id = $1 AND enabled AND failing_since <= $2 RETURNING ${COLUMNS}`,
    [id, disableBefore],
  );
  return disabled;
}

/** After successes: the endpoints no longer fail. Written only where they did, so a healthy endpoint's row is not rewritten per delivery. */
export async function markEndpointsSucceeding(tx: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ANY ($1::int[]) AND failing_since IS NOT NULL', [ids]);
}

/** Switched off because it answered 410; undefined when it already was. */
export async function disableGoneEndpoint(tx: Queryable, id: number): Promise<EndpointRow | undefined> {
  const [row] = await tx.query<EndpointRow & Record<string, unknown>>(
    `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'gone' WHERE id = $1 AND enabled RETURNING ${COLUMNS}`,
    [id],
  );
  return row;
}
