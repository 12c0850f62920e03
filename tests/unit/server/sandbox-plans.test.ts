/**
 * A new account's sandbox plan (sandbox-plans.ts): the first demo seller's amounts, the same rows for the
 * same account every time, other rows for another account, and list positions dense per owner and
 * growing with id (what paging by position needs, migrations/002).
 */
import { describe, expect, it } from 'vitest';
import { FIRST_DEMO_SELLER, generateDemoData } from '../../../src/server/db/seed/demo-data.ts';
import type { SeedRow, SeedTables } from '../../../src/server/db/seed/fulfillment-generator.ts';
import { sellerSandbox, warehouseSandbox } from '../../../src/server/db/seed/sandbox-plans.ts';

const OWNED = ['quotations', 'imports', 'products', 'normal_orders', 'return_orders'] as const;

/** Each owner's positions, in id order. */
function positions(rows: SeedRow[], owner: 'seller_id' | 'warehouse_id', seq: 'seller_seq' | 'warehouse_seq'): Map<unknown, unknown[]> {
  const byOwner = new Map<unknown, unknown[]>();
  for (const row of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) byOwner.set(row[owner], [...(byOwner.get(row[owner]) ?? []), row[seq]]);
  return byOwner;
}

function expectDensePositions(tables: SeedTables): void {
  for (const table of OWNED) {
    for (const [owner, seq] of [
      ['seller_id', 'seller_seq'],
      ['warehouse_id', 'warehouse_seq'],
    ] as const) {
      for (const list of positions(tables[table], owner, seq).values()) expect(list).toEqual(list.map((_, i) => i + 1));
    }
  }
}

const activity = (tables: SeedTables) => ({
  quotations: tables.quotations.length,
  products: tables.products.length,
  orders: tables.normal_orders.length,
  returns: tables.return_orders.length,
});
const firstSeller = {
  quotations: FIRST_DEMO_SELLER.quotations,
  products: FIRST_DEMO_SELLER.products,
  orders: FIRST_DEMO_SELLER.orders,
  returns: FIRST_DEMO_SELLER.returns,
};

describe('a new seller', () => {
  it('gets as many warehouses, quotations, products, orders and returns as the first demo seller, all its own', () => {
    const tables = sellerSandbox(501);
    expect(activity(tables)).toEqual(firstSeller);
    expect(tables.warehouses).toHaveLength(FIRST_DEMO_SELLER.warehouseCount);
    expect(tables.warehouses.every((row) => row.account_id === null)).toBe(true);
    expect(tables.seller_warehouses.map((row) => row.warehouse_id)).toEqual(tables.warehouses.map((row) => row.id));
    for (const table of [...OWNED, 'seller_warehouses'] as const) expect(tables[table].every((row) => row.seller_id === 501)).toBe(true);
    expect(tables.imports.length).toBeGreaterThan(0);
    expect(tables.order_items.length).toBeGreaterThanOrEqual(tables.normal_orders.length);
    expect(tables.return_items.length).toBeGreaterThanOrEqual(tables.return_orders.length);
    expectDensePositions(tables);
  });

  it('gets the same rows every time, and another seller other ones', () => {
    expect(JSON.stringify(sellerSandbox(501))).toBe(JSON.stringify(sellerSandbox(501)));
    const mine = sellerSandbox(501).normal_orders.map((row) => row.buyer_name);
    const theirs = sellerSandbox(502).normal_orders.map((row) => row.buyer_name);
    expect(theirs).not.toEqual(mine);
    // Nor is it the demo's own stream of rows.
    expect(
      generateDemoData()
        .normal_orders.map((row) => row.buyer_name)
        .slice(0, mine.length),
    ).not.toEqual(mine);
  });
});

describe('a new warehouse account', () => {
  it('runs one warehouse where one seller has as much as the first demo seller', () => {
    const tables = warehouseSandbox(601, 602);
    expect(tables.warehouses).toHaveLength(1);
    expect(tables.warehouses[0]).toMatchObject({ id: 1, account_id: 601 });
    expect(activity(tables)).toEqual(firstSeller);
    for (const table of OWNED) expect(tables[table].every((row) => row.warehouse_id === 1 && row.seller_id === 602)).toBe(true);
    expect(tables.seller_warehouses).toEqual([{ seller_id: 602, warehouse_id: 1, seller_seq: 1 }]);
    expectDensePositions(tables);
  });

  it('gets the same rows every time, and another account other ones', () => {
    expect(JSON.stringify(warehouseSandbox(601, 602))).toBe(JSON.stringify(warehouseSandbox(601, 602)));
    expect(warehouseSandbox(603, 604).products.map((row) => row.location)).not.toEqual(warehouseSandbox(601, 602).products.map((row) => row.location));
  });
});
