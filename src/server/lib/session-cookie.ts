/**
 * The session cookie: a random 256-bit id in an HttpOnly, SameSite=Lax cookie whose SHA-256 alone the
 * database keeps, and beside it the readable `portal_signed_in=1` hint. Shared by the session hook
 * (plugins/session.ts) and the login, logout and session handlers (routes/portal-session/).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '../../shared/limits.ts';

/** What the cookie's name and attributes come from (ServerContext has it). */
export interface SessionCookieSettings {
  sessionCookieName: string;
  config: { cookieSecure: boolean; sessionMaxHours: number };
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionId(id: string): Buffer {
  return createHash('sha256').update(id).digest();
}

export function sessionCookieValue(ctx: SessionCookieSettings, request: FastifyRequest): string | undefined {
  const value = request.cookies[ctx.sessionCookieName];
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

function secure(ctx: SessionCookieSettings, request: FastifyRequest): boolean {
  // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is set.
  return ctx.config.cookieSecure || request.protocol === 'https';
}

export function setSessionCookie(ctx: SessionCookieSettings, request: FastifyRequest, reply: FastifyReply, id: string): void {
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

export function clearSessionCookie(ctx: SessionCookieSettings, request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(ctx.sessionCookieName, { httpOnly: true, sameSite: 'lax', path: '/', secure: secure(ctx, request) });
  void reply.clearCookie(SESSION_HINT_COOKIE, { httpOnly: false, sameSite: 'lax', path: '/', secure: secure(ctx, request) });
}
