/** The products[] of orders and returns: their lines joined to the products they name, in line order. */
import type { Schemas } from '../../lib/schemas.ts';
import { objectSql } from './json-sql.ts';

const PRODUCT_JSON = objectSql<Schemas['OrderProduct']>({
  productName: 'p.product_name',
  sku: 'p.sku',
  eanUpc: 'p.ean_upc',
  asin: 'p.asin',
  orderQuantity: 'i.quantity',
});

export function productsJson(table: 'order_items' | 'return_items', parentColumn: 'order_id' | 'return_id'): string {
  return `(SELECT COALESCE(json_agg(${PRODUCT_JSON} ORDER BY i.line_no), '[]'::json)
       FROM ${table} i JOIN products p ON p.id = i.product_id WHERE i.${parentColumn} = x.id)`;
}
