/**
 * The handlers of the public operations: each one lists or reads one entity the token's account owns,
 * from the data source (data-source.ts): scoped to the account, paged by position, 404 for ids the account
 * does not own. Answers are cached per owner and carry an ETag (conditional-answer.ts). A live token's call
 * is forwarded to the provider's API instead (live-calls.ts): one comparison is all it adds to a sandbox call.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { HttpError } from '../lib/http-error.ts';
import { ownerOf, type Owner } from '../repositories/fulfillment/owner.ts';
import { isStorableId, type PageRequest } from '../repositories/fulfillment/paging.ts';
import type { OperationHandler, SpecRouteConfig } from '../spec/operation-handler.ts';
import { cachedAnswer, sendAnswer } from './conditional-answer.ts';
import type { PublicDataSource, PublicRead } from './data-source.ts';
import { forwardLiveCall } from './live-calls.ts';
import type { CachedAnswer } from './response-cache.ts';

function ownerFor(request: FastifyRequest): Owner {
  if (request.apiPrincipal === undefined) throw new Error('public operation reached without a principal');
  return ownerOf(request.apiPrincipal);
}

const isLive = (request: FastifyRequest): boolean => request.apiPrincipal?.environment === 'live';

/** A detail call's (or a simulation's) id: its one path parameter, named by the spec. */
export function idOf(request: FastifyRequest, route: SpecRouteConfig): number {
  const names = route.pathParameters;
  if (names.length !== 1) throw new Error(`${route.operationId}: a detail handler needs exactly one path parameter, the spec declares ${names.length}`);
  return Number((request.params as Record<string, unknown>)[names[0] as string]);
}

/**
 * Sends the answer: at once when the cache had it (a poller's every call after the first, with no promise
 * for Fastify to wait on), or once it is loaded. No answer is `missing()`.
 */
function send(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer | undefined | Promise<CachedAnswer | undefined>,
  missing: () => Error,
): FastifyReply | Promise<FastifyReply> {
  const sendFound = (found: CachedAnswer | undefined): FastifyReply => {
    if (found === undefined) throw missing();
    return sendAnswer(ctx, request, reply, found);
  };
  return answer instanceof Promise ? answer.then(sendFound) : sendFound(answer);
}

function handlerOf(ctx: ServerContext, read: PublicRead): OperationHandler {
  if (read.kind === 'list') {
    return {
      handle(request, reply, route) {
        if (isLive(request)) return forwardLiveCall(ctx, request, reply, route);
        const { page, size } = request.query as PageRequest;
        const owner = ownerFor(request);
        const answer = cachedAnswer(ctx, owner, `${route.operationId}?page=${page}&size=${size}`, () => read.load(ctx.db, owner, { page, size }));
        // A list always has an answer (an empty page at worst).
        return send(ctx, request, reply, answer, () => new Error('list answered nothing'));
      },
    };
  }
  return {
    handle(request, reply, route) {
      if (isLive(request)) return forwardLiveCall(ctx, request, reply, route);
      const id = idOf(request, route);
      const owner = ownerFor(request);
      const answer = isStorableId(id) ? cachedAnswer(ctx, owner, `${route.operationId}/${id}`, () => read.load(ctx.db, owner, id)) : undefined;
      return send(ctx, request, reply, answer, () => new HttpError(404, `${read.entity} ${id} was not found.`));
    },
  };
}

/** A handler for each operation the source reads, under its operationId. */
export function publicHandlers<OperationId extends string>(ctx: ServerContext, source: PublicDataSource<OperationId>): Record<OperationId, OperationHandler> {
  const entries = Object.entries<PublicRead>(source.reads).map(([operationId, read]) => [operationId, handlerOf(ctx, read)]);
  return Object.fromEntries(entries) as Record<OperationId, OperationHandler>;
}
