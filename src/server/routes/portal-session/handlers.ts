/**
 * login, logout, getCurrentUser. Login checks email, password and user type together and fails with one
 * byte-identical 401 for all three; unknown emails are checked against a hash that matches nothing, so they
 * take as long.
 *
 * Failed logins are throttled per account-and-address pair and per address (never per account alone, so
 * an attacker elsewhere cannot lock the owner out), counted in the database: an attempt is taken from both
 * budgets before the password is checked, so concurrent attempts cannot exceed them (429 + Retry-After).
 * Password checks run in a bounded pool; past it the login is refused with 503 + Retry-After.
 * See docs/decisions/005-login-throttling-and-http-limits.md.
 */
import type { ServerContext } from '../../context.ts';
import { QueueFullError } from '../../lib/bounded-queue.ts';
import { throttleAddress } from '../../lib/client-address.ts';
import { HttpError, LOGIN_FAILED_MESSAGE } from '../../lib/http-error.ts';
import { isWeakerThan, unmatchableHash } from '../../lib/password.ts';
import { clearFailures, returnAttempt, takeAttempt } from '../../repositories/login-failures-repository.ts';
import { createSession, deleteSession } from '../../repositories/sessions-repository.ts';
import { findUserByEmail, updatePasswordHash, type UserRow } from '../../repositories/users-repository.ts';
import { clearSessionCookie, hashSessionId, newSessionId, sessionCookieValue, setSessionCookie } from '../../plugins/session.ts';
import type { Schemas } from '../../lib/schemas.ts';
import type { OperationHandler } from '../operation-handler.ts';

export function sessionHandlers(ctx: ServerContext): Record<'login' | 'logout' | 'getCurrentUser', OperationHandler> {
  // Checked for unknown emails: it costs one derivation at the current cost, like a real check, and matches nothing.
  const dummyHash = unmatchableHash(ctx.scryptCost);
  const policy = ctx.loginThrottle;

  /** The password check, or 503 when the hashing pool is full. */
  async function checkPassword(password: string, hash: string | undefined): Promise<boolean> {
    try {
      return await ctx.passwords.verify(password, hash ?? dummyHash);
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      throw new HttpError(503, `Too many logins at once, retry in ${error.retryAfterSeconds} seconds.`, { 'retry-after': String(error.retryAfterSeconds) });
    }
  }

  const login: OperationHandler = {
    changesState: true,
    async handle(request, reply) {
      const body = request.body as Schemas['LoginRequest'];
      const email = body.email.toLowerCase();
      const address = throttleAddress(request.ip);
      const pairKey = `pair:${address} ${email}`;
      const addressKey = `address:${address}`;
      const attempt = await takeAttempt(
        ctx.db,
        [
          { key: pairKey, limit: policy.perAccountAndAddress },
          { key: addressKey, limit: policy.perAddress },
        ],
        policy.windowSeconds,
      );
      if (!attempt.taken) {
        throw new HttpError(429, `Too many failed logins, retry in ${attempt.retryAfter} seconds.`, { 'retry-after': String(attempt.retryAfter) });
      }

      let checked = false;
      let passwordOk = false;
      let user: UserRow | undefined;
      try {
        user = await findUserByEmail(ctx.db, email);
        passwordOk = await checkPassword(body.password, user?.password_hash);
        checked = true;
      } finally {
        // No password was checked (refused by the pool, or an error): the attempt is not a failure.
        if (!checked) await returnAttempt(ctx.db, [pairKey, addressKey], policy.windowSeconds);
      }
      if (user === undefined || !passwordOk || user.user_type !== body.userType) throw new HttpError(401, LOGIN_FAILED_MESSAGE);

      // The right password from this address: its pair starts over; the address gets this attempt back.
      await clearFailures(ctx.db, pairKey);
      await returnAttempt(ctx.db, [addressKey], policy.windowSeconds);
      if (isWeakerThan(user.password_hash, ctx.scryptCost)) {
        try {
          await updatePasswordHash(ctx.db, user.id, await ctx.passwords.hash(body.password));
        } catch (error) {
          // A busy pool only postpones the upgrade to a later login.
          if (!(error instanceof QueueFullError)) throw error;
        }
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
