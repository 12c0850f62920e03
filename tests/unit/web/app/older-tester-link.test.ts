/** API Test links of the older form (api, domain, mode, order type) are rewritten once, by the route, to the same call. */
import { describe, expect, it } from 'vitest';
import { isOlderTesterLink, namesFamily, newerTesterParams } from '../../../../src/web/app/routes/older-tester-link';
import { catalogueOperations as operations } from '../../../../src/web/lib/operation-map';

const params = (query: string) => new URLSearchParams(query);
const newer = (query: string, userFamily: 'seller' | 'warehouse' = 'seller') => newerTesterParams(params(query), operations, userFamily).toString();

describe('isOlderTesterLink', () => {
  it('is a link naming an API or a domain the old way, and no known operation', () => {
    expect(isOlderTesterLink(params('api=seller&domain=orders&mode=detail&id=12&orderType=return'), operations)).toBe(true);
    expect(isOlderTesterLink(params('api=warehouse'), operations)).toBe(true);
    expect(isOlderTesterLink(params('operation=deleteEverything&api=warehouse&domain=imports'), operations)).toBe(true);
  });
  it("is not the tester's own form", () => {
    expect(isOlderTesterLink(params('operation=getSellerReturnOrder&id=12'), operations)).toBe(false);
    expect(isOlderTesterLink(params('family=warehouse'), operations)).toBe(false);
    expect(isOlderTesterLink(params(''), operations)).toBe(false);
  });
});

describe('newerTesterParams', () => {
  it('names the same call by its operationId, with its values in the form the tester writes', () => {
    expect(newer('api=seller&domain=orders&mode=detail&id=12&orderType=return')).toBe('operation=getSellerReturnOrder&id=12');
    expect(newer('api=warehouse&domain=imports')).toBe('operation=listWarehouseImports');
    expect(newer('api=seller&domain=products&page=2&size=50')).toBe('operation=listSellerProducts&page=2&size=50');
  });
  it("falls back to the old parameters for an unknown operationId, and to the user's own API when none is named", () => {
    expect(newer('operation=deleteEverything&api=warehouse&domain=imports')).toBe('operation=listWarehouseImports');
    expect(newer('domain=inventory', 'warehouse')).toBe('operation=listWarehouseInventory');
    expect(namesFamily(params('domain=inventory'))).toBe(false);
    expect(namesFamily(params('api=warehouse&domain=inventory'))).toBe(true);
  });
  it('keeps the API alone when its domain is not one it has, and a token named by id', () => {
    expect(newer('api=warehouse&domain=products')).toBe('family=warehouse');
    expect(newer('api=warehouse')).toBe('family=warehouse');
    expect(newer('api=seller&domain=orders&mode=detail&id=5&token=42')).toBe('operation=getSellerNormalOrder&id=5&token=42');
  });
  it('drops values the operation refuses', () => {
    expect(newer('api=seller&domain=products&page=-1&size=1000')).toBe('operation=listSellerProducts');
  });
});
