/**
 * A live token's public call, forwarded to the provider's API (UPSTREAM_API_URL) once decideCall has
 * admitted it (token-hook.ts): the same route, hooks, rate limit and request log as a sandbox call, only
 * the answer comes from the upstream instead of the sandbox tables (handlers.ts chooses per call by the
 * token's environment). docs/gateway.md describes it for the provider.
 *
 * The upstream receives GET UPSTREAM_API_URL + the spec's path + the query as the caller sent it, with
 * the portal's signed identity (identity-assertion.ts) and nothing of the caller's but its If-None-Match;
 * io/upstream-client.ts bounds the exchange. Its answer is passed on only inside the contract
 * (upstream-contract.ts): a status the operation declares, and a JSON body valid for that status.
 *
 *   200           validated, kept per account as its Cache-Control allows, sent with its ETag (one made
 *                 from the body when it has none); 304 when the caller's If-None-Match names it
 *   304           to a caller's If-None-Match: 304 with no rate-limit cost; to the portal's own
 *                 revalidation of a kept answer: that answer, not validated again
 *   other 4xx     its declared Error body and status (404 for another account's id), except 401: the
 *                 caller's token was good, so an upstream refusing the portal's identity is a 502
 *   5xx, outside the contract, unreachable, too large   502;   past the deadline   504
 *   UPSTREAM_MAX_IN_FLIGHT calls already waiting        503 with Retry-After, before any connection
 *
 * Every one of them passed the rate limit, so each carries its RateLimit-* headers.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { freshSecondsOf, NOT_STORED } from '../lib/cache-control.ts';
import { HttpError } from '../lib/http-error.ts';
import { ownerOf } from '../repositories/fulfillment/owner.ts';
import type { SpecRouteConfig } from '../spec/operation-handler.ts';
import { JSON_TYPE, ownerKeyOf, sendAnswer, NO_CACHE } from './conditional-answer.ts';
import { etagOf } from './etag.ts';
import { MAX_UPSTREAM_BODY_BYTES, type ProviderApi } from './provider-api.ts';
import type { CachedAnswer } from './response-cache.ts';
import type { UpstreamOutcome } from '../io/upstream-client.ts';

/** A strong or weak entity-tag (RFC 9110 §8.8.3); anything else the upstream sends is replaced by a digest. */
const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;
const JSON_SUFFIX_TYPE = /^application\/[^;]*\+json/;
const PUBLIC_V1 = '/api/v1/';

const NOT_CONFIGURED_MESSAGE = "Live calls are not available: this portal reaches no provider's API. Use a sandbox token.";

/** The path and query the upstream is asked for: the request's as sent, after /api/v1 or the /api alias. */
function upstreamTargetOf(url: string): string {
  return url.startsWith(PUBLIC_V1) ? url.slice(PUBLIC_V1.length - 1) : url.slice(4);
}

/** Within 1–5 s every call in flight has ended or met its deadline (UPSTREAM_TIMEOUT_MS). */
function retryAfterSeconds(timeoutMs: number): string {
  return String(Math.min(5, Math.max(1, Math.ceil(timeoutMs / 1000))));
}

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.toLowerCase();
  return type.startsWith('application/json') || JSON_SUFFIX_TYPE.test(type);
}

/** The cache entry of a 200, or of a kept one refreshed by a 304; undefined: not to be kept. */
function keptAnswer(ctx: ServerContext, body: Buffer, etag: string, cacheControl: string | undefined, revalidatable: boolean): CachedAnswer | undefined {
  const fresh = freshSecondsOf(cacheControl);
  if (fresh === NOT_STORED || (fresh === 0 && !revalidatable)) return undefined;
  return { body, etag, freshUntil: ctx.now() + fresh * 1000 };
}

export function forwardLiveCall(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  route: SpecRouteConfig,
): FastifyReply | Promise<FastifyReply> {
  const live = ctx.providerApi;
  if (live === undefined) throw new HttpError(503, NOT_CONFIGURED_MESSAGE, { 'retry-after': '5' });
  const principal = request.apiPrincipal;
  if (principal === undefined) throw new Error('public operation reached without a principal');
  const target = upstreamTargetOf(request.url);
  const ownerKey = `live:${ownerKeyOf(ownerOf(principal))}`;
  const kept = ctx.responseCache.get(ownerKey, target);
  // Fresh by the upstream's own max-age: answered here, the upstream is not asked.
  if (kept?.freshUntil !== undefined && kept.freshUntil > ctx.now()) return sendAnswer(ctx, request, reply, kept);
  if (!live.upstream.hasRoom()) {
    const seconds = retryAfterSeconds(ctx.config.upstreamTimeoutMs);
    throw new HttpError(503, `Too many live calls are waiting on the provider's API, retry in ${seconds} seconds.`, { 'retry-after': seconds });
  }
  const ticket = ctx.responseCache.ticket(ownerKey);
  const ifNoneMatch = kept?.etag ?? request.headers['if-none-match'];
  // In the same synchronous step as hasRoom(): the place is taken before anything else can start.
  const outcome = live.upstream.get(target, live.asserter.assert(principal, request.ip), ifNoneMatch, request.id);
  return answer(ctx, live, request, reply, route.operationId, outcome, kept, ownerKey, target, ticket);
}

