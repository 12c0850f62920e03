/** API Test links of the older form (api, domain, mode, order type) are rewritten once, by the route, to the same call. */
import { describe, expect, it } from 'vitest';
import { isOlderTesterLink, namesFamily, newerTesterParams } from '../../../../src/web/app/routes/older-tester-link';
import { catalogueOperations as operations } from '../../../../src/web/lib/operation-map';

const params = (query: string) => new URLSearchParams(query);

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
  // [older link, the user's own API, the tester's own form of it]
  it.each([
    // The same call by its operationId, with its values as the tester writes them.
    ['api=seller&domain=orders&mode=detail&id=12&orderType=return', 'seller', 'operation=getSellerReturnOrder&id=12'],
    ['api=warehouse&domain=imports', 'seller', 'operation=listWarehouseImports'],
    ['api=seller&domain=products&page=2&size=50', 'seller', 'operation=listSellerProducts&page=2&size=50'],
    // An unknown operationId falls back to the old parameters; no API named means the user's own.
    ['operation=deleteEverything&api=warehouse&domain=imports', 'seller', 'operation=listWarehouseImports'],
    ['domain=inventory', 'warehouse', 'operation=listWarehouseInventory'],
    // A domain the API lacks keeps the API alone.
    ['api=warehouse&domain=products', 'seller', 'family=warehouse'],
    ['api=warehouse', 'seller', 'family=warehouse'],
    // A token named by its id stays; values the operation refuses go.
    ['api=seller&domain=orders&mode=detail&id=5&token=42', 'seller', 'operation=getSellerNormalOrder&id=5&token=42'],
    ['api=seller&domain=products&page=-1&size=1000', 'seller', 'operation=listSellerProducts'],
  ] as const)('%s (a %s user) -> %s', (older, userFamily, expected) => {
    expect(newerTesterParams(params(older), operations, userFamily).toString()).toBe(expected);
  });

  it('knows whether an older link names its API', () => {
    expect(namesFamily(params('domain=inventory'))).toBe(false);
    expect(namesFamily(params('api=warehouse&domain=inventory'))).toBe(true);
  });
});
