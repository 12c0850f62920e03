import { describe, expect, it } from 'vitest';
import { responseFields } from '../../../../src/generated/response-fields';
import { cellText, countLabel, flattenRow, valueAt } from '../../../../src/web/features/api-tester/lib/flatten-row';
import { columnsOf, rowsOf } from '../../../../src/web/features/api-tester/lib/table-columns';

describe('columnsOf', () => {
  it('keeps the spec order, turns nested objects into dotted columns and keeps an array as one column', () => {
    const columns = columnsOf([
      { name: 'id', kind: 'integer' },
      {
        name: 'inventory',
        kind: 'object',
        fields: [
          { name: 'location', kind: 'string' },
          { name: 'bin', kind: 'object', fields: [{ name: 'row', kind: 'integer' }] },
        ],
      },
      { name: 'products', kind: 'array', items: [{ name: 'sku', kind: 'string' }] },
      { name: 'informationOrder', kind: 'object' },
    ]);
    expect(columns.map((column) => column.key)).toEqual(['id', 'inventory.location', 'inventory.bin.row', 'products', 'informationOrder']);
    expect(columns[2]?.path).toEqual(['inventory', 'bin', 'row']);
    expect(columns[3]?.items).toEqual([{ name: 'sku', kind: 'string' }]);
  });

  it('gives the generated inventory list its inventory.* columns after the product fields', () => {
    const keys = columnsOf(responseFields.listWarehouseInventory?.fields ?? []).map((column) => column.key);
    expect(keys.slice(0, 2)).toEqual(['id', 'productName']);
    expect(keys).toContain('inventory.location');
    expect(keys.indexOf('inventory.location')).toBeGreaterThan(keys.indexOf('lotProduct'));
  });
});

describe('rowsOf', () => {
  it('reads a list envelope data and a detail body as one row', () => {
    expect(rowsOf({ rows: 'list' }, { page: 0, data: [{ id: 1 }, { id: 2 }] })).toEqual([{ id: 1 }, { id: 2 }]);
    expect(rowsOf({ rows: 'detail' }, { id: 7 })).toEqual([{ id: 7 }]);
    expect(rowsOf({ rows: 'list' }, 'not json')).toEqual([]);
  });
});

describe('flattenRow and cellText', () => {
  const columns = columnsOf([
    { name: 'id', kind: 'integer' },
    { name: 'inventory', kind: 'object', fields: [{ name: 'location', kind: 'string' }] },
    { name: 'products', kind: 'array' },
  ]);

  it('reads each dotted path, missing ones as undefined', () => {
    expect(flattenRow({ id: 3, inventory: { location: 'A-01' }, products: [{ sku: 'X' }] }, columns)).toEqual({
      id: 3,
      'inventory.location': 'A-01',
      products: [{ sku: 'X' }],
    });
    expect(flattenRow({ id: 4, inventory: null }, columns)['inventory.location']).toBeUndefined();
    expect(valueAt({ a: [1] }, ['a', '0'])).toBeUndefined();
  });

  it('writes null and missing as empty, arrays and objects as JSON', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText(false)).toBe('false');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText([{ sku: 'X' }])).toBe('[{"sku":"X"}]');
    expect(countLabel([1])).toBe('1 item');
    expect(countLabel([1, 2])).toBe('2 items');
  });
});
