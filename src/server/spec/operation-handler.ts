/**
 * Handlers are keyed by operationId, the name the spec, the web client and the tests give an operation. The
 * map's type has a key for every operation in the spec (from src/generated/api.d.ts), so a missing handler
 * fails the typecheck; the router also refuses to start when the bundled spec names an operation without a
 * handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations, webhooks } from '../../generated/api.d.ts';

/** The spec's `webhooks` are calls the portal makes, not routes it serves: they need no handler. */
type WebhookOperation = NonNullable<webhooks[keyof webhooks]['post']>;

export type OperationId = { [K in keyof operations]: operations[K] extends WebhookOperation ? never : K }[keyof operations];

/** The operation a route serves: its handler's third argument, and its config (`request.routeOptions.config`) for hooks. */
export interface SpecRouteConfig {
  operationId: string;
  /** The spec's path parameters of the operation, in its order: a detail call's id is the only one. */
  pathParameters: string[];
}

export interface OperationHandler {
  /**
   * Its answer, or a promise of it; a handler that has sent its answer at once returns the reply. `route`
   * is the operation the request reached (the /api/v1 and /api routes of one operation share a handler).
   */
  handle(request: FastifyRequest, reply: FastifyReply, route: SpecRouteConfig): Promise<unknown> | FastifyReply;
  /** A cookie-authenticated request that changes state: refused when cross-site (plugins/csrf.ts). */
  changesState?: boolean;
  /**
   * A check of the body's exact bytes (a signed webhook), run once the body is read and before it is
   * validated or handled; it throws an HttpError to refuse the request. Only a route that has one keeps
   * its raw body (plugins/spec-routes.ts).
   */
  verifyRawBody?(request: FastifyRequest, body: Buffer): void | Promise<void>;
}

export type HandlerMap = Record<OperationId, OperationHandler>;
