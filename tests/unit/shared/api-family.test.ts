import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { parse } from 'yaml';
import {
  API_FAMILIES,
  FAMILY,
  USER_TYPES,
  domainsOfFamily,
  familiesFirst,
  familyOfTokenLetter,
  familyOfUserType,
  tokenPrefixOf,
  tokenVariableOf,
  type UserType,
} from '../../../src/shared/api-family';
import type { components } from '../../../src/generated/api';

describe('the API families', () => {
  it("name the spec's user types, one each", () => {
    const spec = parse(readFileSync('openapi/components/schemas/UserType.yaml', 'utf8')) as { enum: string[] };
    expect([...USER_TYPES].sort()).toEqual([...spec.enum].sort());
    expect(API_FAMILIES.map((family) => FAMILY[family].userType).sort()).toEqual([...USER_TYPES].sort());
    // The one UserType of app, server and build is the spec's (checked by the typecheck).
    expectTypeOf<UserType>().toEqualTypeOf<components['schemas']['UserType']>();
  });

  it("list the user's own family first", () => {
    expect(familiesFirst('seller')).toEqual(['seller', 'warehouse']);
    expect(familiesFirst('warehouse')).toEqual(['warehouse', 'seller']);
  });
  it('map a user type to its family and back', () => {
    for (const family of API_FAMILIES) expect(familyOfUserType(FAMILY[family].userType)).toBe(family);
  });

  it("give each family its own token prefix, read back from the prefix's letter", () => {
    expect(tokenPrefixOf('acme', 'seller')).toBe('acme_s_');
    expect(tokenPrefixOf('globex', 'warehouse')).toBe('globex_w_');
    for (const family of API_FAMILIES) expect(familyOfTokenLetter(FAMILY[family].tokenLetter)).toBe(family);
    expect(familyOfTokenLetter('x')).toBeUndefined();
  });

  it('give each family its own token variable for the exports, named from the brand', () => {
    expect(tokenVariableOf('ACME', 'seller')).toBe('ACME_SELLER_API_TOKEN');
    expect(tokenVariableOf('GLOBEX', 'warehouse')).toBe('GLOBEX_WAREHOUSE_API_TOKEN');
    expect(new Set(API_FAMILIES.map((family) => tokenVariableOf('ACME', family))).size).toBe(API_FAMILIES.length);
  });

  it("list a family's domains from its operations, once each, in their order", () => {
    const operations = [
      { family: 'seller' as const, domain: 'orders' },
      { family: 'warehouse' as const, domain: 'inventory' },
      { family: 'seller' as const, domain: 'products' },
      { family: 'seller' as const, domain: 'orders' },
    ];
    expect(domainsOfFamily(operations, 'seller')).toEqual(['orders', 'products']);
  });
});
