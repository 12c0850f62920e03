/**
 * A presented token value to its verified row: from this process's cache (token-cache.ts), or from the
 * database, verified (keyed digest, and ciphertext for a current value) and then cached briefly.
 */
import type { ServerContext } from '../context.ts';
import { parseTokenValue } from '../lib/token-format.ts';
import { findLiveToken, type TokenPrincipalRow } from '../repositories/api-tokens-repository.ts';
import type { UserType } from '../../shared/api-family.ts';

type LookupContext = Pick<ServerContext, 'tokenCache' | 'keys' | 'db'>;

async function lookUp(ctx: LookupContext, value: string): Promise<TokenPrincipalRow | undefined> {
  const ticket = ctx.tokenCache.ticket();
  const digest = ctx.keys.digest(value);
  const row = await findLiveToken(ctx.db, digest);
  if (row === undefined || !ctx.keys.digestsEqual(row.digest, digest)) return undefined;
  // A current value's ciphertext must decrypt to it: a tampered row fails closed. A previous value keeps
  // only its digest (it is never revealed again), so the keyed digest alone vouches for it.
  if (row.ciphertext !== null) {
    const plain = ctx.keys.decrypt(row.ciphertext, row.digest);
    if (plain === undefined || plain !== value) return undefined;
  }
  ctx.tokenCache.set(value, row, ticket);
  return row;
}

/**
 * The verified row of a presented token value (expired or not), or undefined. With `family`, a value of the
 * other user type is refused before the database; a cached row may still be of either type. A cached value
 * was checked when it was cached, and is answered at once, without a promise (the public call's hot path).
 * Junk never reaches the database: prefix, length, alphabet and CRC32 checksum first.
 */
export function findPresentedToken(
  ctx: LookupContext,
  value: string,
  family?: UserType,
): TokenPrincipalRow | undefined | Promise<TokenPrincipalRow | undefined> {
  const cached = ctx.tokenCache.get(value);
  if (cached !== undefined) return cached;
  const parsed = parseTokenValue(value);
  if (parsed === undefined || (family !== undefined && parsed.userType !== family)) return undefined;
  return lookUp(ctx, value);
}
