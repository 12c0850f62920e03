/** One setting renames the brand everywhere: BRAND=GLOBEX through the whole generate pipeline. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoPlaceholders, substituteBrand } from '../../../scripts/generate/brand.ts';
import { brandFromEnv } from '../../../src/shared/brand.ts';
import type { GenerateContext } from '../../../scripts/generate/context.ts';
import { splitJsonDocuments } from '../../../scripts/generate/lint.ts';
import { PIPELINE_TIMEOUT_MS, generateIntoTemp } from './support/contract.ts';

let ctx: GenerateContext;
let outDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, outDir, cleanup } = await generateIntoTemp({ BRAND: 'globex' }));
}, PIPELINE_TIMEOUT_MS);
afterAll(() => cleanup?.());

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

describe('BRAND=GLOBEX', () => {
  it('names the header GLOBEX-API-TOKEN in the public spec, the portal spec, the catalogue and brand.ts', async () => {
    expect(ctx.brand).toEqual({ name: 'GLOBEX', apiTokenHeader: 'GLOBEX-API-TOKEN', tokenPrefix: 'globex', tokenVariable: 'GLOBEX_API_TOKEN' });
    for (const file of ['openapi.public.json', 'openapi.public.yaml', 'openapi.portal.json', 'catalogue.ts', 'brand.ts']) {
      expect(await readFile(join(outDir, file), 'utf8'), file).toContain('GLOBEX-API-TOKEN');
    }
    const scheme = (ctx.publicSpec.components as { securitySchemes: { apiToken: { name: string } } }).securitySchemes.apiToken;
    expect(scheme.name).toBe('GLOBEX-API-TOKEN');
    expect(ctx.catalogue).toMatchObject({
      title: 'GLOBEX Developer Portal',
      apiTokenHeader: 'GLOBEX-API-TOKEN',
      tokenVariable: 'GLOBEX_API_TOKEN',
      defaultHost: 'api.globex.example',
    });
    expect(await readFile(join(outDir, 'brand.ts'), 'utf8')).toContain(
      'export const brand = {"name":"GLOBEX","apiTokenHeader":"GLOBEX-API-TOKEN","tokenPrefix":"globex","tokenVariable":"GLOBEX_API_TOKEN"} as const;',
    );
    const authentication = ctx.publicSpec.tags?.find((tag) => tag.name === 'Authentication')?.description;
    expect(authentication).toContain('$GLOBEX_API_TOKEN');
  });

  it('leaves no ACME and no placeholder in any generated file', async () => {
    const files = await filesUnder(outDir);
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      expect(text, file).not.toMatch(/acme/i);
      expect(text, file).not.toMatch(/\{\{\s*(BRAND|brand|BRAND_TOKEN_VARIABLE)\s*\}\}/);
    }
  });
});

describe('brand helpers', () => {
  it('substitutes the three placeholders', () => {
    const brand = brandFromEnv({ BRAND: 'Initech' });
    expect(substituteBrand('{{BRAND}}-API-TOKEN {{brand}}_s_x ${{BRAND_TOKEN_VARIABLE}}', brand)).toBe('INITECH-API-TOKEN initech_s_x $INITECH_API_TOKEN');
    expect(brandFromEnv({}).name).toBe('ACME');
    expect(brandFromEnv({ BRAND: '  ' }).name).toBe('ACME');
    expect(() => brandFromEnv({ BRAND: 'not a brand' })).toThrow(/BRAND/);
  });

  it('refuses a misspelt placeholder', () => {
    expect(() => assertNoPlaceholders('name: {{Brand}}-API-TOKEN', 'x')).toThrow(/\{\{Brand\}\}/);
    expect(() => assertNoPlaceholders('name: ACME-API-TOKEN', 'x')).not.toThrow();
  });

  it('splits the lint report of several APIs written back to back', () => {
    expect(splitJsonDocuments('{"a":{"b":"}{"}}{"c":1}\n')).toEqual([{ a: { b: '}{' } }, { c: 1 }]);
  });
});
