/** The products[] of orders and returns: their lines joined to the products they name. */
import type { Queryable } from '../../db/database.ts';
import type { Schemas } from '../../routes/operation-handler.ts';

export async function productsOf(
  db: Queryable,
  table: 'order_items' | 'return_items',
  parentColumn: 'order_id' | 'return_id',
  parentIds: number[],
): Promise<Map<number, Schemas['OrderProduct'][]>> {
  const byParent = new Map<number, Schemas['OrderProduct'][]>();
  if (parentIds.length === 0) return byParent;
  const rows = await db.query<{ parent: number; product_name: string; sku: string; ean_upc: string | null; asin: string | null; quantity: number }>(
    `SELECT i.${parentColumn} AS parent, p.product_name, p.sku, p.ean_upc, p.asin, i.quantity
       FROM ${table} i JOIN products p ON p.id = i.product_id
      WHERE i.${parentColumn} = ANY($1::int[]) ORDER BY i.${parentColumn}, i.line_no`,
    [parentIds],
  );
  for (const row of rows) {
    const list = byParent.get(row.parent) ?? [];
    list.push({ productName: row.product_name, sku: row.sku, eanUpc: row.ean_upc, asin: row.asin, orderQuantity: Number(row.quantity) });
    byParent.set(row.parent, list);
  }
  return byParent;
}
