import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../src/generated/catalogue';
import { choicesToParams, parseChoices, parsePaging, withFamily, type TesterChoices } from '../../../../src/web/features/api-tester/lib/tester-choices';

const operations = catalogue.operations;
const parse = (query: string, defaultApi: 'seller' | 'warehouse' = 'seller') => parseChoices(new URLSearchParams(query), operations, defaultApi);

describe('parseChoices', () => {
  it('reads a call addressed by its operationId', () => {
    expect(parse('operation=getSellerReturnOrder&id=12')).toEqual({
      api: 'seller', domain: 'orders', mode: 'detail', id: '12', orderType: 'return', page: 0, size: 10,
    });
    expect(parse('operation=listWarehouseInventory&page=2', 'seller')).toEqual({
      api: 'warehouse', domain: 'inventory', mode: 'list', id: '', orderType: 'normal', page: 2, size: 10,
    });
  });
  it('falls back to the other parameters for an unknown operationId', () => {
    expect(parse('operation=deleteEverything&api=warehouse&domain=imports')).toMatchObject({ api: 'warehouse', domain: 'imports', mode: 'list' });
  });
  it('still reads the older link form', () => {
    expect(parse('api=seller&domain=orders&mode=detail&id=12&orderType=return')).toEqual({
      api: 'seller', domain: 'orders', mode: 'detail', id: '12', orderType: 'return', page: 0, size: 10,
    });
  });
  it('defaults to the user family, no domain, list, normal, page 0 and size 10', () => {
    expect(parse('', 'warehouse')).toEqual({ api: 'warehouse', domain: '', mode: 'list', id: '', orderType: 'normal', page: 0, size: 10 });
  });
  it('drops values that are not valid', () => {
    expect(parse('api=admin&domain=inventory&mode=x&id=12a&orderType=weird&page=-1&size=1000')).toEqual({
      api: 'seller', domain: '', mode: 'list', id: '', orderType: 'normal', page: 0, size: 10,
    });
  });
  it('drops a domain the family lacks', () => {
    expect(parse('api=warehouse&domain=products').domain).toBe('');
  });
  it('reads page and size', () => {
    expect(parse('api=seller&domain=products&page=3&size=100')).toMatchObject({ page: 3, size: 100 });
  });
});

describe('choicesToParams', () => {
  const base: TesterChoices = { api: 'seller', domain: 'orders', mode: 'detail', id: '12', orderType: 'return', page: 0, size: 10 };
  it('addresses the call by its operationId', () => {
    expect(choicesToParams(base, operations).toString()).toBe('operation=getSellerReturnOrder&id=12');
  });
  it('leaves out the id in list mode and default paging', () => {
    expect(choicesToParams({ ...base, domain: 'products', mode: 'list' }, operations).toString()).toBe('operation=listSellerProducts');
  });
  it('writes paging that is not the default', () => {
    expect(choicesToParams({ ...base, mode: 'list', page: 2, size: 50 }, operations).toString()).toBe('operation=listSellerReturnOrders&page=2&size=50');
  });
  it('writes the API alone before a domain is chosen', () => {
    expect(choicesToParams({ ...base, api: 'warehouse', domain: '' }, operations).toString()).toBe('api=warehouse');
  });
  it('round-trips', () => {
    expect(parse(choicesToParams(base, operations).toString())).toEqual(base);
  });
  it('has no place for a token', () => {
    expect([...choicesToParams(base, operations).keys()]).toEqual(['operation', 'id']);
  });
});

describe('withFamily', () => {
  const choices: TesterChoices = { api: 'seller', domain: 'products', mode: 'list', id: '', orderType: 'normal', page: 4, size: 10 };
  it('clears a domain the new family lacks', () => {
    expect(withFamily(choices, 'warehouse', operations)).toMatchObject({ api: 'warehouse', domain: '', page: 0 });
  });
  it('keeps a domain both families have', () => {
    expect(withFamily({ ...choices, domain: 'orders' }, 'warehouse', operations)).toMatchObject({ api: 'warehouse', domain: 'orders' });
  });
});

describe('parsePaging', () => {
  it('reads typed numbers', () => {
    expect(parsePaging('2', '25', { size: 10 })).toEqual({ page: 2, size: 25 });
  });
  it('makes an empty page 0 and keeps the size when it is empty', () => {
    expect(parsePaging('', '', { size: 30 })).toEqual({ page: 0, size: 30 });
  });
  it('never turns a size outside 1..100 into another one: the current size stays', () => {
    expect(parsePaging('0', '0', { size: 10 }).size).toBe(10);
    expect(parsePaging('0', '500', { size: 10 }).size).toBe(10);
    expect(parsePaging('0', '100', { size: 10 }).size).toBe(100);
    expect(parsePaging('0', '1', { size: 10 }).size).toBe(1);
  });
});
