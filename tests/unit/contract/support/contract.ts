/** Shared by the contract tests: the bundled specs and the generate pipeline, run into a temp dir. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { substituteBrandDeep } from '../../../../scripts/generate/brand.ts';
import { bundleSpecs } from '../../../../scripts/generate/bundle.ts';
import type { GenerateContext } from '../../../../scripts/generate/context.ts';
import { isObject, resolved, type Json, type JsonObject, type OpenApiDocument } from '../../../../src/shared/openapi/openapi-document.ts';
import { ROOT_DIR, generate } from '../../../../scripts/generate/index.ts';
import { deriveBrand } from '../../../../src/shared/brand.ts';
import entityFields from '../../../fixtures/contract/entity-fields.json';
import publicOperations from '../../../fixtures/contract/public-operations.json';

export { entityFields, publicOperations };

/** Spawning Redocly on a busy two-core machine can take a few seconds. */
export const PIPELINE_TIMEOUT_MS = 60_000;

export { isObject, type Json, type JsonObject };

/** Follows local `#/...` references inside a document. */
export const resolveRef = resolved;

/** Bundles openapi/ (public and portal) with the default brand, without writing anything. */
export async function bundledSpecs(): Promise<{ publicSpec: OpenApiDocument; portalSpec: OpenApiDocument }> {
  const brand = deriveBrand();
  const { publicSpec, portalSpec } = await bundleSpecs(ROOT_DIR);
  return { publicSpec: substituteBrandDeep(publicSpec, brand), portalSpec: substituteBrandDeep(portalSpec, brand) };
}

/** Runs the whole generate pipeline into a fresh temp dir. */
export async function generateIntoTemp(env: NodeJS.ProcessEnv = {}): Promise<{ ctx: GenerateContext; outDir: string; cleanup: () => Promise<void> }> {
  const outDir = await mkdtemp(join(tmpdir(), 'contract-generate-'));
  const ctx = await generate({ outDir, env });
  return { ctx, outDir, cleanup: () => rm(outDir, { recursive: true, force: true }) };
}

/** Properties of an object schema, with those of its `allOf` branches merged in. */
export function schemaProperties(doc: unknown, schema: unknown): Record<string, Json> {
  const resolved = resolveRef(doc, schema);
  if (!isObject(resolved)) return {};
  const own = isObject(resolved.properties) ? resolved.properties : {};
  const inherited = Array.isArray(resolved.allOf) ? resolved.allOf.map((branch) => schemaProperties(doc, branch)) : [];
  return Object.assign({}, ...inherited, own) as Record<string, Json>;
}

/** Required properties of an object schema, with those of its `allOf` branches merged in. */
export function schemaRequired(doc: unknown, schema: unknown): string[] {
  const resolved = resolveRef(doc, schema);
  if (!isObject(resolved)) return [];
  const own = Array.isArray(resolved.required) ? resolved.required.map(String) : [];
  const inherited = Array.isArray(resolved.allOf) ? resolved.allOf.flatMap((branch) => schemaRequired(doc, branch)) : [];
  return [...new Set([...inherited, ...own])];
}
