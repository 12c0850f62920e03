/**
 * listApiTokens, createApiToken, refreshApiToken, endApiTokenGrace, deleteApiToken: a user's own tokens only.
 * Another user's token, an unknown or malformed value: 404, nothing changes. Whatever stops a value (refresh,
 * ending a grace window, delete) evicts the token from the token cache itself (public-api/token-cache.ts), both
 * values at once, so it stops working at once here; other replicas evict on NOTIFY token_revoked. Each
 * change writes its activity event in its own transaction, so neither can exist without the other. A token
 * revoked as leaked can only be deleted.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { activityOrigin } from '../../lib/activity-origin.ts';
import { displayAddress, NOT_AN_ADDRESS } from '../../lib/client-address.ts';
import { HttpError } from '../../lib/http-error.ts';
import { generateTokenValue, parseTokenValue } from '../../lib/token-format.ts';
import { recordActivity } from '../../repositories/activity-repository.ts';
import { normalizeAllowlist } from '../../../shared/ip-allowlist.ts';
import {
  countTokens,
  deleteToken,
  endGraceWindow,
  lockOwnToken,
  lockOwnTokenById,
  insertToken,
  listTokens,
  replaceTokenValue,
  type TokenRow,
  updateIpAllowlist,
} from '../../repositories/api-tokens-repository.ts';
import type { SessionUser } from '../../repositories/sessions-repository.ts';
import type { Schemas } from '../../lib/schemas.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';
import type { operations } from '../../../generated/api.d.ts';
import { checkScopes } from './scopes.ts';
import type { TokenEnvironment } from '../../../shared/token-environment.ts';

const MAX_TOKENS_PER_USER = 50;
const LIVE_UNAVAILABLE_MESSAGE =
  "environment: live tokens need the provider's API, and this portal reaches none (UPSTREAM_API_URL is unset); create a sandbox token.";

/** What a change to a revoked token answers: only delete is left to do with it. */
function revokedMessage(title: string): string {
  return `Token '${title}' was revoked because it was found in public; create a new one.`;
}

/** A list as entered, canonical; a bad entry or too many answer 400 naming it, before anything is written. */
function checkedAllowlist(entries: readonly string[]): string[] {
  const checked = normalizeAllowlist(entries);
  if (!checked.ok) throw new HttpError(400, checked.message);
  return checked.entries;
}

function refuseRevoked(row: TokenRow): void {
  if (row.revoked_at !== null) throw new HttpError(400, revokedMessage(row.title));
}

type RefreshQuery = NonNullable<operations['refreshApiToken']['parameters']['query']>;

function sessionUser(request: FastifyRequest): SessionUser {
  if (request.sessionUser === undefined) throw new Error('token operation reached without a session');
  return request.sessionUser;
}

export function tokenHandlers(
  ctx: ServerContext,
): Record<
  'listApiTokens' | 'createApiToken' | 'refreshApiToken' | 'endApiTokenGrace' | 'deleteApiToken' | 'updateApiTokenIpAllowlist' | 'getClientAddress',
  OperationHandler
