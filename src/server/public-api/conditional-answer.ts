/**
 * Conditional requests and the response cache for public reads
 * (docs/decisions/012-conditional-requests-and-response-cache.md).
 *
 * An answer is looked up in the owner's cache by operation and parameters; a miss reads the database and
 * fills the cache (unless the owner's data changed meanwhile). Every 200 carries a strong ETag and
 * `Cache-Control: private, no-cache`; an If-None-Match naming the current tag gets 304 with no body, and
 * its rate-limit place is given back (rate-limit.ts). Cached or not, 200 or 304, the reply goes through every hook
 * (onSend, onResponse) like any other.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Owner } from '../repositories/fulfillment/owner.ts';
import { etagOf, ifNoneMatchMatches } from './etag.ts';
import type { CachedAnswer } from './response-cache.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
/** Clients and browsers may keep the answer but must revalidate it (If-None-Match) before each use. */
export const NO_CACHE = 'private, no-cache';

/** The cache's owner key: the same string migration 005's owner_data_changed payload names. */
export function ownerKeyOf(owner: Owner): string {
  return `${owner.column === 'seller_id' ? 'seller' : 'warehouse'}:${owner.id}`;
}

/**
 * The answer for (owner, key): from the cache at once, or from load() (text of the JSON body; undefined:
 * nothing to answer, not cached). `key` names the operation and every parameter that shapes the body.
 */
export function cachedAnswer(
  ctx: ServerContext,
  owner: Owner,
  key: string,
  load: () => Promise<string | undefined>,
): CachedAnswer | Promise<CachedAnswer | undefined> {
  const ownerKey = ownerKeyOf(owner);
  return ctx.responseCache.get(ownerKey, key) ?? loadAnswer(ctx, ownerKey, key, load);
}

async function loadAnswer(ctx: ServerContext, ownerKey: string, key: string, load: () => Promise<string | undefined>): Promise<CachedAnswer | undefined> {
  const ticket = ctx.responseCache.ticket(ownerKey);
  const text = await load();
  if (text === undefined) return undefined;
  const body = Buffer.from(text);
  const answer = { body, etag: etagOf(body) };
  ctx.responseCache.set(ownerKey, key, answer, ticket);
  return answer;
}

/** 200 with the body and its ETag, or 304 when the request's If-None-Match names that ETag. */
export function sendAnswer(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  void reply.header('etag', answer.etag).header('cache-control', NO_CACHE);
  if (ifNoneMatchMatches(request.headers['if-none-match'], answer.etag)) {
    if (request.apiPrincipal !== undefined) ctx.rateLimit.refund(request.apiPrincipal.tokenId, reply);
    return reply.code(304).send();
  }
  return reply.type(JSON_TYPE).send(answer.body);
}
