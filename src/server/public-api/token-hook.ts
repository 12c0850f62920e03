/**
 * The public routes' onRequest hook: the token header only, then decideCall (access-decision.ts) turned
 * into the answer. Every failure of the token answers exactly 401 {status: 401, message: 'forbidden'}; a
 * valid token outside its scopes or IP allowlist 403; over its rate limit 429 with Retry-After. A decided
 * call carries its RateLimit-* headers (rate-limit.ts writes them). A callback hook: nearly every call is
 * decided at once and costs no promise.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { ApiPrincipal } from '../lib/api-principal.ts';
import { HttpError } from '../lib/http-error.ts';
import type { UserType } from '../../shared/api-family.ts';
import { createUseRecorder, decideCall, type CallDecision, type TokenOwner } from './access-decision.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiPrincipal?: ApiPrincipal;
    /** The verified token the call presented, even when the call is then refused (403, 429, expired): whose log the call goes to. */
    tokenOwner?: TokenOwner;
  }
}

/** The hook for one public operation: tokens of `family` whose access includes `domain` (its x-domain). */
export function requireApiToken(ctx: ServerContext, family: UserType, domain: string): onRequestHookHandler {
  const recordUse = createUseRecorder(ctx);

  function answer(request: FastifyRequest, reply: FastifyReply, decision: CallDecision): void | Promise<void> {
    if (decision.owner !== undefined) request.tokenOwner = decision.owner;
    if (decision.rate !== undefined) ctx.rateLimit.writeHeaders(reply, decision.rate);
    if (!decision.admitted) {
      // A refusal does not wait for its use to be written.
      const used = recordUse(decision);
      if (used instanceof Promise) used.catch((error: unknown) => request.log.warn({ err: error }, 'recording a token use failed'));
      throw new HttpError(decision.status, decision.message, decision.rate === undefined ? undefined : ctx.rateLimit.retryAfter(decision.rate));
    }
    request.apiPrincipal = decision.principal;
    return recordUse(decision);
  }

  function authenticate(request: FastifyRequest, reply: FastifyReply): void | Promise<void> {
    const value = request.headers[ctx.apiTokenHeader];
    const decision = decideCall(ctx, { token: typeof value === 'string' ? value : undefined, family, domain, address: request.ip });
    return decision instanceof Promise ? decision.then((decided) => answer(request, reply, decided)) : answer(request, reply, decision);
  }

  return (request, reply, done) => {
    let outcome: void | Promise<void>;
    try {
      outcome = authenticate(request, reply);
    } catch (error) {
      return done(error as Error);
    }
    if (outcome === undefined) return done();
    outcome.then(() => done(), done);
  };
}