> {
  const toApiToken = (row: TokenRow): Schemas['ApiToken'] | undefined => {
    const value = ctx.keys.decrypt(row.ciphertext, row.digest);
    if (value === undefined) return undefined;
    // A window that has ended is no window, whether or not housekeeping has cleared it yet.
    const graceEnd = row.previous_expires_at !== null && row.previous_expires_at.getTime() > ctx.now() ? row.previous_expires_at : null;
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      token: value,
      environment: row.environment,
      createdDate: row.created_at.toISOString(),
      expiryDate: row.expires_at.toISOString(),
      lastUsedDate: row.last_used_at === null ? null : row.last_used_at.toISOString(),
      lifetimeDays: row.lifetime_days ?? ctx.config.tokenTtlDays,
      scopes: row.scopes as Schemas['ApiToken']['scopes'],
      previousValueExpiresAt: graceEnd === null ? null : graceEnd.toISOString(),
      ipAllowlist: row.ip_allowlist,
      revocation: row.revoked_at === null ? null : { revokedDate: row.revoked_at.toISOString(), foundAt: row.leak_url ?? '', source: row.leak_source ?? '' },
    };
  };

  const newValue = (user: SessionUser, environment: TokenEnvironment) => {
    const value = generateTokenValue(user.userType, environment);
    const digest = ctx.keys.digest(value);
    return { digest, ciphertext: ctx.keys.encrypt(value, digest) };
  };

  /** The token named by value in the path, locked in the caller's transaction. */
  const findOwn = async (db: Queryable, request: FastifyRequest): Promise<TokenRow> => {
    const { token } = request.params as { token: string };
    // Junk never reaches the database.
    const row = parseTokenValue(token) === undefined ? undefined : await lockOwnToken(db, sessionUser(request).userId, ctx.keys.digest(token));
    if (row === undefined) throw new HttpError(404, 'Token not found.');
    return row;
  };

  const present = (row: TokenRow | undefined): Schemas['ApiToken'] => {
    const token = row && toApiToken(row);
    if (token === undefined) throw new Error('a token just written could not be read back');
    return token;
  };

  return {
    listApiTokens: {
      async handle(request) {
        const rows = await listTokens(ctx.db, sessionUser(request).userId);
        const data = rows.map(toApiToken).filter((token): token is Schemas['ApiToken'] => token !== undefined);
        if (data.length < rows.length) request.log.warn({ count: rows.length - data.length }, 'token ciphertext failed to decrypt');
        return { data };
      },
    },
    createApiToken: {
      changesState: true,
      async handle(request, reply) {
        const user = sessionUser(request);
        const body = request.body as Schemas['CreateApiTokenRequest'];
        for (const field of ['title', 'description'] as const) {
          // PostgreSQL text cannot hold NUL.
          if (body[field].includes('\u0000')) throw new HttpError(400, `${field} must not contain NUL characters`);
        }
        // The spec's enum knows every domain; only the account's own API's domains are allowed.
        const scopes = checkScopes(body.scopes ?? null, user.userType, ctx.apiDomains[user.userType]);
        const ipAllowlist = checkedAllowlist(body.ipAllowlist ?? []);
        const lifetimeDays = body.expiresInDays ?? ctx.config.tokenTtlDays;
        const environment = body.environment ?? 'sandbox';
        if (environment === 'live' && ctx.providerApi === undefined) throw new HttpError(400, LIVE_UNAVAILABLE_MESSAGE);
        const row = await ctx.db.transaction(async (tx) => {
          // Serialises concurrent creates of one user so the limit holds.
          await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.userId]);
          if ((await countTokens(tx, user.userId)) >= MAX_TOKENS_PER_USER) {
            throw new HttpError(400, `A user can have at most ${MAX_TOKENS_PER_USER} tokens; delete one first.`);
          }
          const created = await insertToken(tx, {
            userId: user.userId,
            title: body.title,
            description: body.description,
            ...newValue(user, environment),
            lifetimeDays,
            scopes,
            ipAllowlist,
            environment,
          });
          await recordActivity(tx, {
            userId: user.userId,
            type: 'token_created',
            origin: activityOrigin(request),
            token: { id: created.id, title: created.title },
            details: { scopes, lifetimeDays, ipAllowlist, environment },
          });
          return created;
        });
        // Nothing to evict: a new value's digest cannot be in the token cache.
        return reply.code(201).send({ data: present(row) });
      },
    },
    refreshApiToken: {
      changesState: true,
      async handle(request) {
        const { graceHours = 0 } = request.query as RefreshQuery;
        const updated = await ctx.db.transaction(async (tx) => {
          const row = await findOwn(tx, request);
          refuseRevoked(row);
          const replaced = await replaceTokenValue(tx, row.id, Buffer.from(row.digest), {
            ...newValue(sessionUser(request), row.environment),
            defaultDays: ctx.config.tokenTtlDays,
            graceHours,
          });
          // Another refresh replaced the value first (or a leak report revoked it): the one named here no longer works.
          if (replaced === undefined) throw new HttpError(404, 'Token not found.');
          await recordActivity(tx, {
            userId: sessionUser(request).userId,
            type: 'token_refreshed',
            origin: activityOrigin(request),
            token: { id: row.id, title: row.title },
            details: { graceHours },
          });
          return replaced;
        });
        // The replaced value (unless kept for a grace window) and any earlier previous value stop at once here.
        ctx.tokenCache.evictToken(updated.id);
        return { data: present(updated) };
      },
    },
    endApiTokenGrace: {
      changesState: true,
      async handle(request) {
        const updated = await ctx.db.transaction(async (tx) => {
          const row = await findOwn(tx, request);
          refuseRevoked(row);
          if (row.previous_expires_at === null) return row;
          // A window already over (not yet cleared by housekeeping) is cleared too, but nothing ended now.
          const running = row.previous_expires_at.getTime() > ctx.now();
          const ended = await endGraceWindow(tx, row.id);
          if (ended === undefined) throw new HttpError(404, 'Token not found.');
          if (running) {
            await recordActivity(tx, {
              userId: sessionUser(request).userId,
              type: 'grace_ended',
              origin: activityOrigin(request),
              token: { id: row.id, title: row.title },
            });
          }
          return ended;
        });
        ctx.tokenCache.evictToken(updated.id);
        return { data: present(updated) };
      },
    },
    deleteApiToken: {
      changesState: true,
      async handle(request, reply) {
        const id = await ctx.db.transaction(async (tx) => {
          const row = await findOwn(tx, request);
          await deleteToken(tx, row.id);
          await recordActivity(tx, {
            userId: sessionUser(request).userId,
            type: 'token_deleted',
            origin: activityOrigin(request),
            token: { id: row.id, title: row.title },
          });
          return row.id;
        });
        ctx.tokenCache.evictToken(id);
        return reply.code(204).send();
      },
    },
    updateApiTokenIpAllowlist: {
      changesState: true,
      async handle(request) {
        const user = sessionUser(request);
        const { tokenId } = request.params as { tokenId: number };
        const after = checkedAllowlist((request.body as Schemas['UpdateIpAllowlistRequest']).ipAllowlist);
        const { row, changed } = await ctx.db.transaction(async (tx) => {
          const current = await lockOwnTokenById(tx, user.userId, tokenId);
          if (current === undefined) throw new HttpError(404, 'Token not found.');
          refuseRevoked(current);
          const before = current.ip_allowlist;
          // The same addresses in another order allow the same calls: nothing to write or record.
          if (before.length === after.length && after.every((entry) => before.includes(entry))) return { row: current, changed: false };
          const updated = await updateIpAllowlist(tx, current.id, after);
          await recordActivity(tx, {
            userId: user.userId,
            type: 'ip_allowlist_changed',
            origin: activityOrigin(request),
            token: { id: current.id, title: current.title },
            details: { before, after },
          });
          return { row: updated, changed: true };
        });
        // The cached row carries the list: the new one applies from the next call here; other replicas on NOTIFY.
        if (changed) ctx.tokenCache.evictToken(tokenId);
        return { data: present(row) };
      },
    },
    getClientAddress: {
      async handle(request) {
        return { address: displayAddress(request.ip) ?? NOT_AN_ADDRESS };
      },
    },
  };
}
