/**
 * Portal sessions: a random 256-bit id in an HttpOnly, SameSite=Lax cookie; the database keeps only its
 * SHA-256. Beside it a readable `portal_signed_in=1` (no secret) tells the app whether to ask for the profile. Idle timeout and absolute lifetime come from configuration. Every login makes a new id and
 * deletes the session the browser came with, so an id is never reused across logins.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { SESSION_HINT_COOKIE } from '../../shared/limits.ts';
import { HttpError, NOT_LOGGED_IN_MESSAGE } from '../lib/http-error.ts';
import { findSession, touchSession, type SessionUser } from '../repositories/sessions-repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionId(id: string): Buffer {
  return createHash('sha256').update(id).digest();
}

export function sessionCookieValue(ctx: ServerContext, request: FastifyRequest): string | undefined {
  const value = request.cookies[ctx.sessionCookieName];
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
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

function secure(ctx: ServerContext, request: FastifyRequest): boolean {
  // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is set.
  return ctx.config.cookieSecure || request.protocol === 'https';
}

export function setSessionCookie(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, id: string): void {
  void reply.setCookie(ctx.sessionCookieName, id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure(ctx, request),
    maxAge: ctx.config.sessionMaxHours * 3600,
  });
  void reply.setCookie(SESSION_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure: secure(ctx, request),
    maxAge: ctx.config.sessionMaxHours * 3600,
  });
}

export function clearSessionCookie(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(ctx.sessionCookieName, { httpOnly: true, sameSite: 'lax', path: '/', secure: secure(ctx, request) });
  void reply.clearCookie(SESSION_HINT_COOKIE, { httpOnly: false, sameSite: 'lax', path: '/', secure: secure(ctx, request) });
}
