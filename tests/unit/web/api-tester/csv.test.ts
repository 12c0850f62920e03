import { describe, expect, it } from 'vitest';
import { BOM, csvField, defuseFormula } from '../../../../src/shared/csv';
import { toCsv } from '../../../../src/web/features/api-tester/lib/csv';
import { csvFileName } from '../../../../src/web/features/api-tester/lib/csv-file-name';
import { columnsOf } from '../../../../src/web/features/api-tester/lib/table-columns';

const columns = columnsOf([
  { name: 'id', kind: 'integer' },
  { name: 'buyerName', kind: 'string' },
  { name: 'inventory', kind: 'object', fields: [{ name: 'location', kind: 'string' }] },
  { name: 'products', kind: 'array', items: [{ name: 'sku', kind: 'string' }] },
  { name: 'dangerous', kind: 'boolean' },
]);

describe('csvField (RFC 4180)', () => {
  it('leaves plain text alone and quotes text with a quote, comma or line break, doubling quotes', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });
});

describe('toCsv', () => {
  it('starts with a BOM, writes the dotted header and one CRLF-ended record per row', () => {
    const csv = toCsv(columns, [
      { id: 1, buyerName: 'Zoë, "Z"', inventory: { location: 'A-01' }, products: [{ sku: 'S-1' }], dangerous: false },
      { id: 2, buyerName: 'multi\nline', inventory: null, products: [], dangerous: true },
    ]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'id,buyerName,inventory.location,products,dangerous',
      '1,"Zoë, ""Z""",A-01,"[{""sku"":""S-1""}]",false',
      '2,"multi\nline",,[],true',
      '',
    ]);
  });

  it('encodes as UTF-8 with the EF BB BF byte order mark', () => {
    const bytes = new TextEncoder().encode(toCsv(columns.slice(0, 2), [{ id: 1, buyerName: 'Zoë' }]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('defuses text that a spreadsheet would run as a formula, but not numbers', () => {
    expect(defuseFormula('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(defuseFormula('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(defuseFormula('Ann')).toBe('Ann');
    const csv = toCsv(
      columnsOf([
        { name: 'qty', kind: 'integer' },
        { name: 'note', kind: 'string' },
      ]),
      [{ qty: -5, note: '-5' }],
    );
    expect(csv.slice(1).split('\r\n')[1]).toBe(`-5,'-5`);
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(columns.slice(0, 1), [])).toBe(`${BOM}id\r\n`);
  });
});

describe('csvFileName', () => {
  const day = new Date(2026, 10, 22, 23, 30);
  it('names a list by API, domain, order type and local date', () => {
    expect(csvFileName({ family: 'seller', domain: 'orders', orderType: 'normal', mode: 'list' }, day)).toBe('seller-orders-normal-2026-11-22.csv');
    expect(csvFileName({ family: 'warehouse', domain: 'inventory', orderType: null, mode: 'list' }, day)).toBe('warehouse-inventory-2026-11-22.csv');
  });
  it('adds the id of a detail call', () => {
    expect(csvFileName({ family: 'seller', domain: 'orders', orderType: 'return', mode: 'detail' }, day, '12')).toBe('seller-orders-return-12-2026-11-22.csv');
  });
});
