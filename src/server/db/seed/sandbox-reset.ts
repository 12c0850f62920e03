/**
 * Makes an account's sandbox again, inside the caller's transaction: the rows its sandbox tokens answer
 * from are deleted and written afresh, in the shape they were first made.
 *
 * - A demo account (seed-demo.ts) gets its demo rows back, with the seed's own ids and list positions:
 *   a seller its orders, returns, imports, quotations and products at every warehouse; a warehouse account
 *   every seller's rows at the warehouse it runs. The demo's warehouses stay. As the demo sellers share
 *   warehouses 1 and 2 with the demo warehouse accounts, resetting one puts the other's rows there back
 *   too: exactly as the seed made them, so nothing the other sees differs from a fresh start.
 * - An account made at its first sign-in (sandbox-account.ts) gets sandbox-plans.ts's rows again at new
 *   ids: a seller with new warehouses of its own (the old ones, run by no account and used by no one else,
 *   go), a warehouse account at the warehouse it runs (kept: its id is what its tokens read as) from the
 *   seller made for it.
 *
 * Every delete and insert fires migration 005's owner_data_changed, so cached answers and ETags of each
 * owner touched change when the transaction commits.
 */
import type { Transaction } from '../database.ts';
import type { UserType } from '../../../shared/api-family.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { generateDemoData } from './demo-data.ts';
import type { SeedRow, SeedTables } from './fulfillment-generator.ts';
import { insertTables } from './insert-rows.ts';
import { createSandboxSeller, findSandboxSeller, seedSandboxAccount } from './sandbox-account.ts';
import { onIdentitySequences } from './sandbox-ids.ts';
import { sellerSandbox, warehouseSandbox } from './sandbox-plans.ts';

interface Account {
  userId: number;
  userType: UserType;
}

type OwnerColumn = 'seller_id' | 'warehouse_id';

/**
 * Every row an owner's lists hold, lines first: order_items and return_items name products without ON
 * DELETE CASCADE, so a line of the owner's orders, or naming the owner's products, goes before either.
 */
async function deleteOwnerRows(tx: Transaction, column: OwnerColumn, id: number): Promise<void> {
  await tx.query(
    `DELETE FROM return_items WHERE return_id IN (SELECT id FROM return_orders WHERE ${column} = $1)
        OR product_id IN (SELECT id FROM products WHERE ${column} = $1)`,
    [id],
  );
  await tx.query(
    `DELETE FROM order_items WHERE order_id IN (SELECT id FROM normal_orders WHERE ${column} = $1)
        OR product_id IN (SELECT id FROM products WHERE ${column} = $1)`,
    [id],
  );
  for (const table of ['return_orders', 'normal_orders', 'imports', 'quotations', 'products', 'seller_warehouses']) {
    await tx.query(`DELETE FROM ${table} WHERE ${column} = $1`, [id]);
  }
}

/** The demo's rows of one owner, with the lines of its orders and returns (the demo warehouses are not written again). */
function demoRowsOf(column: OwnerColumn, id: number): SeedTables {
  const data = generateDemoData();
  const own = (rows: SeedRow[]) => rows.filter((row) => row[column] === id);
  const orders = own(data.normal_orders);
  const returns = own(data.return_orders);
  const orderIds = new Set(orders.map((row) => row.id));
  const returnIds = new Set(returns.map((row) => row.id));
  return {
    warehouses: [],
    seller_warehouses: own(data.seller_warehouses),
    quotations: own(data.quotations),
    imports: own(data.imports),
    products: own(data.products),
    normal_orders: orders,
    order_items: data.order_items.filter((row) => orderIds.has(row.order_id)),
    return_orders: returns,
    return_items: data.return_items.filter((row) => returnIds.has(row.return_id)),
  };
}

/** The demo account this is, if it is one: a local account with a demo account's id, email and type. */
async function demoAccountOf(tx: Transaction, account: Account): Promise<boolean> {
  const demo = DEMO_ACCOUNTS.find((candidate) => candidate.id === account.userId && candidate.userType === account.userType);
  if (demo === undefined) return false;
  const rows = await tx.query(`SELECT 1 FROM users WHERE id = $1 AND email = $2 AND auth_provider = 'local'`, [demo.id, demo.email]);
  return rows.length > 0;
}

async function warehouseOf(tx: Transaction, userId: number): Promise<number | undefined> {
  const [row] = await tx.query<{ id: number }>('SELECT id FROM warehouses WHERE account_id = $1', [userId]);
  return row?.id;
}

async function resetSeller(tx: Transaction, account: Account, demo: boolean): Promise<void> {
  const used = await tx.query<{ warehouse_id: number }>('SELECT warehouse_id FROM seller_warehouses WHERE seller_id = $1', [account.userId]);
  await deleteOwnerRows(tx, 'seller_id', account.userId);
  if (demo) {
    await insertTables(tx, demoRowsOf('seller_id', account.userId));
    return;
  }
  // Its sandbox's warehouses, made for it: run by no account, worked with by no other seller.
  await tx.query(
    `DELETE FROM warehouses w WHERE w.id = ANY ($1::int[]) AND w.account_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM seller_warehouses sw WHERE sw.warehouse_id = w.id)`,
    [used.map((row) => row.warehouse_id)],
  );
  await insertTables(tx, await onIdentitySequences(tx, sellerSandbox(account.userId)));
}

async function resetWarehouse(tx: Transaction, account: Account, demo: boolean): Promise<void> {
  const warehouseId = await warehouseOf(tx, account.userId);
  // An account without a warehouse (made before sandboxes existed) gets its first one now.
  if (warehouseId === undefined) return seedSandboxAccount(tx, account);
  await deleteOwnerRows(tx, 'warehouse_id', warehouseId);
  if (demo) {
    await insertTables(tx, demoRowsOf('warehouse_id', warehouseId));
    return;
  }
  const sellerId = (await findSandboxSeller(tx, account.userId)) ?? (await createSandboxSeller(tx, account.userId));
  const placed = await onIdentitySequences(tx, warehouseSandbox(account.userId, sellerId), { warehouses: [warehouseId] });
  await insertTables(tx, { ...placed, warehouses: [] });
}

export async function resetSandbox(tx: Transaction, account: Account): Promise<void> {
  // One reset at a time, across replicas: two of one account would write the same rows twice, and a demo
  // seller's and a demo warehouse account's share rows at warehouses 1 and 2. Resets are rare.
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sandbox_reset'))`);
  const demo = await demoAccountOf(tx, account);
  if (account.userType === 'SELLER') await resetSeller(tx, account, demo);
  else await resetWarehouse(tx, account, demo);
}
