/**
 * The account's activity log. recordActivity is called inside the transaction of the change it records (a
 * token created, a session ended, ...), so the change and its event commit together or not at all. An
 * event holds who, when, from where and which token by id and title: never a token value or a password.
 */
import type { Queryable } from '../db/database.ts';
import type { Schemas } from '../lib/schemas.ts';

export type ActivityType = Schemas['ActivityEventType'];
export type ActivityDetails = Schemas['ActivityDetails'];

/** Where a change came from: the request's address (after TRUST_PROXY) and user agent; null when no client made it. */
export interface ActivityOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

export interface ActivityEventInput {
  userId: number;
  type: ActivityType;
  origin: ActivityOrigin;
  token?: { id: number; title: string };
  details?: ActivityDetails;
}

const USER_AGENT_MAX = 200;

export async function recordActivity(db: Queryable, event: ActivityEventInput): Promise<void> {
  await db.query(
    `INSERT INTO activity_events (user_id, event_type, ip_address, user_agent, token_id, token_title, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      event.userId,
      event.type,
      event.origin.ipAddress,
      event.origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      event.token?.id ?? null,
      event.token?.title ?? null,
      JSON.stringify(event.details ?? {}),
    ],
  );
}
