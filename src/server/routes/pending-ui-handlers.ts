/**
 * Temporary: a 501 answer for every operation of the spec that has no handler yet (webhooks, sandbox
 * simulations), so the server starts and the screens built against the spec can be looked at. The real
 * handlers replace this file.
 */
import { HttpError } from '../lib/http-error.ts';
import { routableOperations, type OpenApiDocument } from '../spec/openapi-document.ts';
import type { HandlerMap, OperationHandler } from '../spec/operation-handler.ts';

const notYet: OperationHandler = {
  handle() {
    throw new HttpError(501, 'Not implemented yet.');
  },
};

export function pendingUiHandlers(spec: OpenApiDocument): HandlerMap {
  return Object.fromEntries(routableOperations(spec).map((operation) => [operation.operationId, notYet])) as HandlerMap;
}
