/**
 * login, logout, getCurrentUser. Login checks email, password and user type together and fails with one
 * byte-identical 401 for all three; unknown emails hash a dummy password so they take as long.
 * Failed logins are throttled per account and per address (429 + Retry-After), counted in the database.
 */
import type { ServerContext } from '../../context.ts';
import { HttpError, LOGIN_FAILED_MESSAGE } from '../../lib/http-error.ts';
import { hashPassword, isWeakerThan, verifyPassword } from '../../lib/password.ts';
import { clearFailures, readFailures, recordFailure } from '../../repositories/login-failures-repository.ts';
import { createSession, deleteSession } from '../../repositories/sessions-repository.ts';
import { findUserByEmail, updatePasswordHash } from '../../repositories/users-repository.ts';
import { clearSessionCookie, hashSessionId, newSessionId, sessionCookieValue, setSessionCookie } from '../../plugins/session.ts';
import type { Schemas } from '../../lib/schemas.ts';
import type { OperationHandler } from '../operation-handler.ts';

export function sessionHandlers(ctx: ServerContext): Record<'login' | 'logout' | 'getCurrentUser', OperationHandler> {
  let dummyHash: Promise<string> | undefined;
  const policy = ctx.loginThrottle;

  const login: OperationHandler = {
    changesState: true,
    async handle(request, reply) {
      const body = request.body as Schemas['LoginRequest'];
      const email = body.email.toLowerCase();
      const keys = [`account:${email}`, `address:${request.ip}`];
      const windows = await readFailures(ctx.db, keys, policy.windowSeconds);
      const blocked = windows.filter((window) =>
        window.key.startsWith('account:') ? window.failures >= policy.perAccount : window.failures >= policy.perAddress,
      );
      if (blocked.length > 0) {
        const retryAfter = Math.max(...blocked.map((window) => window.retryAfter));
        throw new HttpError(429, `Too many failed logins, retry in ${retryAfter} seconds.`, { 'retry-after': String(retryAfter) });
      }

      const user = await findUserByEmail(ctx.db, email);
      dummyHash ??= hashPassword('not-a-password', ctx.scryptCost);
      const passwordOk = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash));
      if (user === undefined || !passwordOk || user.user_type !== body.userType) {
        await recordFailure(ctx.db, keys, policy.windowSeconds);
        throw new HttpError(401, LOGIN_FAILED_MESSAGE);
      }

      await clearFailures(ctx.db, keys[0] ?? '');
      if (isWeakerThan(user.password_hash, ctx.scryptCost)) {
        await updatePasswordHash(ctx.db, user.id, await hashPassword(body.password, ctx.scryptCost));
      }
      // A new id on every login; the session the browser came with (if any) ends here.
      const previous = sessionCookieValue(ctx, request);
      if (previous !== undefined) await deleteSession(ctx.db, hashSessionId(previous));
      const id = newSessionId();
      await createSession(ctx.db, hashSessionId(id), user.id, ctx.config.sessionMaxHours);
      setSessionCookie(ctx, request, reply, id);
      const current: Schemas['CurrentUser'] = { email: user.email, userType: user.user_type };
      return current;
    },
  };

  const logout: OperationHandler = {
    changesState: true,
    async handle(request, reply) {
      const id = sessionCookieValue(ctx, request);
      if (id !== undefined) await deleteSession(ctx.db, hashSessionId(id));
      clearSessionCookie(ctx, request, reply);
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

  return { login, logout, getCurrentUser };
}
