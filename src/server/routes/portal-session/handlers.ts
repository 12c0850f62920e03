/**
 * login, logout, getCurrentUser, getPortalSettings. Login checks email, password and user type together and fails with one
 * byte-identical 401 for all three; unknown emails are checked against a hash that matches nothing, so they
 * take as long.
 *
 * Failed logins are throttled (login-attempt.ts: 429 + Retry-After). Password checks run in a bounded pool
 * (io/password-hasher.ts); past it the login is refused with 503 + Retry-After. Both refusals come after a
 * pause. See docs/decisions/005-login-throttling-and-http-limits.md.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { QueueFullError } from '../../lib/bounded-queue.ts';
import { HttpError, LOGIN_FAILED_MESSAGE } from '../../lib/http-error.ts';
import { isWeakerThan, unmatchableHash } from '../../lib/password.ts';
import { activityOrigin } from '../../lib/activity-origin.ts';
import { recordActivity } from '../../repositories/activity-repository.ts';
import { deleteSession, sessionAccountProvider } from '../../repositories/sessions-repository.ts';
import { findUserByEmail, updatePasswordHash } from '../../repositories/users-repository.ts';
import { shadowAccountsByEmail } from '../../repositories/accounts-repository.ts';
import { clearSessionCookie, hashSessionId, sessionCookieValue } from '../../lib/session-cookie.ts';
import { shadowAccountFor } from '../../accounts/shadow-sign-in.ts';
import type { HashingSlot } from '../../io/password-hasher.ts';
import {
  PROVIDER_NAMES,
  PROVIDER_RETRY_AFTER_SECONDS,
  PROVIDER_UNAVAILABLE_MESSAGE,
  ProviderUnavailableError,
  type PasswordProvider,
} from '../../identity/provider.ts';
import { startSession as startSessionFor, type SignedIn } from './start-session.ts';
import type { Schemas } from '../../lib/schemas.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';
import { takeLoginAttempt } from './login-attempt.ts';
import { portalSettingsOf } from '../../lib/portal-settings.ts';

export function sessionHandlers(ctx: ServerContext): Record<'login' | 'logout' | 'getCurrentUser' | 'getPortalSettings', OperationHandler> {
  // Checked for unknown emails: it costs one derivation at the current cost, like a real check, and matches nothing.
  const dummyHash = unmatchableHash(ctx.scryptCost);
  const policy = ctx.loginThrottle;
  const startSession = (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) => startSessionFor(ctx, request, reply, signedIn);

  /**
   * A refused login (429, 503) is answered after a pause: a client that sends the next login as soon as
   * the last is answered would otherwise turn instant refusals into a flood of requests that takes the
   * event loop from the public API. Each connection gets at most one refusal per pause.
   */
  async function refuse(error: HttpError): Promise<never> {
    await sleep(policy.refusalDelayMs);
    throw error;
  }

  /** The hashing pool's refusal as the API's 503; other errors as they are. */
  async function busyAs503<T>(work: () => T | Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      return refuse(
        new HttpError(503, `Too many logins at once, retry in ${error.retryAfterSeconds} seconds.`, { 'retry-after': String(error.retryAfterSeconds) }),
      );
    }
  }

  /** The portal's own account: the password against its stored hash, rehashed if the cost has grown. */
  async function checkLocal(request: FastifyRequest, body: Schemas['LoginRequest'], slot: HashingSlot): Promise<SignedIn> {
    const email = body.email.toLowerCase();
    const user = await findUserByEmail(ctx.db, email);
    const passwordOk = await slot.verify(body.password, user?.password_hash ?? dummyHash);
    if (user === undefined || user.password_hash === null || !passwordOk || user.user_type !== body.userType) {
      // The account's owner sees attempts on their email; an unknown email has no owner to tell. Written
      // without waiting for the disk flush (it records no change), so a known email's failure answers
      // as fast as an unknown one's and the timing does not tell which emails have accounts.
      if (user !== undefined) await recordActivity(ctx.db.relaxed, { userId: user.id, type: 'sign_in_failed', origin: activityOrigin(request) });
      throw new HttpError(401, LOGIN_FAILED_MESSAGE);
    }
    if (user.password_hash !== null && isWeakerThan(user.password_hash, ctx.scryptCost))
      await updatePasswordHash(ctx.db, user.id, await slot.hash(body.password));
    return { id: user.id, email: user.email, userType: user.user_type };
  }

  /**
   * An account of the warehouse system (AUTH_PROVIDER ldap or wms): the provider checks the password, the
   * shadow account signs in. A provider that cannot be reached is a 503, never a wrong password.
   */
  async function checkWithProvider(request: FastifyRequest, body: Schemas['LoginRequest'], provider: PasswordProvider): Promise<SignedIn> {
    const email = body.email.toLowerCase();
    const origin = activityOrigin(request);
    const check = await provider.checkPassword({ email, password: body.password, userType: body.userType });
    const account = check.accepted ? await ctx.db.transaction((tx) => shadowAccountFor(tx, provider.kind, check.account, body.userType, origin)) : undefined;
    if (account === undefined) {
      // As for a local account: the owners of this email here see the attempt.
      for (const owner of await shadowAccountsByEmail(ctx.db, provider.kind, email)) {
        await recordActivity(ctx.db.relaxed, {
          userId: owner.id,
          type: 'sign_in_failed',
          origin,
          details: { provider: owner.provider, subject: owner.subject },
        });
      }
      throw new HttpError(401, LOGIN_FAILED_MESSAGE);
    }
    return { id: account.id, email: account.email, userType: account.userType, provider: { kind: provider.kind, subject: account.subject } };
  }

  const login: OperationHandler = {
    changesState: true,
    async handle(request, reply) {
      const body = request.body as Schemas['LoginRequest'];
      const email = body.email.toLowerCase();
      // A place in the hashing pool first: a flood is refused here, before it costs any database work (or,
      // with an external provider, a call to it).
      const slot = await busyAs503(() => ctx.passwords.acquire());
      let signedIn: SignedIn;
      try {
        const claim = await takeLoginAttempt(ctx, request.ip, email);
        if (!('attempt' in claim)) {
          slot.release();
          return await refuse(new HttpError(429, `Too many failed logins, retry in ${claim.retryAfter} seconds.`, { 'retry-after': String(claim.retryAfter) }));
        }
        const provider = ctx.identity.passwords;
        try {
          signedIn = provider === undefined ? await checkLocal(request, body, slot) : await checkWithProvider(request, body, provider);
        } catch (error) {
          // A wrong password keeps its strike; anything else checked no password and gives it back.
          if (!(error instanceof HttpError && error.statusCode === 401)) await claim.attempt.abandoned();
          if (error instanceof ProviderUnavailableError) {
            request.log.error(
              { provider: error.provider, step: error.step, reason: error.message },
              `sign-in: the ${PROVIDER_NAMES[error.provider]} could not be reached`,
            );
            throw new HttpError(503, PROVIDER_UNAVAILABLE_MESSAGE, { 'retry-after': String(PROVIDER_RETRY_AFTER_SECONDS) });
          }
          throw error;
        }
        await claim.attempt.succeeded();
      } finally {
        slot.release();
      }
      await startSession(request, reply, signedIn);
      const current: Schemas['CurrentUser'] = { email: signedIn.email, userType: signedIn.userType };
      return current;
    },
  };

  /** The OpenID Provider's end-session URL; a provider that cannot be reached leaves the user signed out here only. */
  async function providerEndSessionUrl(request: FastifyRequest): Promise<string | undefined> {
    try {
      return await ctx.identity.oidc?.endSessionUrl();
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      request.log.warn({ provider: error.provider, step: error.step, reason: error.message }, 'logout: the OpenID Provider could not be reached');
      return undefined;
    }
  }

  const logout: OperationHandler = {
    changesState: true,
    async handle(request, reply) {
      const id = sessionCookieValue(ctx, request);
      let signedInWithOidc = false;
      if (id !== undefined) {
        // signed_out only for a session that was still signed in, in the transaction that ends it.
        await ctx.db.transaction(async (tx) => {
          signedInWithOidc = ctx.identity.oidc !== undefined && (await sessionAccountProvider(tx, hashSessionId(id))) === 'oidc';
          const userId = await deleteSession(tx, hashSessionId(id), ctx.config.sessionIdleMinutes);
          if (userId !== undefined) await recordActivity(tx, { userId, type: 'signed_out', origin: activityOrigin(request) });
        });
      }
      clearSessionCookie(ctx, request, reply);
      // Signed in at the OpenID Provider too: the app opens its end-session URL (RP-initiated logout).
      const endSession = signedInWithOidc ? await providerEndSessionUrl(request) : undefined;
      if (endSession !== undefined) void reply.header('location', endSession);
      return reply.code(204).send();
    },
  };

  const getCurrentUser: OperationHandler = {
    async handle(request) {
      const user = request.sessionUser;
      if (user === undefined) throw new Error('getCurrentUser reached without a session');
      const current: Schemas['CurrentUser'] = { email: user.email, userType: user.userType };
      return current;
    },
  };

  // Answered to anyone: it says only whether the reference is public and how the login page signs in.
  const getPortalSettings: OperationHandler = {
    async handle() {
      const settings: Schemas['PortalSettings'] = portalSettingsOf(ctx.config);
      return settings;
    },
  };

  return { login, logout, getCurrentUser, getPortalSettings };
}
