/**
 * Public API authentication: the token header only. Every failure (missing, malformed, unknown,
 * expired, deleted, refreshed away after its grace window, revoked as leaked, tampered ciphertext, other
 * user type) answers exactly 401 {status: 401, message: 'forbidden'}. A valid token outside its access
 * (scopes) answers 403 naming the domain, and one used from an address outside its IP allowlist 403 naming
 * the address, both decided from the cached token with no query and spending no rate limit. Then the
 * per-token rate limit (RateLimit-* headers, 429 + Retry-After), counted in memory and synced to the
 * database in batches (lib/rate-limiter.ts), so it is exact within a process and holds across replicas
 * within the sync interval.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { ApiPrincipal } from '../lib/api-principal.ts';
import { displayAddress } from '../lib/client-address.ts';
import type { RateDecision } from '../lib/rate-limiter.ts';
import { FORBIDDEN_MESSAGE, HttpError, noAccessMessage } from '../lib/http-error.ts';
import type { UserType } from '../../shared/api-family.ts';
import { parseTokenValue } from '../lib/token-format.ts';
import { findLiveToken, recordTokenUse, type TokenPrincipalRow } from '../repositories/api-tokens-repository.ts';
import { addressAllowed, outsideAllowlistMessage } from '../../shared/ip-allowlist.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiPrincipal?: ApiPrincipal;
    /** The verified token the call presented, even when the call is then refused (403, 429, expired): whose log the call goes to. */
    tokenOwner?: { tokenId: number; userId: number };
  }
}

const forbidden = () => new HttpError(401, FORBIDDEN_MESSAGE);

/** The database's row for a presented value, verified (digest, and ciphertext for a current value), then cached briefly. */
async function lookUp(ctx: ServerContext, value: string): Promise<TokenPrincipalRow | undefined> {
  const ticket = ctx.tokenCache.ticket();
  const digest = ctx.keys.digest(value);
  const row = await findLiveToken(ctx.db, digest);
  if (row === undefined || !ctx.keys.digestsEqual(row.digest, digest)) return undefined;
  // A current value's ciphertext must decrypt to it: a tampered row fails closed. A previous value keeps
  // only its digest (it is never revealed again), so the keyed digest alone vouches for it.
  if (row.ciphertext !== null) {
    const plain = ctx.keys.decrypt(row.ciphertext, row.digest);
    if (plain === undefined || plain !== value) return undefined;
  }
  ctx.tokenCache.set(value, row, ticket);
  return row;
}

/**
 * The verified row of a presented token value (expired or not), or undefined. With `family`, a value of the
 * other user type is refused before the database; a cached row may still be of either type. A cached value
 * was checked when it was cached, and is answered at once, without a promise (the token hook's hot path).
 * Junk never reaches the database: prefix, length, alphabet and CRC32 checksum first.
 */
export function findPresentedToken(
  ctx: ServerContext,
  value: string,
  family?: UserType,
): TokenPrincipalRow | undefined | Promise<TokenPrincipalRow | undefined> {
  const cached = ctx.tokenCache.get(value);
  if (cached !== undefined) return cached;
  const userType = parseTokenValue(value);
  if (userType === undefined || (family !== undefined && userType !== family)) return undefined;
  return lookUp(ctx, value);
}

function setRateLimitHeaders(reply: FastifyReply, limit: number, hits: number, resetSeconds: number): void {
  void reply
    .header('ratelimit-limit', String(limit))
    .header('ratelimit-remaining', String(Math.max(0, limit - hits)))
    .header('ratelimit-reset', String(resetSeconds));
}

/**
 * For an answer that cost the token nothing (304 Not Modified): gives its rate-limit place back and
 * rewrites RateLimit-Remaining to match. The request was admitted first like any other, so a token over
 * its limit still gets 429, and the database is never read past the limit.
 */
export function refundRateLimit(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): void {
  if (request.apiPrincipal === undefined) return;
  const hits = ctx.rateLimiter.refund(request.apiPrincipal.tokenId);
  const reset = reply.getHeader('ratelimit-reset');
  setRateLimitHeaders(reply, ctx.rateLimiter.limit, hits, Number(reset ?? 60));
}

/**
 * The hook for one public operation: tokens of `family` whose access includes `domain` (its x-domain). A
 * callback hook that decides at once when it can: a cached token and a rate limit this process's count
 * decides are nearly every call, and cost no promise.
 */
export function requireApiToken(ctx: ServerContext, family: UserType, domain: string): onRequestHookHandler {
  /** Per process: when this process last wrote a token's last use (saves the query in between). */
  const lastUseWritten = new Map<number, number>();

  function admit(request: FastifyRequest, reply: FastifyReply, row: TokenPrincipalRow | undefined): void | Promise<void> {
    if (row === undefined) throw forbidden();
    request.tokenOwner = { tokenId: row.id, userId: row.user_id };
    // Cached or not, the presented value's end (expiry, or its grace window's end) is checked against the clock.
    if (row.expires_at.getTime() <= ctx.now()) throw forbidden();
    if (row.user_type !== family) throw forbidden();
    // Before the rate limit: a call the token may not make costs it nothing.
    if (row.scopes !== null && !row.scopes.includes(domain)) throw new HttpError(403, noAccessMessage(domain));
    // Likewise a call from outside the token's IP allowlist (request.ip is after TRUST_PROXY).
    if (!addressAllowed(row.ip_allowlist, request.ip)) throw new HttpError(403, outsideAllowlistMessage(displayAddress(request.ip)));
    const decision = ctx.rateLimiter.hit(row.id);
    return decision instanceof Promise ? decision.then((decided) => proceed(request, reply, row, decided)) : proceed(request, reply, row, decision);
  }

  function proceed(request: FastifyRequest, reply: FastifyReply, row: TokenPrincipalRow, decision: RateDecision): void | Promise<void> {
    const { hits, admitted, resetSeconds } = decision;
    setRateLimitHeaders(reply, ctx.rateLimiter.limit, hits, resetSeconds);
    if (!admitted) {
      throw new HttpError(429, `Too many requests, retry in ${resetSeconds} seconds.`, { 'retry-after': String(resetSeconds) });
    }
    request.apiPrincipal = { tokenId: row.id, userId: row.user_id, userType: row.user_type, warehouseId: row.warehouse_id };

    const now = Date.now();
    if (row.last_used_recent || now - (lastUseWritten.get(row.id) ?? 0) < 60_000) return undefined;
    lastUseWritten.set(row.id, now);
    if (lastUseWritten.size > 10_000) lastUseWritten.clear();
    return recordTokenUse(ctx.db.relaxed, row.id);
  }

  function authenticate(request: FastifyRequest, reply: FastifyReply): void | Promise<void> {
    const value = request.headers[ctx.apiTokenHeader];
    if (typeof value !== 'string') throw forbidden();
    const row = findPresentedToken(ctx, value, family);
    return row instanceof Promise ? row.then((found) => admit(request, reply, found)) : admit(request, reply, row);
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
