import { describe, expect, it } from 'vitest';
import catalogue from '../../../../src/generated/catalogue.json';
import type { Catalogue } from '../../../../scripts/generate/context';
import { choicesToParams, parseChoices, parsePaging, withFamily, type TesterChoices } from '../../../../src/web/features/api-tester/lib/tester-choices';

const operations = (catalogue as Catalogue).operations;
const parse = (query: string, defaultApi: 'seller' | 'warehouse' = 'seller') => parseChoices(new URLSearchParams(query), operations, defaultApi);

describe('parseChoices', () => {
  it('reads the documented example URL', () => {
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
  it('writes the documented example URL', () => {
    expect(choicesToParams(base, operations).toString()).toBe('api=seller&domain=orders&mode=detail&id=12&orderType=return');
  });
  it('leaves out the order type outside orders, the id in list mode and default paging', () => {
    expect(choicesToParams({ ...base, domain: 'products', mode: 'list' }, operations).toString()).toBe('api=seller&domain=products&mode=list');
  });
  it('writes paging that is not the default', () => {
    expect(choicesToParams({ ...base, mode: 'list', page: 2, size: 50 }, operations).toString()).toBe('api=seller&domain=orders&mode=list&orderType=return&page=2&size=50');
  });
  it('round-trips', () => {
    expect(parse(choicesToParams(base, operations).toString())).toEqual(base);
  });
  it('has no place for a token', () => {
    expect([...choicesToParams(base, operations).keys()]).toEqual(['api', 'domain', 'mode', 'id', 'orderType']);
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
  it('holds size to 1..100', () => {
    expect(parsePaging('0', '0', { size: 10 }).size).toBe(1);
    expect(parsePaging('0', '500', { size: 10 }).size).toBe(100);
  });
});
