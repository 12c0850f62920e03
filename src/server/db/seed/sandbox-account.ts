/**
 * A new account from the warehouse system gets a sandbox of its own at its first sign-in, so its first
 * token answers the way a demo account's does.
 */
import type { Transaction } from '../database.ts';
import type { UserType } from '../../../shared/api-family.ts';

export async function seedSandboxAccount(_tx: Transaction, _account: { userId: number; userType: UserType }): Promise<void> {
  // Filled in by the sandbox generator (demo-data.ts for one account).
}
