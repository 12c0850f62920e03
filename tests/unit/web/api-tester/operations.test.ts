import { describe, expect, it } from 'vitest';
import { domainsOfFamily } from '../../../../src/shared/api-family';
import { detailOperationFor, findOperation, operationsFor, orderTypesFor } from '../../../../src/web/features/api-tester/lib/operations';
import { domainLabel } from '../../../../src/web/lib/api-domains';
import { readOperations } from '../../../../src/web/lib/operation-map';

// What the tester offers: the reads (the sandbox's simulations have their own control).
const operations = readOperations.list;

describe('domainsOfFamily (from the generated catalogue)', () => {
  it('lists the seller domains', () => {
    expect(domainsOfFamily(operations, 'seller')).toEqual(['warehouses', 'quotations', 'imports', 'products', 'orders']);
  });
  it('lists the warehouse domains', () => {
    expect(domainsOfFamily(operations, 'warehouse')).toEqual(['quotations', 'imports', 'inventory', 'orders']);
  });
  it('follows the operations it is given, not a fixed list', () => {
    expect(domainsOfFamily([{ family: 'seller', domain: 'parcels' }], 'seller')).toEqual(['parcels']);
  });
});

describe('orderTypesFor', () => {
  it('offers normal and return for orders only', () => {
    expect(orderTypesFor(operations, 'seller', 'orders')).toEqual(['normal', 'return']);
    expect(orderTypesFor(operations, 'warehouse', 'orders')).toEqual(['normal', 'return']);
    expect(orderTypesFor(operations, 'seller', 'products')).toEqual([]);
  });
});

describe('findOperation', () => {
  it('finds the detail call of return orders', () => {
    expect(findOperation(operations, { family: 'seller', domain: 'orders', mode: 'detail', orderType: 'return' })).toMatchObject({
      operationId: 'getSellerReturnOrder',
      path: '/seller/orders/return/{returnId}',
      idParam: 'returnId',
    });
  });
  it('ignores the order type outside orders', () => {
    expect(findOperation(operations, { family: 'warehouse', domain: 'inventory', mode: 'list', orderType: 'return' })?.operationId).toBe(
      'listWarehouseInventory',
    );
  });
  it('finds nothing without a domain or for a domain the family lacks', () => {
    expect(findOperation(operations, { family: 'seller', domain: '', mode: 'list', orderType: 'normal' })).toBeUndefined();
    expect(findOperation(operations, { family: 'seller', domain: 'inventory', mode: 'list', orderType: 'normal' })).toBeUndefined();
  });
  it('reaches every public operation from some choice', () => {
    for (const op of operations) {
      expect(findOperation(operations, { family: op.family, domain: op.domain, mode: op.mode, orderType: op.orderType ?? 'normal' })).toBe(op);
    }
  });
});

describe('operationsFor and detailOperationFor', () => {
  const stock = {
    ...operations.find((op) => op.operationId === 'getSellerProduct')!,
    operationId: 'getSellerProductStock',
    path: '/seller/products/{productId}/stock',
    summary: "Get a product's stock",
  };
  const withStock = [...operations, stock];
  it('offers every call of a kind in a domain, so two details share one domain', () => {
    expect(operationsFor(withStock, { family: 'seller', domain: 'products', mode: 'detail', orderType: 'normal' }).map((op) => op.operationId)).toEqual([
      'getSellerProduct',
      'getSellerProductStock',
    ]);
  });
  it("opens a list's rows in the first detail call of its choices", () => {
    const list = operations.find((op) => op.operationId === 'listSellerReturnOrders')!;
    expect(detailOperationFor(withStock, list)?.operationId).toBe('getSellerReturnOrder');
    expect(
      detailOperationFor(
        withStock,
        operations.find((op) => op.operationId === 'listSellerProducts')!,
      )?.operationId,
    ).toBe('getSellerProduct');
  });
});

describe('domainLabel', () => {
  it('capitalises', () => {
    expect(domainLabel('inventory')).toBe('Inventory');
  });
});
