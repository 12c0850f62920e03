/**
 * The shape every public list and detail operation shares: scope to the token's account, page by
 * position, answer 404 for ids the account does not own. handlers.ts gives each public operation one of
 * these with its repository function.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';
import { ownerOf, type Owner } from '../repositories/fulfillment/owner.ts';
import { isStorableId, type JsonPage, type PageRequest } from '../repositories/fulfillment/paging.ts';
import type { OperationHandler } from './operation-handler.ts';

function ownerFor(request: FastifyRequest): Owner {
  if (request.apiPrincipal === undefined) throw new Error('public operation reached without a principal');
  return ownerOf(request.apiPrincipal);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Repositories return the spec's JSON as text (built by PostgreSQL); it is sent without re-encoding. */
export function listOperation(
  ctx: ServerContext,
  fetch: (db: Queryable, owner: Owner, request: PageRequest) => Promise<JsonPage>,
): OperationHandler {
  return {
    async handle(request, reply) {
      const { page, size } = request.query as PageRequest;
      const result = await fetch(ctx.db, ownerFor(request), { page, size });
      return reply
        .type(JSON_TYPE)
        .send(`{"page":${result.page},"size":${result.size},"lastPage":${result.lastPage},"data":${result.data}}`);
    },
  };
}

export function detailOperation(
  ctx: ServerContext,
  idParam: string,
  label: string,
  fetch: (db: Queryable, owner: Owner, id: number) => Promise<string | undefined>,
): OperationHandler {
  return {
    async handle(request, reply) {
      const id = Number((request.params as Record<string, unknown>)[idParam]);
      const found = isStorableId(id) ? await fetch(ctx.db, ownerFor(request), id) : undefined;
      if (found === undefined) throw new HttpError(404, `${label} ${id} was not found.`);
      return reply.type(JSON_TYPE).send(found);
    },
  };
}
