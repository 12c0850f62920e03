/**
 * New operations of new path shapes (tests/fixtures/contract/new-operations.yaml), added to the bundled
 * spec, generate catalogue entries with their parameters, reference sections with their "Try it" links,
 * search entries, and tester calls, with no code change: meaning comes from x-domain, x-mode and the tag.
 * A domain may hold two detail calls, and a call may take two ids. Routing and token scopes are covered by
 * tests/integration/any-path-shape.test.ts.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildCatalogue } from '../../../scripts/generate/catalogue.ts';
import { buildReferencePages } from '../../../scripts/generate/reference-pages.ts';
import { deriveBrand } from '../../../src/shared/brand.ts';
import type { OpenApiDocument, JsonObject } from '../../../src/shared/openapi/openapi-document.ts';
import type { Catalogue } from '../../../src/shared/portal-data/catalogue.ts';
import { buildRequestPath } from '../../../src/web/features/api-tester/lib/build-request.ts';
import { operationsFor } from '../../../src/web/features/api-tester/lib/operations.ts';
import { parseTesterState, testerStateToParams } from '../../../src/web/features/api-tester/lib/tester-state.ts';
import { operationMap } from '../../../src/web/lib/operation-map.ts';
import { PIPELINE_TIMEOUT_MS, bundledSpecs } from './support/contract.ts';

const fixture = parse(readFileSync('tests/fixtures/contract/new-operations.yaml', 'utf8')) as { paths: Record<string, JsonObject> };
const brand = deriveBrand();
let spec: OpenApiDocument;
let catalogue: Catalogue;

beforeAll(async () => {
  const { publicSpec } = await bundledSpecs();
  spec = { ...publicSpec, paths: { ...publicSpec.paths, ...fixture.paths } };
  catalogue = buildCatalogue(spec, brand);
}, PIPELINE_TIMEOUT_MS);

const operation = (operationId: string) => catalogue.operations.find((op) => op.operationId === operationId);

describe('operations of new path shapes', () => {
  it('join the catalogue with the family of their tag, the domain and mode they declare, and their parameters', () => {
    expect(operation('getSellerProductStock')).toMatchObject({
      path: '/seller/products/{productId}/stock',
      family: 'seller',
      domain: 'products',
      mode: 'detail',
      orderType: null,
      idParam: 'productId',
      parameters: [{ name: 'productId', in: 'path', required: true, type: 'integer', minimum: 1, maximum: 2147483647 }],
    });
    expect(operation('getSellerOrderLine')).toMatchObject({
      path: '/seller/orders/{orderId}/lines/{lineId}',
      domain: 'orders',
      idParam: null,
      parameters: [
        { name: 'orderId', in: 'path', type: 'integer' },
        { name: 'lineId', in: 'path', type: 'integer', minimum: 1, maximum: 1000, description: "The line's position in the order, from 1." },
      ],
    });
  });

  it('appear on their tags\' reference pages with "Try it" links that name them, and in search', () => {
    const { pages, index } = buildReferencePages({ brand, publicSpec: spec, catalogue });
    const stock = pages.find((page) => page.tag === 'Seller product')?.operations.find((op) => op.operationId === 'getSellerProductStock');
    expect(stock?.tryIt).toBe('/api-test?operation=getSellerProductStock&id=1');
    const line = pages.find((page) => page.tag === 'Seller order')?.operations.find((op) => op.operationId === 'getSellerOrderLine');
    expect(line?.path).toBe('/seller/orders/{orderId}/lines/{lineId}');
    expect(line?.parameters.map((parameter) => parameter.name)).toEqual(['orderId', 'lineId']);
    for (const [operationId, subcategory] of [
      ['getSellerProductStock', 'product'],
      ['getSellerOrderLine', 'order'],
    ]) {
      expect(index.entries.find((entry) => entry.kind === 'operation' && entry.operationId === operationId)?.href).toBe(
        `/documentation?category=seller&subcategory=${subcategory}#${operationId}`,
      );
    }
  });

  it('are offered by the tester beside the calls their domain had, and it calls their paths', () => {
    expect(
      operationsFor(catalogue.operations, { family: 'seller', domain: 'products', mode: 'detail', orderType: 'normal' }).map((op) => op.operationId),
    ).toEqual(['getSellerProduct', 'getSellerProductStock']);
    const stock = parseTesterState(new URLSearchParams('operation=getSellerProductStock&id=5'), operationMap(catalogue.operations), 'warehouse');
    expect(stock).toEqual({ family: 'seller', operationId: 'getSellerProductStock', values: { productId: '5' } });
    expect(buildRequestPath(operation('getSellerProductStock')!, stock.values)).toBe('/seller/products/5/stock');

    const line = parseTesterState(new URLSearchParams('operation=getSellerOrderLine&orderId=7&lineId=3'), operationMap(catalogue.operations), 'seller');
    expect(line.values).toEqual({ orderId: '7', lineId: '3' });
    expect(buildRequestPath(operation('getSellerOrderLine')!, line.values)).toBe('/seller/orders/7/lines/3');
    expect(testerStateToParams(line, operationMap(catalogue.operations)).toString()).toBe('operation=getSellerOrderLine&orderId=7&lineId=3');
  });

  it('is refused with a clear message when it declares no x-domain', () => {
    const path = '/seller/products/{productId}/stock';
    const { 'x-domain': _dropped, ...get } = fixture.paths[path]?.get as JsonObject;
    const broken = { ...spec, paths: { ...spec.paths, [path]: { get } } };
    expect(() => buildCatalogue(broken, brand)).toThrow('getSellerProductStock: x-domain must be a lower-case word, got undefined');
  });
});