async function answer(
  ctx: ServerContext,
  live: ProviderApi,
  request: FastifyRequest,
  reply: FastifyReply,
  operationId: string,
  pending: Promise<UpstreamOutcome>,
  kept: CachedAnswer | undefined,
  ownerKey: string,
  target: string,
  ticket: string,
): Promise<FastifyReply> {
  const outcome = await pending;
  if (outcome.kind === 'timeout') {
    request.log.warn({ operationId, timeoutMs: ctx.config.upstreamTimeoutMs }, "provider's API did not answer in time");
    throw new HttpError(504, `The provider's API did not answer ${operationId} within ${ctx.config.upstreamTimeoutMs} ms.`);
  }
  if (outcome.kind === 'unreachable') {
    request.log.warn({ operationId, code: outcome.code }, "provider's API could not be reached");
    throw new HttpError(502, `The provider's API could not be reached for ${operationId}.`);
  }
  if (outcome.kind === 'too-large') {
    request.log.warn({ operationId, limitBytes: MAX_UPSTREAM_BODY_BYTES }, "provider's API answered a body over the limit");
    throw new HttpError(502, `The provider's API answered ${operationId} with a body over ${MAX_UPSTREAM_BODY_BYTES / 1024 / 1024} MB.`);
  }
  const { status } = outcome;
  if (status >= 500) {
    request.log.warn({ operationId, status }, "provider's API failed");
    throw new HttpError(502, `The provider's API answered ${operationId} with ${status}.`);
  }
  if (status === 401) {
    request.log.warn({ operationId, status }, "provider's API refused the portal's identity");
    throw new HttpError(502, `The provider's API refused the portal's identity for ${operationId}.`);
  }
  const declared = live.contract.answerOf(operationId, status);
  if (declared === undefined) return outsideContract(request, operationId, status, 'status not declared');

  if (status === 304) {
    if (kept !== undefined) {
      // The portal's own revalidation: the kept body is current, and was validated when it arrived.
      const renewed = keptAnswer(ctx, kept.body, kept.etag, outcome.cacheControl, true);
      if (renewed !== undefined) ctx.responseCache.set(ownerKey, target, renewed, ticket);
      return sendAnswer(ctx, request, reply, renewed ?? kept);
    }
    if (request.headers['if-none-match'] === undefined)
      return outsideContract(request, operationId, status, 'not modified, but nothing was asked conditionally');
    if (outcome.etag !== undefined && ENTITY_TAG.test(outcome.etag)) void reply.header('etag', outcome.etag);
    void reply.header('cache-control', NO_CACHE);
    if (request.apiPrincipal !== undefined) ctx.rateLimit.refund(request.apiPrincipal.tokenId, reply);
    return reply.code(304).send();
  }

  if (declared !== null) {
    if (!isJson(outcome.contentType)) return outsideContract(request, operationId, status, `content-type ${outcome.contentType ?? 'missing'}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(outcome.body.toString('utf8'));
    } catch {
      return outsideContract(request, operationId, status, 'body is not JSON');
    }
    if (!declared(parsed)) {
      const first = declared.errors?.[0];
      return outsideContract(
        request,
        operationId,
        status,
        first === undefined ? 'invalid body' : `${first.instancePath || '/'} ${first.message ?? 'is invalid'}`,
      );
    }
  }
  if (status === 200) {
    const upstreamTag = outcome.etag !== undefined && ENTITY_TAG.test(outcome.etag) ? outcome.etag : undefined;
    const etag = upstreamTag ?? etagOf(outcome.body);
    // Kept only to revalidate when the upstream gave a tag it can recognise again.
    const stored = keptAnswer(ctx, outcome.body, etag, outcome.cacheControl, upstreamTag !== undefined);
    if (stored !== undefined) ctx.responseCache.set(ownerKey, target, stored, ticket);
    return sendAnswer(ctx, request, reply, stored ?? { body: outcome.body, etag });
  }
  if (status === 429 && outcome.retryAfter !== undefined) void reply.header('retry-after', outcome.retryAfter);
  return reply.code(status).type(JSON_TYPE).send(outcome.body);
}

function outsideContract(request: FastifyRequest, operationId: string, status: number, violation: string): never {
  request.log.warn({ operationId, status, violation }, "provider's API answered outside its contract");
  throw new HttpError(502, `The provider's API answered ${operationId} outside its contract.`);
}
