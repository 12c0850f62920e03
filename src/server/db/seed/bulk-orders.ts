/**
 * Bulk normal orders for benchmarks and the paging tests: generated inside the database with
 * generate_series (no row crosses the wire), in batches so the embedded database's memory stays flat.
 * Orders continue each owner's list positions, so paging stays dense and index-backed.
 */
import type { Database } from '../database.ts';

const STATUSES = `ARRAY['NEW','CONFIRMED','PICKING','PACKED','SHIPPED','DELIVERED','CANCELLED']`;

export async function insertBulkOrders(
  db: Database,
  options: { count: number; sellerId: number; warehouseId: number; batchSize?: number; onProgress?: (done: number) => void },
): Promise<void> {
  const batchSize = options.batchSize ?? 100_000;
  const [product] = await db.query<{ id: number }>('SELECT id FROM products WHERE seller_id = $1 AND warehouse_id = $2 ORDER BY id LIMIT 1', [
    options.sellerId,
    options.warehouseId,
  ]);
  if (product === undefined) throw new Error(`seller ${options.sellerId} has no product at warehouse ${options.warehouseId}`);
  for (let done = 0; done < options.count; done += batchSize) {
    const n = Math.min(batchSize, options.count - done);
    await db.transaction(async (tx) => {
      const [base] = await tx.query<{ seller_base: number; warehouse_base: number; first_id: number }>(
        `SELECT (SELECT COALESCE(MAX(seller_seq), 0) FROM normal_orders WHERE seller_id = $1) AS seller_base,
                (SELECT COALESCE(MAX(warehouse_seq), 0) FROM normal_orders WHERE warehouse_id = $2) AS warehouse_base,
                (SELECT COALESCE(MAX(id), 0) FROM normal_orders) AS first_id`,
        [options.sellerId, options.warehouseId],
      );
      await tx.query(
        `INSERT INTO normal_orders (seller_id, warehouse_id, seller_seq, warehouse_seq, order_number, order_date, status,
           seller_status, warehouse_status, sale_channel, dangerous, buyer_name, buyer_email, recipient_name, recipient_phone,
           recipient_country_code, shipping_address, city, state, country, postal_code, detail_address, detail_address2,
           packaging_method, shipping_method, courier, tracking_number, seller_comment, warehouse_comment, package_number,
           information_order)
         SELECT $1, $2, $3::int + g, $4::int + g, 'BO-' || lpad(($3::int + g)::text, 9, '0'),
                timestamptz '2026-01-05 00:00:00+00' + g * interval '17 seconds',
                (${STATUSES})[1 + g % 7], 'CONFIRMED', (${STATUSES})[1 + g % 7],
                (ARRAY['SHOPIFY','AMAZON','EBAY','COUPANG'])[1 + g % 4], false,
                'Buyer ' || g, 'buyer' || g || '@example.com', 'Buyer ' || g, '+1 415 555 ' || lpad((g % 10000)::text, 4, '0'),
                'US', (g % 999 + 1) || ' Market Street', 'San Francisco', 'CA', 'United States', '94105', NULL, NULL,
                'BOX', 'STANDARD', 'UPS', '1Z' || lpad(g::text, 16, '0'), NULL, NULL, NULL,
                jsonb_build_object('channelOrderId', '#' || g)
           FROM generate_series(1, $5::int) AS g`,
        [options.sellerId, options.warehouseId, base?.seller_base ?? 0, base?.warehouse_base ?? 0, n],
      );
      await tx.query(
        `INSERT INTO order_items (order_id, line_no, product_id, quantity)
         SELECT id, 1, $2, 1 + id % 3 FROM normal_orders WHERE id > $1`,
        [base?.first_id ?? 0, product.id],
      );
    });
    options.onProgress?.(done + n);
  }
  await db.exec('ANALYZE normal_orders; ANALYZE order_items');
}
