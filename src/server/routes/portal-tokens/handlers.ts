/**
 * listApiTokens, createApiToken, refreshApiToken, endApiTokenGrace, deleteApiToken: a user's own tokens only.
 * Another user's token, an unknown or malformed value: 404, nothing changes. Whatever stops a value (refresh,
 * ending a grace window, delete) evicts the token from the token cache itself (lib/token-cache.ts), both
 * values at once, so it stops working at once here; other replicas evict on NOTIFY token_revoked.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { generateTokenValue, parseTokenValue } from '../../lib/token-format.ts';
import {
  countTokens,
  deleteToken,
  endGraceWindow,
  findOwnToken,
  insertToken,
  listTokens,
  replaceTokenValue,
  type TokenRow,
} from '../../repositories/api-tokens-repository.ts';
import type { SessionUser } from '../../repositories/sessions-repository.ts';
import type { Schemas } from '../../lib/schemas.ts';
import type { OperationHandler } from '../operation-handler.ts';
import type { operations } from '../../../generated/api.d.ts';
import { checkScopes } from './scopes.ts';

const MAX_TOKENS_PER_USER = 50;

type RefreshQuery = NonNullable<operations['refreshApiToken']['parameters']['query']>;

function sessionUser(request: FastifyRequest): SessionUser {
  if (request.sessionUser === undefined) throw new Error('token operation reached without a session');
  return request.sessionUser;
}

export function tokenHandlers(
  ctx: ServerContext,
): Record<'listApiTokens' | 'createApiToken' | 'refreshApiToken' | 'endApiTokenGrace' | 'deleteApiToken', OperationHandler> {
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

  const newValue = (user: SessionUser) => {
    const value = generateTokenValue(user.userType);
    const digest = ctx.keys.digest(value);
    return { digest, ciphertext: ctx.keys.encrypt(value, digest) };
  };

  const findOwn = async (db: Queryable, request: FastifyRequest): Promise<TokenRow> => {
    const { token } = request.params as { token: string };
    // Junk never reaches the database.
    const row = parseTokenValue(token) === undefined ? undefined : await findOwnToken(db, sessionUser(request).userId, ctx.keys.digest(token));
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
        const row = await ctx.db.transaction(async (tx) => {
          // Serialises concurrent creates of one user so the limit holds.
          await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.userId]);
          if ((await countTokens(tx, user.userId)) >= MAX_TOKENS_PER_USER) {
            throw new HttpError(400, `A user can have at most ${MAX_TOKENS_PER_USER} tokens; delete one first.`);
          }
          return insertToken(tx, {
            userId: user.userId,
            title: body.title,
            description: body.description,
            ...newValue(user),
            lifetimeDays: body.expiresInDays ?? ctx.config.tokenTtlDays,
            scopes,
          });
        });
        // Nothing to evict: a new value's digest cannot be in the token cache.
        return reply.code(201).send({ data: present(row) });
      },
    },
    refreshApiToken: {
      changesState: true,
      async handle(request) {
        const row = await findOwn(ctx.db, request);
        const { graceHours = 0 } = request.query as RefreshQuery;
        const updated = await replaceTokenValue(ctx.db, row.id, Buffer.from(row.digest), {
          ...newValue(sessionUser(request)),
          defaultDays: ctx.config.tokenTtlDays,
          graceHours,
        });
        // Another refresh replaced the value first: the one named here no longer exists.
        if (updated === undefined) throw new HttpError(404, 'Token not found.');
        // The replaced value (unless kept for a grace window) and any earlier previous value stop at once here.
        ctx.tokenCache.evictToken(row.id);
        return { data: present(updated) };
      },
    },
    endApiTokenGrace: {
      changesState: true,
      async handle(request) {
        const row = await findOwn(ctx.db, request);
        if (row.previous_expires_at === null) return { data: present(row) };
        const updated = await endGraceWindow(ctx.db, row.id);
        ctx.tokenCache.evictToken(row.id);
        if (updated === undefined) throw new HttpError(404, 'Token not found.');
        return { data: present(updated) };
      },
    },
    deleteApiToken: {
      changesState: true,
      async handle(request, reply) {
        const row = await findOwn(ctx.db, request);
        await deleteToken(ctx.db, row.id);
        ctx.tokenCache.evictToken(row.id);
        return reply.code(204).send();
      },
    },
  };
}
