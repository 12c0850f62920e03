import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../src/generated/catalogue';
import { domainsFor, findOperation, orderTypesFor } from '../../../../src/web/features/api-tester/lib/operations';
import { domainLabel } from '../../../../src/web/lib/api-domains';

const operations = catalogue.operations;

describe('domainsFor (from the generated catalogue)', () => {
  it('lists the seller domains', () => {
    expect(domainsFor(operations, 'seller')).toEqual(['warehouses', 'quotations', 'imports', 'products', 'orders']);
  });
  it('lists the warehouse domains', () => {
    expect(domainsFor(operations, 'warehouse')).toEqual(['quotations', 'imports', 'inventory', 'orders']);
  });
  it('follows the operations it is given, not a fixed list', () => {
    expect(domainsFor([{ operationId: 'x', path: '/seller/parcels', family: 'seller', domain: 'parcels', orderType: null, mode: 'list', idParam: null, rowId: ['id'] }], 'seller')).toEqual(['parcels']);
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
    expect(findOperation(operations, { family: 'warehouse', domain: 'inventory', mode: 'list', orderType: 'return' })?.operationId).toBe('listWarehouseInventory');
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

describe('domainLabel', () => {
  it('capitalises', () => {
    expect(domainLabel('inventory')).toBe('Inventory');
  });
});
