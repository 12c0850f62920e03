/**
 * Portal sessions: a random 256-bit id in an HttpOnly, SameSite=Lax cookie; the database keeps only its
 * SHA-256. Beside it a readable `portal_signed_in=1` (no secret) tells the app whether to ask for the profile. Idle timeout and absolute lifetime come from configuration. Every login makes a new id and
 * deletes the session the browser came with, so an id is never reused across logins.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { SESSION_HINT_COOKIE } from '../../shared/limits.ts';
import { HttpError, NOT_LOGGED_IN_MESSAGE } from '../lib/http-error.ts';
import { findSession, touchSession, type SessionUser } from '../repositories/sessions-repository.ts';
import { clearSessionCookie, hashSessionId, sessionCookieValue } from '../lib/session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

/** The signed-in user of this request's session cookie, or undefined (no cookie, expired, idle too long). */
export async function loadSession(ctx: ServerContext, request: FastifyRequest): Promise<SessionUser | undefined> {
  const id = sessionCookieValue(ctx, request);
  if (id === undefined) return undefined;
  const idHash = hashSessionId(id);
  const user = await findSession(ctx.db, idHash, ctx.config.sessionIdleMinutes);
  if (user?.stale) await touchSession(ctx.db.relaxed, idHash);
  return user;
}

/** onRequest hook for operations secured by the session cookie. */
export function requireSession(ctx: ServerContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const user = await loadSession(ctx, request);
    if (user === undefined) {
      // The session ended (expired, logged out elsewhere): the app stops asking once the hint is gone.
      if (request.cookies[SESSION_HINT_COOKIE] !== undefined) clearSessionCookie(ctx, request, reply);
      throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
    }
    request.sessionUser = user;
  };
}
