/**
 * The shape every public list and detail operation shares: scope to the token's account, page by
 * position, answer 404 for ids the account does not own. handlers.ts gives each public operation one of
 * these with its repository function. Answers are cached per owner and carry an ETag (cached-answer.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';
import { ownerOf, type Owner } from '../repositories/fulfillment/owner.ts';
import { isStorableId, type JsonPage, type PageRequest } from '../repositories/fulfillment/paging.ts';
import { cachedAnswer, sendAnswer } from './cached-answer.ts';
import type { CachedAnswer } from '../lib/response-cache.ts';
import type { OperationHandler, SpecRouteConfig } from './operation-handler.ts';

function ownerFor(request: FastifyRequest): Owner {
  if (request.apiPrincipal === undefined) throw new Error('public operation reached without a principal');
  return ownerOf(request.apiPrincipal);
}

/** A detail call's id: its one path parameter, named by the spec. */
function idOf(request: FastifyRequest, route: SpecRouteConfig): number {
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

/** Repositories return the spec's JSON as text (built by PostgreSQL); it is sent without re-encoding. */
export function listOperation(ctx: ServerContext, fetch: (db: Queryable, owner: Owner, request: PageRequest) => Promise<JsonPage>): OperationHandler {
  return {
    handle(request, reply, route) {
      const { page, size } = request.query as PageRequest;
      const owner = ownerFor(request);
      const answer = cachedAnswer(ctx, owner, `${route.operationId}?page=${page}&size=${size}`, async () => {
        const result = await fetch(ctx.db, owner, { page, size });
        return `{"page":${result.page},"size":${result.size},"lastPage":${result.lastPage},"data":${result.data}}`;
      });
      // A list always has an answer (an empty page at worst).
      return send(ctx, request, reply, answer, () => new Error('list answered nothing'));
    },
  };
}

export function detailOperation(
  ctx: ServerContext,
  label: string,
  fetch: (db: Queryable, owner: Owner, id: number) => Promise<string | undefined>,
): OperationHandler {
  return {
    handle(request, reply, route) {
      const id = idOf(request, route);
      const owner = ownerFor(request);
      const answer = isStorableId(id) ? cachedAnswer(ctx, owner, `${route.operationId}/${id}`, () => fetch(ctx.db, owner, id)) : undefined;
      return send(ctx, request, reply, answer, () => new HttpError(404, `${label} ${id} was not found.`));
    },
  };
}
