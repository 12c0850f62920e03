/**
 * The products[] of orders and returns as one JSON column of the row's own query (no second round trip):
 * the lines joined to the products they name, in line order, with the spec's field names.
 */
export function productsColumn(table: 'order_items' | 'return_items', parentColumn: 'order_id' | 'return_id'): string {
  return `(SELECT COALESCE(json_agg(json_build_object('productName', p.product_name, 'sku', p.sku, 'eanUpc', p.ean_upc,
            'asin', p.asin, 'orderQuantity', i.quantity) ORDER BY i.line_no), '[]'::json)
       FROM ${table} i JOIN products p ON p.id = i.product_id WHERE i.${parentColumn} = x.id) AS products`;
}
