/**
 * An operation of a new path shape (tests/fixtures/contract/product-stock-operation.yaml) added to the
 * bundled spec generates a catalogue entry, a reference section with its "Try it" link, and a tester
 * call, with no code change: meaning comes from x-domain, x-mode and the tag. Its routing is covered by
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
import { findOperation } from '../../../src/web/features/api-tester/lib/operations.ts';
import { choicesToParams, parseChoices } from '../../../src/web/features/api-tester/lib/tester-choices.ts';
import { PIPELINE_TIMEOUT_MS, bundledSpecs } from './support/contract.ts';

const fixture = parse(readFileSync('tests/fixtures/contract/product-stock-operation.yaml', 'utf8')) as { path: string; item: JsonObject };
const brand = deriveBrand();
let spec: OpenApiDocument;
let catalogue: Catalogue;

beforeAll(async () => {
  const { publicSpec } = await bundledSpecs();
  spec = { ...publicSpec, paths: { ...publicSpec.paths, [fixture.path]: fixture.item } };
  catalogue = buildCatalogue(spec, brand);
}, PIPELINE_TIMEOUT_MS);

describe('an operation of a new path shape', () => {
  it('joins the catalogue with the family of its tag and the domain and mode it declares', () => {
    expect(catalogue.operations.find((op) => op.operationId === 'getSellerProductStock')).toEqual({
      operationId: 'getSellerProductStock',
      method: 'get',
      path: '/seller/products/{productId}/stock',
      summary: "Get a product's stock",
      tag: 'Seller product',
      category: 'seller',
      subcategory: 'product',
      family: 'seller',
      domain: 'stock',
      orderType: null,
      mode: 'detail',
      idParam: 'productId',
      rowId: null,
    });
  });

  it('appears on its tag\'s reference page with a "Try it" link that names it', () => {
    const { pages, index } = buildReferencePages({ brand, publicSpec: spec, catalogue });
    const page = pages.find((candidate) => candidate.tag === 'Seller product');
    const operation = page?.operations.find((op) => op.operationId === 'getSellerProductStock');
    expect(operation?.path).toBe('/seller/products/{productId}/stock');
    expect(operation?.tryIt).toBe('/api-test?operation=getSellerProductStock&id=1');
    expect(index.entries.find((entry) => entry.kind === 'operation' && entry.operationId === 'getSellerProductStock')?.href).toBe(
      '/documentation?category=seller&subcategory=product#getSellerProductStock',
    );
  });

  it('is offered by the tester, which calls its path', () => {
    const choices = parseChoices(new URLSearchParams('operation=getSellerProductStock&id=5'), catalogue.operations, 'warehouse');
    expect(choices).toMatchObject({ api: 'seller', domain: 'stock', mode: 'detail', id: '5' });
    const operation = findOperation(catalogue.operations, { family: choices.api, domain: choices.domain, mode: choices.mode, orderType: choices.orderType });
    expect(operation?.operationId).toBe('getSellerProductStock');
    expect(operation && buildRequestPath(operation, choices.id)).toBe('/seller/products/5/stock');
    expect(choicesToParams(choices, catalogue.operations).toString()).toBe('operation=getSellerProductStock&id=5');
  });

  it('is refused with a clear message when it declares no x-domain', () => {
    const { 'x-domain': _dropped, ...get } = fixture.item.get as JsonObject;
    const broken = { ...spec, paths: { ...spec.paths, [fixture.path]: { get } } };
    expect(() => buildCatalogue(broken, brand)).toThrow('getSellerProductStock: x-domain must be a lower-case word, got undefined');
  });

  it('is refused when its choices collide with another operation', () => {
    const get = { ...(fixture.item.get as JsonObject), 'x-domain': 'products' };
    const clash = { ...spec, paths: { ...spec.paths, [fixture.path]: { get } } };
    expect(() => buildCatalogue(clash, brand)).toThrow(/getSellerProduct and getSellerProductStock share x-domain, x-mode and x-order-type/);
  });
});
