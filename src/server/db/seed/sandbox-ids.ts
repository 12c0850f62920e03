/**
 * Puts a plan's rows (local ids 1..n per table, fulfillment-generator.ts) at ids taken from the tables'
 * identity sequences with nextval, so they never meet another account's rows, another sign-in running at
 * the same moment, or the demo's. Each table's ids are taken in one statement and given out in ascending
 * order, so ids still grow with each owner's list position, as paging needs (migrations/002).
 */
import type { Queryable } from '../database.ts';
import type { SeedRow, SeedTables } from './fulfillment-generator.ts';

type IdTable = 'warehouses' | 'quotations' | 'imports' | 'products' | 'normal_orders' | 'return_orders';

const ID_TABLES: readonly IdTable[] = ['warehouses', 'quotations', 'imports', 'products', 'normal_orders', 'return_orders'];

/** Which columns of each table hold a local id, and of which table. */
const ID_COLUMNS: Record<keyof SeedTables, Record<string, IdTable>> = {
  warehouses: { id: 'warehouses' },
  seller_warehouses: { warehouse_id: 'warehouses' },
  quotations: { id: 'quotations', warehouse_id: 'warehouses' },
  imports: { id: 'imports', quotation_id: 'quotations', warehouse_id: 'warehouses' },
  products: { id: 'products', warehouse_id: 'warehouses' },
  normal_orders: { id: 'normal_orders', warehouse_id: 'warehouses' },
  order_items: { order_id: 'normal_orders', product_id: 'products' },
  return_orders: { id: 'return_orders', order_id: 'normal_orders', warehouse_id: 'warehouses' },
  return_items: { return_id: 'return_orders', product_id: 'products' },
};

/** `count[table]` new ids of each table, ascending, in one round trip. */
async function takeIds(db: Queryable, counts: Record<IdTable, number>): Promise<Record<IdTable, number[]>> {
  const selects = ID_TABLES.map(
    (table, i) => `array(SELECT nextval(pg_get_serial_sequence('${table}', 'id'))::int AS id FROM generate_series(1, $${i + 1}::int) ORDER BY id) AS ${table}`,
  );
  const [row] = await db.query<Record<IdTable, number[]>>(
    `SELECT ${selects.join(', ')}`,
    ID_TABLES.map((table) => counts[table]),
  );
  if (row === undefined) throw new Error('nextval answered no row');
  return row;
}

/**
 * The same rows with every local id replaced by one of its table's sequence, or by the existing ids given
 * in `kept` (a warehouse account's sandbox made again at the warehouse it runs: sandbox-reset.ts).
 */
export async function onIdentitySequences(db: Queryable, tables: SeedTables, kept: { warehouses?: number[] } = {}): Promise<SeedTables> {
  const taken = await takeIds(db, {
    warehouses: kept.warehouses === undefined ? tables.warehouses.length : 0,
    quotations: tables.quotations.length,
    imports: tables.imports.length,
    products: tables.products.length,
    normal_orders: tables.normal_orders.length,
    return_orders: tables.return_orders.length,
  });
  const ids = { ...taken, ...kept };
  const place = (row: SeedRow, columns: Record<string, IdTable>): SeedRow => {
    const placed = { ...row };
    for (const [column, table] of Object.entries(columns)) {
      const id = ids[table][Number(row[column]) - 1];
      if (id === undefined) throw new Error(`${table} has no row ${String(row[column])} in this plan`);
      placed[column] = id;
    }
    return placed;
  };
  const entries = Object.entries(tables) as [keyof SeedTables, SeedRow[]][];
  return Object.fromEntries(entries.map(([table, rows]) => [table, rows.map((row) => place(row, ID_COLUMNS[table]))])) as SeedTables;
}
