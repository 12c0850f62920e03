/**
 * The logged-in account's webhook endpoints: list, add (at most 20, `https` for live), change, switch on
 * or off, delete, show and rotate the signing secret. Adding, deleting, rotating and switching off are
 * recorded in the activity log in the same transaction. Secrets are answered with `no-store` and never
 * logged.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { activityOrigin } from '../../lib/activity-origin.ts';
import { HttpError, NOT_FOUND_MESSAGE } from '../../lib/http-error.ts';
import { portalSettingsOf } from '../../lib/portal-settings.ts';
import type { Schemas } from '../../lib/schemas.ts';
import {
  checkedDescription,
  checkedEndpointUrl,
  checkedEventTypes,
  LIVE_ENDPOINTS_UNAVAILABLE_MESSAGE,
  MAX_WEBHOOK_ENDPOINTS,
  TOO_MANY_ENDPOINTS_MESSAGE,
} from '../../lib/webhook-endpoint-rules.ts';
import { newWebhookSecret } from '../../lib/webhook-ids.ts';
import { PREVIOUS_SECRET_MS } from '../../lib/webhook-schedule.ts';
import { recordActivity, type ActivityType } from '../../repositories/activity-repository.ts';
import type { SessionUser } from '../../repositories/sessions-repository.ts';
import {
  countEndpointsLocked,
  deleteEndpoint,
  endpointSecrets,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  secretBinding,
  updateEndpoint,
  type EndpointChanges,
  type EndpointRow,
} from '../../repositories/webhook-endpoints-repository.ts';
import type { Queryable } from '../../db/database.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

type EndpointOperation =
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'getWebhookEndpointSecret'
  | 'rotateWebhookEndpointSecret';

export function sessionUserOf(request: FastifyRequest): SessionUser {
  if (request.sessionUser === undefined) throw new Error('webhook operation reached without a session');
  return request.sessionUser;
}

export const endpointIdOf = (request: FastifyRequest): number => (request.params as { endpointId: number }).endpointId;

export function notFound(): HttpError {
  return new HttpError(404, NOT_FOUND_MESSAGE);
}

export function endpointFields(row: EndpointRow, nowMs: number): Schemas['WebhookEndpoint'] {
  const previousEnds = row.previous_secret_ends_at;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    environment: row.environment,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since?.toISOString() ?? null,
    createdDate: row.created_at.toISOString(),
    previousSecretEndDate: previousEnds !== null && previousEnds.getTime() > nowMs ? previousEnds.toISOString() : null,
  };
}

export function endpointHandlers(ctx: ServerContext): Record<EndpointOperation, OperationHandler> {
  const liveEndpoints = portalSettingsOf(ctx.config).liveTokens;
  const encryptFor = (secret: string) => (id: number) => ctx.keys.encrypt(secret, secretBinding(id));

  const record = (tx: Queryable, request: FastifyRequest, row: EndpointRow, type: ActivityType, extra: Schemas['ActivityDetails'] = {}) =>
    recordActivity(tx, {
      userId: row.user_id,
      type,
      origin: activityOrigin(request),
      details: { webhookEndpointId: row.id, webhookUrl: row.url, environment: row.environment, ...extra },
    });

  const secretAnswer = async (userId: number, id: number): Promise<Schemas['WebhookEndpointSecret']> => {
    const secrets = await endpointSecrets(ctx.db, userId, id);
    if (secrets === undefined) throw notFound();
    const secret = ctx.keys.decrypt(secrets.secret_ciphertext, secretBinding(id));
    if (secret === undefined) throw new Error(`webhook endpoint ${id}: its secret does not decrypt with this server's token keys`);
    const ends = secrets.previous_secret_ends_at;
    return { secret, previousSecretEndDate: ends !== null && ends.getTime() > ctx.now() ? ends.toISOString() : null };
  };

  return {
    listWebhookEndpoints: {
      async handle(request): Promise<Schemas['WebhookEndpointList']> {
        const rows = await listEndpoints(ctx.db, sessionUserOf(request).userId);
        return { data: rows.map((row) => endpointFields(row, ctx.now())) };
      },
    },
    createWebhookEndpoint: {
      changesState: true,
      async handle(request, reply) {
        const user = sessionUserOf(request);
        const body = request.body as Schemas['CreateWebhookEndpointRequest'];
        const environment = body.environment ?? 'sandbox';
        if (environment === 'live' && !liveEndpoints) throw new HttpError(400, LIVE_ENDPOINTS_UNAVAILABLE_MESSAGE);
        const url = checkedEndpointUrl(body.url, environment);
        const eventTypes = checkedEventTypes(body.eventTypes ?? [], user.userType);
        const description = checkedDescription(body.description ?? '');
        const secret = newWebhookSecret();
        const row = await ctx.db.transaction(async (tx) => {
          if ((await countEndpointsLocked(tx, user.userId)) >= MAX_WEBHOOK_ENDPOINTS) throw new HttpError(400, TOO_MANY_ENDPOINTS_MESSAGE);
          const created = await insertEndpoint(
            tx,
            { userId: user.userId, url, description, eventTypes, environment, createdAt: new Date(ctx.now()) },
            encryptFor(secret),
          );
          await record(tx, request, created, 'webhook_endpoint_created');
          return created;
        });
        const answer: Schemas['WebhookEndpointCreated'] = { endpoint: endpointFields(row, ctx.now()), secret };
        return reply.code(201).header('cache-control', 'no-store').send(answer);
      },
    },
    updateWebhookEndpoint: {
      changesState: true,
      async handle(request) {
        const user = sessionUserOf(request);
        const id = endpointIdOf(request);
        const body = request.body as Schemas['UpdateWebhookEndpointRequest'];
        const row = await ctx.db.transaction(async (tx) => {
          const before = await findEndpoint(tx, user.userId, id);
          if (before === undefined) throw notFound();
          const changes: EndpointChanges = {};
          if (body.url !== undefined) changes.url = checkedEndpointUrl(body.url, before.environment);
          if (body.eventTypes !== undefined) changes.eventTypes = checkedEventTypes(body.eventTypes, user.userType);
          if (body.description !== undefined) changes.description = checkedDescription(body.description);
          // Only a change of state is one: switching on what is on keeps its failure count.
          if (body.enabled === true && !before.enabled) changes.enabled = true;
          if (body.enabled === false && before.enabled) changes.enabled = 'owner';
          const after = await updateEndpoint(tx, user.userId, id, changes);
          if (after === undefined) throw notFound();
          if (changes.enabled === 'owner') await record(tx, request, after, 'webhook_endpoint_disabled', { webhookDisabledReason: 'owner' });
          return after;
        });
        // Switched on again: what waited is due now.
        if (body.enabled === true) ctx.webhookDeliveries.wake();
        return endpointFields(row, ctx.now());
      },
    },
    deleteWebhookEndpoint: {
      changesState: true,
      async handle(request, reply) {
        const user = sessionUserOf(request);
        await ctx.db.transaction(async (tx) => {
          const deleted = await deleteEndpoint(tx, user.userId, endpointIdOf(request));
          if (deleted === undefined) throw notFound();
          await record(tx, request, deleted, 'webhook_endpoint_deleted');
        });
        return reply.code(204).send();
      },
    },
    getWebhookEndpointSecret: {
      async handle(request, reply) {
        const answer = await secretAnswer(sessionUserOf(request).userId, endpointIdOf(request));
        return reply.header('cache-control', 'no-store').send(answer);
      },
    },
    rotateWebhookEndpointSecret: {
      changesState: true,
      async handle(request, reply) {
        const user = sessionUserOf(request);
        const id = endpointIdOf(request);
        const secret = newWebhookSecret();
        const previousEnds = new Date(ctx.now() + PREVIOUS_SECRET_MS);
        await ctx.db.transaction(async (tx) => {
          const rotated = await rotateEndpointSecret(tx, user.userId, id, encryptFor(secret)(id), previousEnds);
          if (rotated === undefined) throw notFound();
          await record(tx, request, rotated, 'webhook_secret_rotated');
        });
        const answer: Schemas['WebhookEndpointSecret'] = { secret, previousSecretEndDate: previousEnds.toISOString() };
        return reply.header('cache-control', 'no-store').send(answer);
      },
    },
  };
}
