/**
 * The account's deliveries: a test event to one endpoint, the delivery log (attempts newest first, 50 a
 * page, keyset cursor `<ms>-<id>`), one delivery with its payload, and replays (one, or every failed one
 * of an endpoint since a time). What is queued is due at once; this process's workers are woken after
 * the commit, and the NOTIFY it sends wakes the other replicas'.
 */
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { announceDeliveries, insertEventForEndpoint, replayDelivery, replayFailedDeliveries } from '../../repositories/webhook-deliveries-repository.ts';
import { findEndpoint } from '../../repositories/webhook-endpoints-repository.ts';
import { attemptsOfDelivery, findDelivery, listAttempts, type AttemptCursor, type AttemptRow } from '../../repositories/webhook-log-repository.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';
import type { OpenApiDocument } from '../../spec/openapi-document.ts';
import { testEventMaker } from '../../webhooks/test-events.ts';
import { endpointIdOf, notFound, sessionUserOf } from './endpoint-handlers.ts';
import { familyOfUserType } from '../../../shared/api-family.ts';

type DeliveryOperation = 'sendWebhookTestEvent' | 'listWebhookAttempts' | 'getWebhookDelivery' | 'replayWebhookDelivery' | 'replayFailedWebhookDeliveries';

const PAGE_SIZE = 50;
const DELIVERY_ATTEMPTS_SHOWN = 100;
const REPLAY_MAX = 10_000;

interface AttemptQuery {
  endpointId?: number;
  eventType?: Schemas['WebhookEventType'];
  outcome?: Schemas['WebhookAttemptOutcome'];
  cursor?: string;
}

function parseCursor(cursor: string | undefined): AttemptCursor | undefined {
  if (cursor === undefined) return undefined;
  const match = /^(\d{1,15})-(\d{1,18})$/.exec(cursor);
  const id = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(id)) throw new HttpError(400, 'cursor: not a cursor this log gave.');
  return { attemptedAtMs: Number(match[1]), id };
}

function attemptFields(row: AttemptRow): Schemas['WebhookAttempt'] {
  return {
    id: row.id,
    deliveryId: row.delivery_id,
    endpointId: row.endpoint_id,
    endpointUrl: row.url,
    eventId: row.event_id,
    eventType: row.event_type,
    environment: row.environment,
    attempt: row.attempt,
    time: row.attempted_at.toISOString(),
    outcome: row.outcome,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    responseBody: row.response_body,
    nextAttemptDate: row.next_attempt_at?.toISOString() ?? null,
  };
}

export function deliveryHandlers(ctx: ServerContext, spec: OpenApiDocument): Record<DeliveryOperation, OperationHandler> {
  const testEvent = testEventMaker(spec);
  const queued = (answer: Schemas['WebhookDeliveryQueued']) => {
    ctx.webhookDeliveries.wake();
    return answer;
  };

  return {
    sendWebhookTestEvent: {
      changesState: true,
      async handle(request, reply) {
        const user = sessionUserOf(request);
        const { eventType } = request.body as Schemas['SendTestEventRequest'];
        if (!eventType.startsWith(`${familyOfUserType(user.userType)}.`)) {
          throw new HttpError(400, `eventType: ${eventType} is not an event of your account's API.`);
        }
        const answer = await ctx.db.transaction(async (tx) => {
          const endpoint = await findEndpoint(tx, user.userId, endpointIdOf(request));
          if (endpoint === undefined) throw notFound();
          if (!endpoint.enabled) throw new HttpError(400, 'endpointId: the endpoint is switched off; switch it on to send it events.');
          const time = new Date(ctx.now());
          const { id, payload } = testEvent(eventType, endpoint.environment, time);
          const deliveryId = await insertEventForEndpoint(
            tx,
            { id, userId: user.userId, environment: endpoint.environment, type: eventType, payload, createdAt: time },
            endpoint.id,
          );
          await announceDeliveries(tx);
          return { deliveryId, eventId: id };
        });
        return reply.code(202).send(queued(answer));
      },
    },
    listWebhookAttempts: {
      async handle(request): Promise<Schemas['WebhookAttemptPage']> {
        const query = request.query as AttemptQuery;
        const filter = { userId: sessionUserOf(request).userId, endpointId: query.endpointId, eventType: query.eventType, outcome: query.outcome };
        const rows = await listAttempts(ctx.db, filter, parseCursor(query.cursor), PAGE_SIZE + 1);
        const page = rows.slice(0, PAGE_SIZE);
        const last = page[page.length - 1];
        return {
          data: page.map(attemptFields),
          nextCursor: rows.length > PAGE_SIZE && last !== undefined ? `${last.attempted_at.getTime()}-${last.id}` : null,
        };
      },
    },
    getWebhookDelivery: {
      async handle(request): Promise<Schemas['WebhookDelivery']> {
        const { deliveryId } = request.params as { deliveryId: number };
        const delivery = await findDelivery(ctx.db, sessionUserOf(request).userId, deliveryId);
        if (delivery === undefined) throw notFound();
        const attempts = await attemptsOfDelivery(ctx.db, delivery.id, DELIVERY_ATTEMPTS_SHOWN);
        // While an attempt is in flight its due time is the lease's end: no attempt is planned then.
        const leased = delivery.locked_until !== null && delivery.locked_until.getTime() > ctx.now();
        return {
          id: delivery.id,
          endpointId: delivery.endpoint_id,
          eventId: delivery.event_id,
          eventType: delivery.event_type,
          environment: delivery.environment,
          state: delivery.state,
          createdDate: delivery.created_at.toISOString(),
          nextAttemptDate: leased ? null : (delivery.next_attempt_at?.toISOString() ?? null),
          payload: delivery.payload,
          attempts: attempts.map(attemptFields),
        };
      },
    },
    replayWebhookDelivery: {
      changesState: true,
      async handle(request, reply) {
        const { deliveryId } = request.params as { deliveryId: number };
        const userId = sessionUserOf(request).userId;
        const replayed = await ctx.db.transaction(async (tx) => {
          const row = await replayDelivery(tx, userId, deliveryId, new Date(ctx.now()));
          if (row !== undefined) await announceDeliveries(tx);
          return row;
        });
        if (replayed === undefined) throw notFound();
        return reply.code(202).send(queued({ deliveryId: replayed.id, eventId: replayed.event_id }));
      },
    },
    replayFailedWebhookDeliveries: {
      changesState: true,
      async handle(request, reply) {
        const userId = sessionUserOf(request).userId;
        const body = request.body as Schemas['ReplayFailedRequest'];
        const replayed = await ctx.db.transaction(async (tx) => {
          if ((await findEndpoint(tx, userId, body.endpointId)) === undefined) throw notFound();
          const count = await replayFailedDeliveries(tx, body.endpointId, new Date(body.since), new Date(ctx.now()), REPLAY_MAX);
          if (count > 0) await announceDeliveries(tx);
          return count;
        });
        ctx.webhookDeliveries.wake();
        const answer: Schemas['ReplayFailedResult'] = { replayed };
        return reply.code(202).send(answer);
      },
    },
  };
}
