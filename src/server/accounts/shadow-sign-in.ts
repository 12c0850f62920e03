/**
 * An account the provider vouched for (a directory bind, a WMS answer, an ID token) signs in to its
 * shadow account: found by subject and user type, created at the first sign-in with a sandbox dataset of
 * its own, its email kept in step, opened again if it had been closed. Signing in itself (the session,
 * its cookie, the signed_in event) is the caller's, as for a local account.
 */
import type { ActivityOrigin } from '../lib/activity-origin.ts';
import type { Transaction } from '../db/database.ts';
import type { UserType } from '../../shared/api-family.ts';
import type { ExternalAccount, ExternalProviderKind } from '../identity/provider.ts';
import { confirmShadowAccount, createShadowAccount, findShadowAccount, reopenShadowAccount, type ShadowAccount } from '../repositories/accounts-repository.ts';
import { seedSandboxAccount } from '../db/seed/sandbox-account.ts';

/**
 * The shadow account of `account` as `userType`, open, in `tx`; undefined when the provider's account does
 * not hold that user type (the caller answers as for a wrong password).
 */
export async function shadowAccountFor(
  tx: Transaction,
  provider: ExternalProviderKind,
  account: ExternalAccount,
  userType: UserType,
  origin: ActivityOrigin,
): Promise<ShadowAccount | undefined> {
  if (!account.userTypes.includes(userType)) return undefined;
  const found = await findShadowAccount(tx, provider, account.subject, userType);
  if (found === undefined) {
    const created = await createShadowAccount(tx, { provider, subject: account.subject, email: account.email, userType });
    await seedSandboxAccount(tx, { userId: created.id, userType });
    return created;
  }
  await confirmShadowAccount(tx, found.id, account.email);
  // Its tokens match again if they have not expired (a refusal is never cached, so nothing to evict).
  if (found.closed) await reopenShadowAccount(tx, found, origin);
  return { ...found, email: account.email, closed: false };
}
