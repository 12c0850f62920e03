/**
 * Paging cost does not grow with the table: with 60,000 more orders, the plan for a deep page is an index
 * range scan on (owner, position) and a deep page answers about as fast as the first.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertBulkOrders } from '../../src/server/db/seed/bulk-orders.ts';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let client: Client;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  await insertBulkOrders(server.db, { count: 60_000, sellerId: 1, warehouseId: 1, batchSize: 30_000 });
  client = server.client();
  await client.login();
  token = await client.createToken();
}, 180_000);
afterAll(async () => server?.close());

const plan = async (sql: string) => (await server.db.query<Record<string, string>>(`EXPLAIN ${sql}`)).map((row) => Object.values(row).join(' ')).join('\n');

it('uses the (owner, position) index for a deep page and for the last page number', async () => {
  const page = await plan(`SELECT x.id FROM normal_orders x WHERE x.seller_id = 1 AND x.seller_seq > 59000 ORDER BY x.seller_seq LIMIT 10`);
  expect(page).toMatch(/Index Scan using normal_orders_seller_id_seller_seq_key/);
  expect(page).not.toMatch(/Seq Scan|Sort/);
  const last = await plan(`SELECT COALESCE(MAX(x.seller_seq), 0) FROM normal_orders x WHERE x.seller_id = 1`);
  expect(last).toMatch(/Index (Only )?Scan (Backward )?using normal_orders_seller_id_seller_seq_key/);
  expect(last).not.toMatch(/Seq Scan/);
  const products = await plan(`SELECT 1 FROM order_items i WHERE i.order_id = 59000`);
  expect(products).toMatch(/Index/);
});

it('answers a deep page about as fast as the first', async () => {
  const time = async (page: number) => {
    const samples: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const started = performance.now();
      const response = await client.api<{ data: unknown[]; lastPage: number }>(`/api/v1/seller/orders/normal?page=${page}&size=10`, token);
      samples.push(performance.now() - started);
      expect(response.status).toBe(200);
      expect(response.body.data.length).toBe(10);
    }
    return samples.sort((a, b) => a - b)[7] ?? 0;
  };
  const first = await time(0);
  const deep = await time(5_900);
  // Generous: a scan of 59,000 skipped rows would cost far more than this on any machine.
  expect(deep).toBeLessThan(first * 3 + 5);
});
