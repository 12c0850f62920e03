/**
 * A sign-in between the redirect to the OpenID Provider and its callback: `state`, `nonce`, the PKCE
 * verifier, the chosen user type and where the user was going. Kept in the browser, not the database: an
 * HttpOnly, SameSite=Lax cookie (sent on the provider's top-level redirect back), for 10 minutes, limited
 * to /api/auth/oidc/, and encrypted with the token keys (AES-256-GCM), so the browser can neither read the
 * verifier nor change any of it, every replica sharing the keys can finish it, and an abandoned sign-in
 * leaves no row to clean up. The callback clears it, used or not.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { isUserType, type UserType } from '../../../shared/api-family.ts';
import type { PendingChecks } from '../../identity/oidc-relying-party.ts';

export interface PendingSignIn extends PendingChecks {
  userType: UserType;
  /** A safe same-origin path (safeRedirectTarget). */
  returnTo: string;
  /** Epoch ms after which the callback refuses it, whatever the browser kept. */
  expiresAt: number;
}

const COOKIE = 'portal_oidc_sign_in';
const COOKIE_PATH = '/api/auth/oidc/';
export const PENDING_SIGN_IN_SECONDS = 10 * 60;
/** Binds the ciphertext to its purpose: no other encrypted value of the portal decrypts as one. */
const PURPOSE = Buffer.from('oidc-pending-sign-in', 'utf8');

function secure(ctx: ServerContext, request: FastifyRequest): boolean {
  return ctx.config.cookieSecure || request.protocol === 'https';
}

export function keepPendingSignIn(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, pending: Omit<PendingSignIn, 'expiresAt'>): void {
  const value: PendingSignIn = { ...pending, expiresAt: ctx.now() + PENDING_SIGN_IN_SECONDS * 1000 };
  const sealed = ctx.keys.encrypt(JSON.stringify(value), PURPOSE).toString('base64url');
  void reply.setCookie(COOKIE, sealed, { httpOnly: true, sameSite: 'lax', path: COOKIE_PATH, secure: secure(ctx, request), maxAge: PENDING_SIGN_IN_SECONDS });
}

/** The pending sign-in this browser holds, cleared from it; undefined when there is none, it was changed, or it is too old. */
export function takePendingSignIn(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): PendingSignIn | undefined {
  const sealed = request.cookies[COOKIE];
  if (sealed === undefined) return undefined;
  void reply.clearCookie(COOKIE, { httpOnly: true, sameSite: 'lax', path: COOKIE_PATH, secure: secure(ctx, request) });
  if (!/^[A-Za-z0-9_-]{1,4096}$/.test(sealed)) return undefined;
  const text = ctx.keys.decrypt(Buffer.from(sealed, 'base64url'), PURPOSE);
  if (text === undefined) return undefined;
  const value = JSON.parse(text) as Partial<PendingSignIn>;
  if (typeof value.expiresAt !== 'number' || value.expiresAt < ctx.now()) return undefined;
  if (typeof value.state !== 'string' || typeof value.nonce !== 'string' || typeof value.codeVerifier !== 'string') return undefined;
  if (!isUserType(value.userType) || typeof value.returnTo !== 'string') return undefined;
  return value as PendingSignIn;
}
