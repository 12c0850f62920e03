/** The generated 500-operation spec that performance checks build pages from. */
import { describe, expect, it } from 'vitest';
import { buildReferencePages } from '../../../scripts/generate/reference-pages.ts';
import { replicateSpec } from '../../../scripts/generate/reference/replicate-spec.ts';
import type { JsonObject } from '../../../scripts/generate/reference/schema-tree.ts';
import { deriveBrand } from '../../../src/shared/brand.ts';
import { PIPELINE_TIMEOUT_MS, bundledSpecs } from '../contract/support/contract.ts';

describe('replicateSpec', () => {
  it(
    'makes 500 public operations under new paths and tags, which the generator turns into pages',
    async () => {
      const { publicSpec } = await bundledSpecs();
      const brand = deriveBrand();
      const original = buildReferencePages({ brand, publicSpec });

      const big = replicateSpec(publicSpec as unknown as JsonObject, 500);
      const { pages, index } = buildReferencePages({ brand, publicSpec: big });
      const operations = pages.flatMap((p) => p.operations);
      expect(operations).toHaveLength(500);
      expect(new Set(operations.map((op) => op.operationId)).size).toBe(500);
      expect(operations.map((op) => op.path)).toContain('/seller/orders-copy2/return/{returnId}');
      expect(pages.map((p) => `${p.category}-${p.subcategory}`)).toContain('seller-order-2');
      expect(index.entries.filter((e) => e.kind === 'operation')).toHaveLength(500);
      // Copies reuse the schemas, so the field part of the index does not grow with them.
      const fields = (entries: typeof index.entries) => entries.filter((e) => e.kind === 'field').length;
      expect(fields(index.entries)).toBe(fields(original.index.entries));

      const sameTags = buildReferencePages({ brand, publicSpec: replicateSpec(publicSpec as unknown as JsonObject, 500, true) });
      expect(sameTags.pages).toHaveLength(original.pages.length);
      expect(sameTags.pages.flatMap((p) => p.operations)).toHaveLength(500);
    },
    PIPELINE_TIMEOUT_MS,
  );
});
