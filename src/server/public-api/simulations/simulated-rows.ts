/**
 * The rows a simulation moves, read and written in the caller's transaction: each kind of resource's table,
 * the spec's names of its status columns, and what else a step sets beside them (a shipped order gets a
 * tracking number, an approved quotation its approval date). Rows are read FOR UPDATE and scoped to the
 * token's owner, as the public reads are.
 */
import type { Transaction } from '../../db/database.ts';
import type { Owner } from '../../repositories/fulfillment/owner.ts';
import type { ChangedResource } from '../../resource-changes/family-events.ts';
import type { StatusFields } from './lifecycles.ts';

export type StatusResource = Exclude<ChangedResource, 'product'>;

interface StatusTable {
  table: string;
  /** Spec field -> column. */
  columns: Readonly<Record<string, string>>;
  /** Columns a step sets besides the statuses, as SQL over the row's own values and $now. */
  alsoSets: (next: StatusFields) => string[];
}

const STATUS_TABLES: Readonly<Record<StatusResource, StatusTable>> = {
  normal_order: {
    table: 'normal_orders',
    columns: { status: 'status', sellerStatus: 'seller_status', warehouseStatus: 'warehouse_status' },
    alsoSets: (next) =>
      next.status === 'SHIPPED' ? ["courier = coalesce(courier, 'DHL')", "tracking_number = coalesce(tracking_number, 'SBX' || lpad(id::text, 10, '0'))"] : [],
  },
  return_order: {
    table: 'return_orders',
    columns: { returnStatus: 'return_status', warehouseReturnStatus: 'warehouse_return_status' },
    alsoSets: () => ['warehouse_update_date = $now'],
  },
  import: {
    table: 'imports',
    columns: { status: 'status', impStatus: 'imp_status', inbStatus: 'inb_status' },
    alsoSets: () => ['updated_at = $now'],
  },
  quotation: {
    table: 'quotations',
    columns: { progressStatus: 'progress_status' },
    alsoSets: (next) => (next.progressStatus === 'APPROVED' ? ['warehouse_approved_date = coalesce(warehouse_approved_date, $now)'] : []),
  },
};

export interface LockedRow {
  id: number;
  sellerId: number;
  warehouseId: number;
  /** Spec field -> value. */
  statuses: Record<string, string>;
}

export async function lockStatusRow(tx: Transaction, resource: StatusResource, owner: Owner, id: number): Promise<LockedRow | undefined> {
  const { table, columns } = STATUS_TABLES[resource];
  const selected = Object.entries(columns).map(([field, column]) => `${column} AS "${field}"`);
  const [row] = await tx.query<Record<string, string | number>>(
    `SELECT id, seller_id, warehouse_id, ${selected.join(', ')} FROM ${table} WHERE id = $1 AND ${owner.column} = $2 FOR UPDATE`,
    [id, owner.id],
  );
  if (row === undefined) return undefined;
  const statuses = Object.fromEntries(Object.keys(columns).map((field) => [field, String(row[field])]));
  return { id: Number(row.id), sellerId: Number(row.seller_id), warehouseId: Number(row.warehouse_id), statuses };
}

export async function writeStatuses(tx: Transaction, resource: StatusResource, id: number, next: StatusFields, now: Date): Promise<void> {
  const { table, columns, alsoSets } = STATUS_TABLES[resource];
  const values: unknown[] = [id];
  const sets = Object.entries(next).map(([field, value]) => {
    const column = columns[field];
    if (column === undefined) throw new Error(`${table} has no status field ${field}`);
    values.push(value);
    return `${column} = $${values.length}`;
  });
  // A parameter PostgreSQL cannot type is an error, so the time is passed only when a step uses it.
  const extra = alsoSets(next);
  if (extra.some((set) => set.includes('$now'))) values.push(now);
  for (const [index, set] of extra.entries()) extra[index] = set.replaceAll('$now', `$${values.length}`);
  await tx.query(`UPDATE ${table} SET ${[...sets, ...extra].join(', ')} WHERE id = $1`, values);
}

export const QUANTITY_COLUMNS = {
  deliveredQuantity: 'delivered_quantity',
  availableQuantity: 'available_quantity',
  unAvailableQuantity: 'unavailable_quantity',
  remainQuantity: 'remain_quantity',
} as const;
export type QuantityField = keyof typeof QUANTITY_COLUMNS;

export interface LockedProduct {
  id: number;
  sellerId: number;
  warehouseId: number;
  quantities: Record<QuantityField, number>;
}

const QUANTITIES_SELECTED = Object.entries(QUANTITY_COLUMNS)
  .map(([field, column]) => `${column} AS "${field}"`)
  .join(', ');

function lockedProduct(row: Record<string, number>): LockedProduct {
  const quantities = Object.fromEntries(Object.keys(QUANTITY_COLUMNS).map((field) => [field, Number(row[field])])) as Record<QuantityField, number>;
  return { id: Number(row.id), sellerId: Number(row.seller_id), warehouseId: Number(row.warehouse_id), quantities };
}

export async function lockProduct(tx: Transaction, owner: Owner, id: number): Promise<LockedProduct | undefined> {
  const [row] = await tx.query<Record<string, number>>(
    `SELECT id, seller_id, warehouse_id, ${QUANTITIES_SELECTED} FROM products WHERE id = $1 AND ${owner.column} = $2 FOR UPDATE`,
    [id, owner.id],
  );
  return row === undefined ? undefined : lockedProduct(row);
}

/** The products a received import fills: the seller's at the import's warehouse, lowest ids first. */
export async function lockProductsOf(tx: Transaction, sellerId: number, warehouseId: number, atMost: number): Promise<LockedProduct[]> {
  const rows = await tx.query<Record<string, number>>(
    `SELECT id, seller_id, warehouse_id, ${QUANTITIES_SELECTED} FROM products WHERE seller_id = $1 AND warehouse_id = $2 ORDER BY id LIMIT $3 FOR UPDATE`,
    [sellerId, warehouseId, atMost],
  );
  return rows.map(lockedProduct);
}

export async function writeQuantities(tx: Transaction, id: number, next: Partial<Record<QuantityField, number>>, deliveredAt?: Date): Promise<void> {
  const values: unknown[] = [id];
  const sets = Object.entries(next).map(([field, value]) => {
    values.push(value);
    return `${QUANTITY_COLUMNS[field as QuantityField]} = $${values.length}`;
  });
  if (deliveredAt !== undefined) {
    values.push(deliveredAt);
    sets.push(`delivered_dt = $${values.length}`);
  }
  await tx.query(`UPDATE products SET ${sets.join(', ')} WHERE id = $1`, values);
}

/** The account that runs a warehouse; null when no portal account does. */
export async function warehouseAccountOf(tx: Transaction, warehouseId: number): Promise<number | null> {
  const [row] = await tx.query<{ account_id: number | null }>('SELECT account_id FROM warehouses WHERE id = $1', [warehouseId]);
  return row?.account_id ?? null;
}
