/**
 * Signing in, once an account is known: a new session id on every sign-in (the session the browser came
 * with, if any, ends here), the session and its signed_in event committed together, the cookie set. The
 * login form and the OpenID Connect callback both end here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { UserType } from '../../../shared/api-family.ts';
import type { ExternalProviderKind } from '../../identity/provider.ts';
import { activityOrigin } from '../../lib/activity-origin.ts';
import { hashSessionId, newSessionId, sessionCookieValue, setSessionCookie } from '../../lib/session-cookie.ts';
import { recordActivity } from '../../repositories/activity-repository.ts';
import { createSession, deleteSession } from '../../repositories/sessions-repository.ts';

export interface SignedIn {
  id: number;
  email: string;
  userType: UserType;
  /** An account of the warehouse system: where it lives and its id there (the activity log says so). */
  provider?: { kind: ExternalProviderKind; subject: string; sessionId?: string };
}

export async function startSession(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): Promise<void> {
  const origin = activityOrigin(request);
  const previous = sessionCookieValue(ctx, request);
  const id = newSessionId();
  const provider = signedIn.provider;
  await ctx.db.transaction(async (tx) => {
    if (previous !== undefined) await deleteSession(tx, hashSessionId(previous), ctx.config.sessionIdleMinutes);
    await createSession(tx, hashSessionId(id), signedIn.id, ctx.config.sessionMaxHours, origin, provider?.sessionId);
    await recordActivity(tx, {
      userId: signedIn.id,
      type: 'signed_in',
      origin,
      ...(provider === undefined ? {} : { details: { provider: provider.kind, subject: provider.subject } }),
    });
  });
  setSessionCookie(ctx, request, reply, id);
}
