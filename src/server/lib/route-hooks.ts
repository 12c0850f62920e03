/**
 * Hooks on the routes of one operation only, attached as each route is registered (as @fastify/compress
 * attaches its own): a request of another route never runs them, and each hook knows its operation
 * without reading the route's options on every call. Register before the routes. The routes carry their
 * operationId in their config (plugins/spec-routes.ts).
 */
import type { FastifyInstance, onResponseHookHandler, onSendHookHandler } from 'fastify';

export interface OperationHooks {
  onSend?: onSendHookHandler;
  onResponse?: onResponseHookHandler;
}

/** A route's hook option is unset, one function or a list; a hook already there is not added twice. */
function withHook<Hook>(existing: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  return hooks.includes(hook) ? hooks : [...hooks, hook];
}

/**
 * Adds `hooksByOperation`'s hooks to every route of their operation: its /api/v1 and /api routes, and the
 * HEAD route Fastify derives from a GET (for which it calls onRoute again, with a copy of the GET's options).
 */
export function addOperationHooks(app: FastifyInstance, hooksByOperation: ReadonlyMap<string, OperationHooks>): void {
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: string } | undefined)?.operationId;
    const hooks = operationId === undefined ? undefined : hooksByOperation.get(operationId);
    if (hooks?.onSend !== undefined) route.onSend = withHook(route.onSend, hooks.onSend);
    if (hooks?.onResponse !== undefined) route.onResponse = withHook(route.onResponse, hooks.onResponse);
  });
}
