/**
 * receiveResourceChange: the warehouse system says a resource that live tokens read changed
 * (openapi/provider/, `sendResourceChange`). Signed like the account events, with the same secret, checked
 * over the raw body before anything reads it. Each account the change concerns (found by the subject the
 * provider's API knows it by, as live calls' identities name it) gets its family's event for its live
 * endpoints, written in one transaction before the 202: from then on delivery is the outbox's promise.
 * Enabled only with live tokens (UPSTREAM_API_URL); otherwise the endpoint answers 404 as if absent.
 *
 * Replays: a webhook-id this process accepted in the last 5 minutes (the signature's own window) is
 * answered 202 again and not recorded twice. Another replica does not know the id; a repeat there sends
 * the events again, which is what at-least-once delivery already asks receivers to tolerate.
 */
import { LRUCache } from 'lru-cache';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { requestSigner } from '../../identity/signed-requests.ts';
import { HttpError, NOT_FOUND_MESSAGE } from '../../lib/http-error.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { familyEvents, type FamilyEventShapes, type FieldChange } from '../../resource-changes/family-events.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';
import { recordEvents } from '../../webhooks/outbox.ts';
import type { UserType } from '../../../shared/api-family.ts';
import { accountEventSource } from './event-source.ts';

const UNVERIFIED_CHANGE_MESSAGE = "The change's signature could not be verified.";
const REPLAY_WINDOW_MS = 5 * 60 * 1000;
const MAX_REMEMBERED_IDS = 10_000;
/** The subject live identities give the portal's own accounts (lib/api-principal.ts, accountSubject). */
const PORTAL_SUBJECT = /^portal:([1-9][0-9]{0,9})$/;

/** The open account of a user type that the provider's API knows by `subject`; null when none signed in. */
async function accountOf(db: Queryable, provider: string, subject: string | null | undefined, userType: UserType): Promise<number | null> {
  if (subject === null || subject === undefined) return null;
  const own = PORTAL_SUBJECT.exec(subject);
  const [row] = own
    ? await db.query<{ id: number }>(`SELECT id FROM users WHERE id = $1 AND subject IS NULL AND user_type = $2 AND closed_at IS NULL`, [
        Number(own[1]),
        userType,
      ])
    : await db.query<{ id: number }>(`SELECT id FROM users WHERE auth_provider = $1 AND subject = $2 AND user_type = $3 AND closed_at IS NULL`, [
        provider,
        subject,
        userType,
      ]);
  return row?.id ?? null;
}

export function resourceChangeHandlers(ctx: ServerContext, shapes: FamilyEventShapes): Record<'receiveResourceChange', OperationHandler> {
  const source = ctx.config.upstreamApiUrl === undefined ? undefined : accountEventSource(ctx.config);
  const signer = source === undefined ? undefined : requestSigner(source.secret);
  const accepted = new LRUCache<string, true>({ max: MAX_REMEMBERED_IDS, ttl: REPLAY_WINDOW_MS });

  return {
    receiveResourceChange: {
      verifyRawBody(request, body) {
        if (signer === undefined) throw new HttpError(404, NOT_FOUND_MESSAGE);
        if (!signer.verify(body, request.headers)) throw new HttpError(401, UNVERIFIED_CHANGE_MESSAGE);
      },
      async handle(request, reply) {
        if (source === undefined) throw new Error('receiveResourceChange reached without a sender');
        const change = request.body as Schemas['ResourceChange'];
        const id = String(request.headers['webhook-id']);
        if (accepted.has(id)) return reply.code(202).send();
        const time = new Date(change.time);
        if (Number.isNaN(time.getTime())) throw new HttpError(400, `time: "${change.time}" is not a date-time.`);
        const queued = await ctx.db.transaction(async (tx) => {
          const events = familyEvents(shapes, {
            resource: change.resource,
            resourceId: change.resourceId,
            sellerAccountId: await accountOf(tx, source.kind, change.seller, 'SELLER'),
            warehouseAccountId: await accountOf(tx, source.kind, change.warehouse, 'WAREHOUSE'),
            environment: 'live',
            changes: change.changes as Record<string, FieldChange>,
            time,
          });
          return recordEvents(tx, events);
        });
        accepted.set(id, true);
        request.log.info(
          { provider: source.kind, resource: change.resource, resourceId: change.resourceId, deliveriesQueued: queued },
          'resource change recorded',
        );
        return reply.code(202).send();
      },
    },
  };
}
