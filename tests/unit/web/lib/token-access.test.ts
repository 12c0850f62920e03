import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../src/generated/catalogue';
import { domainsOfFamily, familyOfUserType } from '../../../../src/shared/api-family';
import { domainLabel } from '../../../../src/web/lib/api-domains';
import { accessSummary, hasAccess, noAccessMessage } from '../../../../src/web/lib/token-access';
import { localDay } from '../../../../src/web/features/tokens/lib/reminder-dismissal';

describe('domainsOfFamily', () => {
  it("lists each API's domains from the catalogue, in the spec's order", () => {
    expect(domainsOfFamily(catalogue.operations, 'seller')).toEqual(['warehouses', 'quotations', 'imports', 'products', 'orders']);
    expect(domainsOfFamily(catalogue.operations, 'warehouse')).toEqual(['quotations', 'imports', 'inventory', 'orders']);
  });
  it('maps user types to families and labels domains', () => {
    expect(familyOfUserType('WAREHOUSE')).toBe('warehouse');
    expect(familyOfUserType('SELLER')).toBe('seller');
    expect(domainLabel('orders')).toBe('Orders');
  });
});

describe('token access', () => {
  it('null scopes reach every domain; a list reaches its domains only', () => {
    expect(hasAccess({ scopes: null }, 'anything')).toBe(true);
    expect(hasAccess({ scopes: ['orders'] }, 'orders')).toBe(true);
    expect(hasAccess({ scopes: ['orders'] }, 'products')).toBe(false);
  });
  it('words the access', () => {
    expect(accessSummary({ scopes: null }, 'seller')).toBe('All Seller API domains');
    expect(accessSummary({ scopes: null }, 'warehouse')).toBe('All Warehouse API domains');
    expect(accessSummary({ scopes: ['imports', 'orders'] }, 'seller')).toBe('Imports, Orders');
  });
  it('says what the API answers, as openapi/components/responses/NoAccessTo*.yaml does', () => {
    expect(noAccessMessage('orders')).toBe('This token has no access to orders.');
  });
});

describe('localDay', () => {
  it('is the local calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});
