/**
 * Whether a public call may proceed: the one decision every way in asks. Today the public routes ask it
 * (token-hook.ts); the forward-auth endpoint for the provider's gateway (nginx auth_request, Caddy
 * forward_auth), the MCP server's calls and a live-token proxy are further callers of decideCall, each
 * turning the decision into its own answer. Only the data source differs after it (data-source.ts). RFC
 * 7662 introspection asks about a token rather than a call, so it shares the lookup and the expiry check
 * but not the rest (token-introspection.ts).
 *
 * In order: format and revocation (token-lookup.ts: unknown, deleted, revoked or tampered is no row),
 * expiry or the grace window's end against ctx.now, family, environment (when the caller names one), scopes, IP allowlist, and last the rate limit
 * (rate-limit.ts), so a call the token may not make costs it nothing. Every failure before the rate limit is
 * 401 {message: 'forbidden'}, except scopes and allowlist (403 naming the domain or the address). Decided at
 * once, without a promise, for a cached token whose rate limit this process's count decides: nearly every call.
 */
import type { ServerContext } from '../context.ts';
import { accountSubject, type ApiPrincipal } from '../lib/api-principal.ts';
import { displayAddress, NOT_AN_ADDRESS } from '../lib/client-address.ts';
import { FORBIDDEN_MESSAGE, noAccessMessage } from '../lib/http-error.ts';
import { recordTokenUse, type TokenPrincipalRow } from '../repositories/api-tokens-repository.ts';
import { addressAllowed, outsideAllowlistMessage } from '../../shared/ip-allowlist.ts';
import type { UserType } from '../../shared/api-family.ts';
import type { TokenEnvironment } from '../../shared/token-environment.ts';
import type { RateDecision } from './rate-limit.ts';
import { findPresentedToken } from './token-lookup.ts';

/** What a call presents and asks for. */
export interface CallAsked {
  /** The token value presented, if any. */
  token: string | undefined;
  /** The user type whose tokens the operation accepts (its API family). */
  family: UserType;
  /** The operation's x-domain, which the token's scopes must include. */
  domain: string;
  /** The client's address after TRUST_PROXY. */
  address: string;
  /**
   * The one environment whose tokens may make this call (the gateway's check: `live`); unset, either. A
   * token of the other is refused like one of the other family (401), before its scopes and rate limit.
   */
  environment?: TokenEnvironment;
}

/** The verified token a call presented: whose log the call goes to, even when it is then refused. */
export interface TokenOwner {
  tokenId: number;
  userId: number;
}

export type CallDecision =
  | { admitted: true; owner: TokenOwner; principal: ApiPrincipal; rate: RateDecision; token: TokenPrincipalRow }
  /** `rate` is set when the rate limit refused it (429), `owner` when the token was verified. */
  | { admitted: false; status: 401 | 403 | 429; message: string; owner?: TokenOwner; rate?: RateDecision };

type DecisionContext = Pick<ServerContext, 'tokenCache' | 'keys' | 'db' | 'now' | 'rateLimit'>;

const FORBIDDEN: CallDecision = { admitted: false, status: 401, message: FORBIDDEN_MESSAGE };

const useNotes = new WeakMap<object, Map<number, number>>();

/**
 * A per-process note of when each token's last use was written (saves the query in between). Every call a
 * verified token made is a use, refused ones (403, 429, expired) too: the request log counts them as the
 * token's calls, and "Last used" must agree with those counts.
 */
export function createUseRecorder(ctx: Pick<ServerContext, 'db'>): (decision: CallDecision) => void | Promise<void> {
  return (decision) => {
    if (decision.owner === undefined) return undefined;
    // One note per database (read when a call comes: it opens after the routes are made) for every
    // operation's hook: a token refused on one operation after a use on another within the minute costs no query.
    let written = useNotes.get(ctx.db);
    if (written === undefined) useNotes.set(ctx.db, (written = new Map()));
    const id = decision.owner.tokenId;
    const now = Date.now();
    if ((decision.admitted && decision.token.last_used_recent) || now - (written.get(id) ?? 0) < 60_000) return undefined;
    written.set(id, now);
    if (written.size > 10_000) written.clear();
    return recordTokenUse(ctx.db.relaxed, id);
  };
}

function principalOf(row: TokenPrincipalRow): ApiPrincipal {
  return {
    tokenId: row.id,
    userId: row.user_id,
    userType: row.user_type,
    warehouseId: row.warehouse_id,
    environment: row.environment,
    subject: accountSubject(row.user_id, row.subject),
    scopes: row.scopes,
  };
}

function decideRow(ctx: DecisionContext, asked: CallAsked, row: TokenPrincipalRow | undefined): CallDecision | Promise<CallDecision> {
  if (row === undefined) return FORBIDDEN;
  const owner = { tokenId: row.id, userId: row.user_id };
  // Cached or not, the presented value's end (expiry, or its grace window's end) is checked against the clock.
  if (row.expires_at.getTime() <= ctx.now() || row.user_type !== asked.family) return { ...FORBIDDEN, owner };
  if (asked.environment !== undefined && row.environment !== asked.environment) return { ...FORBIDDEN, owner };
  if (row.scopes !== null && !row.scopes.includes(asked.domain)) return { admitted: false, status: 403, message: noAccessMessage(asked.domain), owner };
  if (!addressAllowed(row.ip_allowlist, asked.address)) {
    return { admitted: false, status: 403, message: outsideAllowlistMessage(displayAddress(asked.address) ?? NOT_AN_ADDRESS), owner };
  }
  const rated = (rate: RateDecision): CallDecision =>
    rate.admitted
      ? { admitted: true, owner, rate, token: row, principal: principalOf(row) }
      : { admitted: false, status: 429, message: `Too many requests, retry in ${rate.resetSeconds} seconds.`, owner, rate };
  const rate = ctx.rateLimit.admit(row.id);
  return rate instanceof Promise ? rate.then(rated) : rated(rate);
}

/** The decision for one call (see above). */
export function decideCall(ctx: DecisionContext, asked: CallAsked): CallDecision | Promise<CallDecision> {
  if (asked.token === undefined) return FORBIDDEN;
  const found = findPresentedToken(ctx, asked.token, asked.family);
  return found instanceof Promise ? found.then((row) => decideRow(ctx, asked, row)) : decideRow(ctx, asked, found);
}
