/**
 * Reference-page data: one compact, fully resolved JSON per documentation page
 * (src/generated/reference/<category>-<subcategory>.json) and the search index
 * (src/generated/reference/search-index.json), from the bundled public spec.
 * Pages are the public tags with `x-category`/`x-subcategory`; operations belong to their first tag.
 *
 * Called by scripts/generate/index.ts. Also a command, so tests and the benchmark can build pages for
 * any spec (for example a generated 500-operation one):
 *   npx tsx scripts/generate/reference-pages.ts --spec path/to/openapi.json --out DIR [--brand ACME]
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deriveBrand, type Brand } from '../../src/shared/brand.ts';
import type { Block, ReferencePage, SearchIndex } from '../../src/web/features/docs/lib/reference-data.ts';
import { buildCatalogue } from './catalogue.ts';
import type { OpenApiDocument } from './context.ts';
import { markdownBlocks } from './reference/markdown.ts';
import { referenceOperation } from './reference/operation.ts';
import { buildSearchIndex, pageHref } from './reference/search-index.ts';
import { isObject, type JsonObject } from './reference/schema-tree.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** What this step reads from the catalogue (structurally a subset of the contract helper's Catalogue). */
export interface CatalogueSubset {
  groups?: { category: string; title: string; pages: { subcategory: string; title: string; tag: string }[] }[];
  operations?: { operationId: string; family?: string | null; domain?: string | null; mode?: string | null; orderType?: string | null; idParam?: string | null }[];
}

export interface ReferencePagesInput {
  outDir: string;
  brand: Brand;
  publicSpec: object;
  catalogue?: CatalogueSubset;
}

function titleCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Server URL with every variable at its default, e.g. `https://api.acme.example/api/v1`. */
function serverOf(doc: JsonObject): { template: string; concrete: string } {
  const server = Array.isArray(doc.servers) && isObject(doc.servers[0]) ? doc.servers[0] : { url: '' };
  const template = typeof server.url === 'string' ? server.url : '';
  const variables = isObject(server.variables) ? server.variables : {};
  const concrete = template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
  return { template, concrete };
}

/** `/api-test?api=seller&domain=orders&mode=detail&id=1&orderType=return`, from the catalogue entry. */
function tryItHref(entry: NonNullable<CatalogueSubset['operations']>[number] | undefined, exampleId: string | undefined): string | undefined {
  if (!entry?.family || !entry.domain || !entry.mode) return undefined;
  const query = new URLSearchParams({ api: entry.family, domain: entry.domain, mode: entry.mode });
  if (entry.mode === 'detail' && exampleId) query.set('id', exampleId);
  if (entry.orderType) query.set('orderType', entry.orderType);
  return `/api-test?${query.toString()}`;
}

/** Redoc-style `#tag/Name` links in the spec's Markdown point at our page for that tag. */
function relinkTags(blocks: Block[] | undefined, pageOfTag: Map<string, ReferencePage>): Block[] | undefined {
  if (!blocks) return undefined;
  const json = JSON.stringify(blocks).replace(/"href":"#tag\/([^"]+)"/g, (whole, tag: string) => {
    const page = pageOfTag.get(decodeURIComponent(tag));
    return page ? `"href":${JSON.stringify(pageHref(page))}` : whole;
  });
  return JSON.parse(json) as Block[];
}

