/** Shared by the contract tests: the bundled specs and the generate pipeline, run into a temp dir. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { substituteBrandDeep } from '../../../../scripts/generate/brand.ts';
import { bundleSpecs } from '../../../../scripts/generate/bundle.ts';
import type { GenerateContext, OpenApiDocument } from '../../../../scripts/generate/context.ts';
import { ROOT_DIR, generate } from '../../../../scripts/generate/index.ts';
import { deriveBrand } from '../../../../src/shared/brand.ts';
import entityFields from '../../../fixtures/contract/entity-fields.json';
import publicOperations from '../../../fixtures/contract/public-operations.json';

export { entityFields, publicOperations };

/** Spawning Redocly on a busy two-core machine can take a few seconds. */
export const PIPELINE_TIMEOUT_MS = 60_000;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

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

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Follows a local `#/...` reference inside a document. */
export function resolveRef(doc: unknown, value: unknown): unknown {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    if (hops > 20) throw new Error(`reference loop at ${String(current.$ref)}`);
    const pointer = current.$ref;
    if (!pointer.startsWith('#/')) throw new Error(`non-local reference ${pointer}`);
    current = pointer
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
    if (current === undefined) throw new Error(`unresolved reference ${pointer}`);
  }
  return current;
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
