import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../src/generated/catalogue';
import { parseTesterState, testerStateToParams, unknownOperation, type TesterState } from '../../../../src/web/features/api-tester/lib/tester-state';
import { operationMap } from '../../../../src/web/lib/operation-map';

const operations = operationMap(catalogue.operations);
const parse = (query: string, defaultFamily: 'seller' | 'warehouse' = 'seller') => parseTesterState(new URLSearchParams(query), operations, defaultFamily);

describe('parseTesterState', () => {
  it('reads a call addressed by its operationId, its one id as `id`', () => {
    expect(parse('operation=getSellerReturnOrder&id=12')).toEqual({ family: 'seller', operationId: 'getSellerReturnOrder', values: { returnId: '12' } });
    expect(parse('operation=listWarehouseInventory&page=2', 'seller')).toEqual({
      family: 'warehouse',
      operationId: 'listWarehouseInventory',
      values: { page: '2' },
    });
  });
  it('reads a parameter by its own name too', () => {
    expect(parse('operation=getSellerReturnOrder&returnId=7').values).toEqual({ returnId: '7' });
  });
  it('reads only its own form: the route rewrites the older one (api, domain, mode)', () => {
    expect(parse('api=seller&domain=orders&mode=detail&id=12&orderType=return')).toEqual({ family: 'seller', operationId: null, values: {} });
    expect(parse('api=warehouse&domain=imports')).toEqual({ family: 'seller', operationId: null, values: {} });
    expect(parse('operation=deleteEverything&family=warehouse&domain=imports')).toEqual({ family: 'warehouse', operationId: null, values: {} });
  });
  it('before a call is chosen, keeps the family only', () => {
    expect(parse('', 'warehouse')).toEqual({ family: 'warehouse', operationId: null, values: {} });
    expect(parse('family=warehouse')).toEqual({ family: 'warehouse', operationId: null, values: {} });
    expect(parse('family=admin')).toEqual({ family: 'seller', operationId: null, values: {} });
  });
  it("drops values the spec's parameters refuse: not canonical, out of bounds", () => {
    expect(parse('operation=listSellerProducts&page=-1&size=1000').values).toEqual({});
    expect(parse('operation=listSellerProducts&page=01&size=0').values).toEqual({});
    expect(parse('operation=getSellerProduct&id=12a').values).toEqual({});
    expect(parse('operation=listSellerProducts&page=3&size=100').values).toEqual({ page: '3', size: '100' });
  });
});

describe('testerStateToParams', () => {
  const detail: TesterState = { family: 'seller', operationId: 'getSellerReturnOrder', values: { returnId: '12' } };
  it('addresses the call by its operationId and its one id as `id`', () => {
    expect(testerStateToParams(detail, operations).toString()).toBe('operation=getSellerReturnOrder&id=12');
  });
  it('leaves out default values and empty ones', () => {
    expect(testerStateToParams({ family: 'seller', operationId: 'listSellerProducts', values: { page: '0', size: '10' } }, operations).toString()).toBe(
      'operation=listSellerProducts',
    );
    expect(testerStateToParams({ family: 'seller', operationId: 'listSellerProducts', values: { page: '' } }, operations).toString()).toBe(
      'operation=listSellerProducts',
    );
  });
  it('writes values that are not the default', () => {
    expect(testerStateToParams({ family: 'seller', operationId: 'listSellerReturnOrders', values: { page: '2', size: '50' } }, operations).toString()).toBe(
      'operation=listSellerReturnOrders&page=2&size=50',
    );
  });
  it('writes the family alone before a call is chosen, never the older form', () => {
    expect(testerStateToParams({ family: 'warehouse', operationId: null, values: {} }, operations).toString()).toBe('family=warehouse');
  });
  it('round-trips', () => {
    expect(parse(testerStateToParams(detail, operations).toString())).toEqual(detail);
  });
  it('has no place for a token', () => {
    expect([...testerStateToParams({ ...detail, values: { ...detail.values, token: 'acme_s_x' } }, operations).keys()]).toEqual(['operation', 'id']);
  });
});

describe('unknownOperation', () => {
  const unknown = (query: string) => unknownOperation(new URLSearchParams(query), operations);
  it('names an operation the spec lacks, and nothing for a known one or none', () => {
    expect(unknown('operation=listSellerUnicorns&page=2')).toBe('listSellerUnicorns');
    expect(unknown('operation=listSellerProducts')).toBeNull();
    expect(unknown('family=warehouse')).toBeNull();
    expect(unknown('operation=')).toBeNull();
  });
});
