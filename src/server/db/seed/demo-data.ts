/**
 * The demo dataset's plan: 24 warehouses (the first two run by the demo warehouse accounts), and the two
 * demo sellers, each working with warehouses 1 and 2 and some others. The rows come from
 * fulfillment-generator.ts with explicit ids 1..n, the demo seed's.
 */
import { generateFulfillment, type SeedTables, type SellerPlan } from './fulfillment-generator.ts';

const WAREHOUSE_COUNT = 24;
const WAREHOUSE_ACCOUNT_IDS = [2, 4];
/** The first demo seller (seller@example.com): what a new seller's sandbox copies (sandbox-plans.ts). */
export const FIRST_DEMO_SELLER = { sellerId: 1, warehouseCount: 23, quotations: 52, products: 44, orders: 84, returns: 32 };
const SELLERS = [FIRST_DEMO_SELLER, { sellerId: 3, warehouseCount: 9, quotations: 30, products: 26, orders: 48, returns: 18 }];

/** Seller 1 works with warehouses 1 to 23, seller 3 with every other one; both with 2, and 1 and 2 are their busiest. */
function demoSeller({ warehouseCount, ...counts }: (typeof SELLERS)[number]): SellerPlan {
  const ids = Array.from({ length: warehouseCount }, (_, i) => (counts.sellerId === 1 ? i + 1 : i * 2 + 1)).map((id) =>
    id === 3 && counts.sellerId !== 1 ? 2 : id,
  );
  const warehouseIds = [...new Set(ids.includes(2) ? ids : [...ids, 2])].sort((a, b) => a - b);
  return { ...counts, warehouseIds, busiest: [1, 2] };
}

export function generateDemoData(): SeedTables {
  return generateFulfillment({
    seed: 20260105,
    warehouseAccounts: Array.from({ length: WAREHOUSE_COUNT }, (_, i) => WAREHOUSE_ACCOUNT_IDS[i] ?? null),
    sellers: SELLERS.map(demoSeller),
  });
}
