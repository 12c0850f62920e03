/**
 * Handlers are keyed by operationId, the name the spec, the web client and the tests give an operation. The
 * map's type has a key for every operation in the spec (from src/generated/api.d.ts), so a missing handler
 * fails the typecheck; the router also refuses to start when the bundled spec names an operation without a
 * handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../generated/api.d.ts';

export type OperationId = keyof operations;

export interface OperationHandler {
  handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  /** A cookie-authenticated request that changes state: refused when cross-site (plugins/csrf.ts). */
  changesState?: boolean;
}

export type HandlerMap = Record<OperationId, OperationHandler>;
