/**
 * startOidcSignIn, finishOidcSignIn, oidcBackchannelLogout: "Sign in with ..." (AUTH_PROVIDER=oidc). The
 * browser steps answer with redirects, never with an error page: a refused sign-in goes back to the login
 * page with the marker its toast comes from (shared/portal-data/sign-in-outcome.ts), writing nothing, and
 * a provider that cannot be reached to the login page's 503 message. With another provider the three
 * answer 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { UserType } from '../../../shared/api-family.ts';
import { loginPathWithOutcome, type SignInOutcome } from '../../../shared/portal-data/sign-in-outcome.ts';
import { safeRedirectTarget } from '../../../shared/portal-data/login-redirect.ts';
import { shadowAccountFor } from '../../accounts/shadow-sign-in.ts';
import { keepRefreshToken } from '../../accounts/oidc-refresh-tokens.ts';
import { endProviderSessions } from '../../accounts/provider-logout.ts';
import { OidcRefusal } from '../../identity/oidc-errors.ts';
import { InvalidLogoutToken } from '../../identity/oidc-logout-token.ts';
import type { OidcRelyingParty } from '../../identity/oidc-relying-party.ts';
import { PROVIDER_NAMES, PROVIDER_RETRY_AFTER_SECONDS, PROVIDER_UNAVAILABLE_MESSAGE, ProviderUnavailableError } from '../../identity/provider.ts';
import { activityOrigin } from '../../lib/activity-origin.ts';
import { HttpError, NOT_FOUND_MESSAGE } from '../../lib/http-error.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';
import { startSession } from '../portal-session/start-session.ts';
import { keepPendingSignIn, takePendingSignIn } from './pending-sign-in.ts';

export const CALLBACK_PATH = '/api/auth/oidc/callback';

function relyingParty(ctx: ServerContext): OidcRelyingParty {
  const oidc = ctx.identity.oidc;
  if (oidc === undefined) throw new HttpError(404, NOT_FOUND_MESSAGE);
  return oidc;
}

function backToLogin(reply: FastifyReply, outcome: SignInOutcome, returnTo: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(loginPathWithOutcome(outcome, returnTo), 302);
}

/** The failure as the login page's marker, logged for the operator (never a code, a token or a secret). */
function failedSignIn(request: FastifyRequest, reply: FastifyReply, error: unknown, returnTo: string): FastifyReply {
  if (error instanceof ProviderUnavailableError) {
    request.log.error(
      { provider: error.provider, step: error.step, reason: error.message },
      `sign-in: the ${PROVIDER_NAMES[error.provider]} could not be reached`,
    );
    return backToLogin(reply, 'unavailable', returnTo);
  }
  if (error instanceof OidcRefusal) {
    request.log.info({ provider: 'oidc', reason: error.reason }, 'sign-in: the OpenID sign-in was refused');
    return backToLogin(reply, 'failed', returnTo);
  }
  throw error;
}

export function oidcHandlers(ctx: ServerContext): Record<'startOidcSignIn' | 'finishOidcSignIn' | 'oidcBackchannelLogout', OperationHandler> {
  return {
    startOidcSignIn: {
      async handle(request, reply) {
        const oidc = relyingParty(ctx);
        const query = request.query as { userType: UserType; redirectTo?: string };
        const returnTo = safeRedirectTarget(query.redirectTo);
        let begun: Awaited<ReturnType<OidcRelyingParty['beginSignIn']>>;
        try {
          begun = await oidc.beginSignIn();
        } catch (error) {
          return failedSignIn(request, reply, error, returnTo);
        }
        keepPendingSignIn(ctx, request, reply, { ...begun.checks, userType: query.userType, returnTo });
        return reply.header('cache-control', 'no-store').redirect(begun.url, 302);
      },
    },

    finishOidcSignIn: {
      async handle(request, reply) {
        const oidc = relyingParty(ctx);
        const pending = takePendingSignIn(ctx, request, reply);
        if (pending === undefined)
          return failedSignIn(request, reply, new OidcRefusal('no pending sign-in in this browser (expired, or started elsewhere)'), '/');
        const publicOrigin = ctx.config.publicOrigin ?? '';
        // The URL the provider redirected to, as registered: its query is what the provider sent.
        const callbackUrl = new URL(CALLBACK_PATH, publicOrigin);
        callbackUrl.search = new URL(request.url, publicOrigin).search;
        let signIn: Awaited<ReturnType<OidcRelyingParty['finishSignIn']>>;
        try {
          signIn = await oidc.finishSignIn(callbackUrl, pending);
        } catch (error) {
          return failedSignIn(request, reply, error, pending.returnTo);
        }
        const origin = activityOrigin(request);
        const account = await ctx.db.transaction(async (tx) => {
          const shadow = await shadowAccountFor(tx, 'oidc', signIn.account, pending.userType, origin);
          if (shadow !== undefined && signIn.refreshToken !== undefined) await keepRefreshToken(tx, ctx.keys, signIn.account.subject, signIn.refreshToken);
          return shadow;
        });
        // The provider's account does not hold the chosen user type: the form's "Login failed".
        if (account === undefined)
          return failedSignIn(request, reply, new OidcRefusal(`the account does not hold the user type ${pending.userType}`), pending.returnTo);
        await startSession(ctx, request, reply, {
          id: account.id,
          email: account.email,
          userType: account.userType,
          provider: { kind: 'oidc', subject: account.subject, ...(signIn.sessionId === undefined ? {} : { sessionId: signIn.sessionId }) },
        });
        return reply.header('cache-control', 'no-store').redirect(pending.returnTo, 302);
      },
    },

    oidcBackchannelLogout: {
      async handle(request, reply) {
        const oidc = relyingParty(ctx);
        const token = (request.body as { logout_token?: unknown } | undefined)?.logout_token;
        if (typeof token !== 'string' || token === '') throw new HttpError(400, 'logout_token: required.');
        let logout: Awaited<ReturnType<OidcRelyingParty['verifyLogoutToken']>>;
        try {
          logout = await oidc.verifyLogoutToken(token);
        } catch (error) {
          if (error instanceof InvalidLogoutToken) {
            request.log.warn({ provider: 'oidc', reason: error.reason }, 'back-channel logout: the logout token was refused');
            throw new HttpError(400, 'logout_token: not a valid logout token.');
          }
          if (error instanceof ProviderUnavailableError) {
            request.log.error(
              { provider: error.provider, step: error.step, reason: error.message },
              'back-channel logout: the OpenID Provider could not be reached',
            );
            throw new HttpError(503, PROVIDER_UNAVAILABLE_MESSAGE, { 'retry-after': String(PROVIDER_RETRY_AFTER_SECONDS) });
          }
          throw error;
        }
        const ended = await endProviderSessions(ctx, logout);
        request.log.info({ provider: 'oidc', sessionsEnded: ended }, 'back-channel logout');
        return reply.code(200).header('cache-control', 'no-store').send();
      },
    },
  };
}