export function buildReferencePages(input: Omit<ReferencePagesInput, 'outDir'>): { pages: ReferencePage[]; index: SearchIndex } {
  const doc = input.publicSpec as JsonObject;
  const server = serverOf(doc);
  const sampleOrigin = new URL(server.concrete).origin;
  const tagGroups = Array.isArray(doc['x-tagGroups']) ? doc['x-tagGroups'].filter(isObject) : [];
  const groupOf = (tag: string) => tagGroups.find((group) => Array.isArray(group.tags) && group.tags.includes(tag));
  const catalogueOps = new Map((input.catalogue?.operations ?? []).map((op) => [op.operationId, op]));
  const cataloguePage = (category: string, subcategory: string) => {
    const group = input.catalogue?.groups?.find((g) => g.category === category);
    return { group, page: group?.pages.find((p) => p.subcategory === subcategory) };
  };

  const pages: ReferencePage[] = [];
  const pageOfTag = new Map<string, ReferencePage>();
  for (const tag of (Array.isArray(doc.tags) ? doc.tags : []).filter(isObject)) {
    const category = tag['x-category'];
    const subcategory = tag['x-subcategory'];
    if (tag['x-internal'] === true || typeof category !== 'string' || typeof subcategory !== 'string' || typeof tag.name !== 'string') continue;
    const fromCatalogue = cataloguePage(category, subcategory);
    const group = groupOf(tag.name);
    const page: ReferencePage = {
      category,
      subcategory,
      title: fromCatalogue.page?.title ?? (typeof tag['x-displayName'] === 'string' ? tag['x-displayName'] : titleCase(subcategory)),
      groupTitle: fromCatalogue.group?.title ?? (typeof group?.name === 'string' ? group.name : titleCase(category)),
      tag: tag.name,
      serverUrl: server.template,
      sampleOrigin,
      tokenHeader: input.brand.apiTokenHeader,
      tokenVariable: input.brand.tokenVariable,
      operations: [],
    };
    const description = markdownBlocks(typeof tag.description === 'string' ? tag.description : undefined);
    if (description) page.description = description;
    pages.push(page);
    pageOfTag.set(tag.name, page);
  }

  for (const [path, rawItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(rawItem)) continue;
    for (const method of METHODS) {
      const operation = rawItem[method];
      if (!isObject(operation) || operation['x-internal'] === true) continue;
      const tag = Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : undefined;
      const page = tag === undefined ? undefined : pageOfTag.get(tag);
      if (!page) continue;
      const operationId = String(operation.operationId);
      const built = referenceOperation({ doc, path, method, pathItem: rawItem, operation, serverUrl: server.concrete, tokenVariable: input.brand.tokenVariable });
      const exampleId = built.parameters.find((p) => p.in === 'path')?.example;
      const tryIt = tryItHref(catalogueOps.get(operationId), exampleId);
      page.operations.push(tryIt ? { ...built, tryIt } : built);
    }
  }

  for (const page of pages) {
    const description = relinkTags(page.description, pageOfTag);
    if (description) page.description = description;
  }
  // The Authentication page also carries the API's own introduction (paging, errors, rate limits):
  // an integrator who reads only that page still learns how every call behaves.
  const auth = pages.find((page) => page.category === 'authentication');
  const info = isObject(doc.info) ? doc.info : {};
  if (auth && typeof info.description === 'string') {
    const about = relinkTags(markdownBlocks(info.description), pageOfTag);
    if (about) auth.about = about;
  }
  return { pages, index: { entries: buildSearchIndex(pages) } };
}

export async function generateReferencePages(ctx: ReferencePagesInput): Promise<void> {
  const { pages, index } = buildReferencePages(ctx);
  const dir = join(ctx.outDir, 'reference');
  mkdirSync(dir, { recursive: true });
  // Pages of tags that no longer exist must not linger.
  for (const file of readdirSync(dir)) if (file.endsWith('.json')) rmSync(join(dir, file));
  for (const page of pages) writeFileSync(join(dir, `${page.category}-${page.subcategory}.json`), JSON.stringify(page));
  writeFileSync(join(dir, 'search-index.json'), JSON.stringify(index));
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const specPath = argument('--spec') ?? 'src/generated/openapi.public.json';
  const outDir = argument('--out') ?? 'src/generated';
  const brand = deriveBrand(argument('--brand') ?? process.env.BRAND);
  const publicSpec = JSON.parse(readFileSync(specPath, 'utf8')) as OpenApiDocument;
  const started = performance.now();
  await generateReferencePages({ outDir, brand, publicSpec, catalogue: buildCatalogue(publicSpec, brand) });
  console.log(`reference pages: ${join(outDir, 'reference')} in ${Math.round(performance.now() - started)} ms`);
}
