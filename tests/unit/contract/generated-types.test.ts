/**
 * src/generated/api.d.ts and brand.ts compile with the project: `npm run typecheck` checks this file,
 * and with it the generated types. The assertions pin the types that matter to app and server.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { components, operations, paths } from '../../../src/generated/api.d.ts';
import { brand } from '../../../src/generated/brand.ts';

type Schemas = components['schemas'];
/** The JSON body of an operation's 200 response. */
type Json200<O extends keyof operations> = operations[O]['responses'] extends { 200: { content: { 'application/json': infer B } } } ? B : never;

describe('generated types', () => {
  it('type the entities with the names and value sets openapi/ gives them, typos included', () => {
    expectTypeOf<Schemas['Product']['demensionUnit']>().toEqualTypeOf<'cm' | 'in'>();
    expectTypeOf<Schemas['Product']['weightUnit']>().toEqualTypeOf<'g' | 'Kgs'>();
    expectTypeOf<Schemas['Warehouse']['scale']>().toEqualTypeOf<'Large' | 'Medium' | 'Small'>();
    expectTypeOf<Schemas['Quotation']['shipmentMethod']>().toEqualTypeOf<'AIR' | 'SEA'>();
    expectTypeOf<Schemas['Inventory']['unAvailableQuantity']>().toEqualTypeOf<number>();
    expectTypeOf<Schemas['ReturnOrder']['returnToSeller']>().toEqualTypeOf<boolean>();
    expectTypeOf<Schemas['NormalOrderDetail']['warehouseStatus']>().toEqualTypeOf<string>();
    expectTypeOf<Schemas['NormalOrder']>().not.toHaveProperty('warehouseStatus');
    expectTypeOf<Schemas['CurrentUser']['userType']>().toEqualTypeOf<'SELLER' | 'WAREHOUSE'>();
    expectTypeOf<Schemas['ApiToken']['lastUsedDate']>().toEqualTypeOf<string | null>();
  });

  it('type the operations: list envelopes, detail ids, portal bodies', () => {
    expectTypeOf<Json200<'listSellerNormalOrders'>>().toEqualTypeOf<Schemas['NormalOrderList']>();
    expectTypeOf<Json200<'getWarehouseNormalOrder'>>().toEqualTypeOf<Schemas['NormalOrderDetail']>();
    expectTypeOf<operations['getSellerReturnOrder']['parameters']['path']['returnId']>().toEqualTypeOf<number>();
    expectTypeOf<NonNullable<operations['listWarehouseInventory']['parameters']['query']>['size']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<paths['/auth/login']['post']['requestBody']>().toMatchTypeOf<{ content: { 'application/json': Schemas['LoginRequest'] } }>();
    expectTypeOf<operations['createApiToken']['responses'][201]['content']['application/json']['data']>().toEqualTypeOf<Schemas['ApiToken']>();
  });

  it('exports the brand as constants', () => {
    expectTypeOf(brand.apiTokenHeader).toBeString();
    expect(brand.apiTokenHeader).toBe(`${brand.name}-API-TOKEN`);
    expect(brand.tokenVariable).toBe(`${brand.name}_API_TOKEN`);
  });
});
