/**
 * The shape every public list and detail operation shares: scope to the token's account, page by
 * position, answer 404 for ids the account does not own. Tag folders wire repositories into these.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';
import { ownerOf, type Owner } from '../repositories/fulfillment/owner.ts';
import { isStorableId, type Page, type PageRequest } from '../repositories/fulfillment/paging.ts';
import type { OperationHandler } from './operation-handler.ts';

function ownerFor(request: FastifyRequest): Owner {
  if (request.apiPrincipal === undefined) throw new Error('public operation reached without a principal');
  return ownerOf(request.apiPrincipal);
}

export function listOperation<T>(
  ctx: ServerContext,
  fetch: (db: Queryable, owner: Owner, request: PageRequest) => Promise<Page<T>>,
): OperationHandler {
  return {
    async handle(request) {
      const { page, size } = request.query as PageRequest;
      const result = await fetch(ctx.db, ownerFor(request), { page, size });
      return { page: result.page, size: result.size, lastPage: result.lastPage, data: result.rows };
    },
  };
}

export function detailOperation<T>(
  ctx: ServerContext,
  idParam: string,
  label: string,
  fetch: (db: Queryable, owner: Owner, id: number) => Promise<T | undefined>,
): OperationHandler {
  return {
    async handle(request) {
      const id = Number((request.params as Record<string, unknown>)[idParam]);
      const found = isStorableId(id) ? await fetch(ctx.db, ownerFor(request), id) : undefined;
      if (found === undefined) throw new HttpError(404, `${label} ${id} was not found.`);
      return found;
    },
  };
}
