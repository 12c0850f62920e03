/**
 * A new account from the warehouse system gets a sandbox of its own at its first sign-in, in the sign-in's
 * transaction, so its first token answers the way a demo account's does (sandbox-plans.ts says what it holds).
 */
import type { Transaction } from '../database.ts';
import type { UserType } from '../../../shared/api-family.ts';
import { PRODUCTION_SCRYPT_COST, unmatchableHash } from '../../lib/password.ts';
import { insertTables } from './insert-rows.ts';
import { onIdentitySequences } from './sandbox-ids.ts';
import { sellerSandbox, warehouseSandbox } from './sandbox-plans.ts';

/**
 * The seller whose rows a new warehouse account sees at its warehouse. Made for it, not borrowed from the
 * demo sellers: their lists, counts and ETags must not change when someone signs in, and they may not
 * exist (SEED_DEMO=false). No one can sign in as it: it is a local account, and with an external provider
 * the login form never reads local accounts; were the provider switched back to local, its password hash
 * matches nothing, and its `.invalid` address (RFC 2606) reaches no one. A local row rather than an
 * external one with a made-up subject: any subject lies in the provider's own namespace, where a real
 * account could one day carry it and would then sign in to this seller.
 */
export async function createSandboxSeller(tx: Transaction, warehouseUserId: number): Promise<number> {
  const [row] = await tx.query<{ id: number }>(`INSERT INTO users (email, user_type, password_hash) VALUES ($1, 'SELLER', $2) RETURNING id`, [
    sandboxSellerEmail(warehouseUserId),
    unmatchableHash(PRODUCTION_SCRYPT_COST),
  ]);
  if (row === undefined) throw new Error('the sandbox seller was not created');
  return row.id;
}

/** The seller made for a warehouse account's sandbox; undefined when it has none (yet). */
export async function findSandboxSeller(tx: Transaction, warehouseUserId: number): Promise<number | undefined> {
  const [row] = await tx.query<{ id: number }>(`SELECT id FROM users WHERE email = $1 AND user_type = 'SELLER' AND auth_provider = 'local'`, [
    sandboxSellerEmail(warehouseUserId),
  ]);
  return row?.id;
}

function sandboxSellerEmail(warehouseUserId: number): string {
  return `sandbox-seller-${warehouseUserId}@sandbox.invalid`;
}

export async function seedSandboxAccount(tx: Transaction, account: { userId: number; userType: UserType }): Promise<void> {
  const plan = account.userType === 'SELLER' ? sellerSandbox(account.userId) : warehouseSandbox(account.userId, await createSandboxSeller(tx, account.userId));
  await insertTables(tx, await onIdentitySequences(tx, plan));
}
