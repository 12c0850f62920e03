/**
 * `deprecated: true` with its date (`x-deprecated-at`): required together, and carried into the catalogue
 * (the tester), the reference pages (operation and field) and the changelog.
 */
import { describe, expect, it } from 'vitest';
import { deprecationHeader, deprecationOf } from '../../../src/shared/openapi/deprecation.ts';
import type { OpenApiDocument, OperationEntry } from '../../../src/shared/openapi/openapi-document.ts';
import { deriveBrand } from '../../../src/shared/brand.ts';
import { buildCatalogue } from '../../../scripts/generate/catalogue.ts';
import { buildReferencePages } from '../../../scripts/generate/reference-pages.ts';
import { compareSpecs } from '../../../scripts/releases/compare.ts';
import { bundledSpecs } from './support/contract.ts';

const entry = (operation: Record<string, unknown>): OperationEntry => ({
  path: '/x',
  method: 'get',
  operation: { operationId: 'listX', ...operation } as never,
  pathItem: {},
});

describe('deprecationOf', () => {
  it('reads the date as midnight UTC and writes the RFC 9745 header value', () => {
    const deprecation = deprecationOf(entry({ deprecated: true, 'x-deprecated-at': '2026-12-01' }));
    expect(deprecation).toEqual({ since: '2026-12-01', epochSeconds: 1796083200 });
    expect(deprecationHeader(deprecation as NonNullable<typeof deprecation>)).toBe('@1796083200');
    expect(deprecationOf(entry({}))).toBeNull();
  });

  it('refuses one without the other, naming the operation', () => {
    expect(() => deprecationOf(entry({ deprecated: true }))).toThrow(/listX: deprecated: true needs x-deprecated-at/);
    expect(() => deprecationOf(entry({ deprecated: true, 'x-deprecated-at': '1 Dec 2026' }))).toThrow(/listX/);
    expect(() => deprecationOf(entry({ 'x-deprecated-at': '2026-12-01' }))).toThrow(/listX: x-deprecated-at needs deprecated: true/);
  });
});

describe('a deprecated operation and field in the generated data', () => {
  it('reaches the catalogue, the reference page (with its date, and the field flag) and the changelog', async () => {
    const { publicSpec } = await bundledSpecs();
    const spec = structuredClone(publicSpec) as OpenApiDocument & {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    };
    Object.assign(spec.paths['/seller/quotations']?.get ?? {}, { deprecated: true, 'x-deprecated-at': '2026-12-01' });
    Object.assign(spec.components.schemas.Warehouse?.properties.websiteUrl ?? {}, { deprecated: true });
    const brand = deriveBrand();
    const catalogue = buildCatalogue(spec, brand);
    expect(catalogue.operations.find((op) => op.operationId === 'listSellerQuotations')?.deprecatedSince).toBe('2026-12-01');
    expect(catalogue.operations.find((op) => op.operationId === 'listSellerImports')?.deprecatedSince).toBeUndefined();

    const { pages } = buildReferencePages({ brand, publicSpec: spec, catalogue });
    const operation = pages.flatMap((page) => page.operations).find((op) => op.operationId === 'listSellerQuotations');
    expect(operation).toEqual(expect.objectContaining({ deprecated: true, deprecatedSince: '2026-12-01' }));
    const warehouse = pages.flatMap((page) => page.operations).find((op) => op.operationId === 'getSellerWarehouse');
    const body = warehouse?.responses.find((response) => response.status === '200')?.body;
    expect(body?.children?.find((field) => field.name === 'websiteUrl')?.deprecated).toBe(true);
    expect(body?.children?.find((field) => field.name === 'name')?.deprecated).toBeUndefined();

    const changes = compareSpecs(publicSpec, spec).filter((change) => change.kind === 'deprecated');
    expect(changes.map((change) => change.operationId)).toEqual(expect.arrayContaining(['listSellerQuotations', 'getSellerWarehouse']));
    expect(changes.every((change) => !change.breaking)).toBe(true);
  }, 60_000);
});
