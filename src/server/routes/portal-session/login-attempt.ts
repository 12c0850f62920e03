/**
 * A login's claim on its failed-login budgets (docs/decisions/005-login-throttling-and-http-limits.md): per
 * account and client address together, and per client address; never per account alone, so guessing from
 * elsewhere cannot lock the owner out. The claim is taken before the password is checked, so concurrent
 * logins cannot exceed a budget. A wrong password keeps it: it is the failure.
 */
import type { ServerContext } from '../../context.ts';
import { throttleAddress } from '../../lib/client-address.ts';
import { clearFailures, returnAttempt, takeAttempt } from '../../repositories/login-failures-repository.ts';

export interface LoginAttempt {
  /** The right password from this address: its pair starts over, the address gets its attempt back. */
  succeeded(): Promise<void>;
  /** No password was checked (an error): both budgets get the attempt back. */
  abandoned(): Promise<void>;
}

export type AttemptOrWait = { attempt: LoginAttempt } | { retryAfter: number };

export async function takeLoginAttempt(ctx: ServerContext, ip: string, email: string): Promise<AttemptOrWait> {
  const { perAccountAndAddress, perAddress, windowSeconds } = ctx.loginThrottle;
  const address = throttleAddress(ip);
  const pairKey = `pair:${address} ${email}`;
  const addressKey = `address:${address}`;
  const taken = await takeAttempt(
    ctx.db,
    [
      { key: pairKey, limit: perAccountAndAddress },
      { key: addressKey, limit: perAddress },
    ],
    windowSeconds,
  );
  if (!taken.taken) return { retryAfter: taken.retryAfter };
  return {
    attempt: {
      async succeeded() {
        await clearFailures(ctx.db, pairKey);
        await returnAttempt(ctx.db, [addressKey], windowSeconds);
      },
      async abandoned() {
        await returnAttempt(ctx.db, [pairKey, addressKey], windowSeconds);
      },
    },
  };
}
