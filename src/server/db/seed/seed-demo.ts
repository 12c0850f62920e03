/**
 * Seeds the demo accounts and data into an empty database (no users yet), in one transaction.
 * Runs under the start-up lock, so two replicas starting at once seed once.
 */
import type { Database, Transaction } from '../database.ts';
import { hashPassword, type ScryptCost } from '../../lib/password.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { generateDemoData } from './demo-data.ts';
import { insertRows, insertTables } from './insert-rows.ts';

const ID_TABLES = ['users', 'warehouses', 'quotations', 'imports', 'products', 'normal_orders', 'return_orders'];

/** Moves each identity sequence past the explicit ids the seed wrote. */
async function syncIdentitySequences(tx: Transaction): Promise<void> {
  for (const table of ID_TABLES) {
    await tx.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${table}), 1))`);
  }
}

export async function seedDemo(db: Database, cost?: ScryptCost): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  if (count > 0) return false;
  // One hash for the one published demo password: a per-account salt protects nothing here and
  // each scrypt costs half a second of first start-up.
  const demoHash = await hashPassword(DEMO_PASSWORD, cost);
  const data = generateDemoData();
  await db.transaction(async (tx) => {
    await insertRows(
      tx,
      'users',
      DEMO_ACCOUNTS.map((account) => ({
        id: account.id,
        email: account.email,
        user_type: account.userType,
        password_hash: demoHash,
      })),
    );
    await insertTables(tx, data);
    await syncIdentitySequences(tx);
  });
  return true;
}
