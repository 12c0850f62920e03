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
import { brandFromEnv, type Brand } from '../../src/shared/brand.ts';
import { firstTagOf, isInternal, listOperations, listWebhooks, operationIdOf, type OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import type { Catalogue } from '../../src/shared/portal-data/catalogue.ts';
import type { Changelog } from '../../src/shared/portal-data/changelog.ts';
import { documentationHref, pageKeyOf, testerHref } from '../../src/shared/portal-data/links.ts';
import type { Block, ReferencePage, SearchIndex } from '../../src/shared/portal-data/reference-page.ts';
import { buildCatalogue } from './catalogue.ts';
import { referenceEvent } from './reference/event.ts';
import { eventVerification } from './reference/event-verification.ts';
import { markdownBlocks } from './reference/markdown.ts';
import { referenceOperation } from './reference/operation.ts';
import { buildSearchIndex } from './reference/search-index.ts';

export interface ReferencePagesInput {
  outDir: string;
  brand: Brand;
  publicSpec: OpenApiDocument;
  catalogue: Catalogue;
  /** Shown on the tag marked `x-changelog: true`; absent for specs without releases (benchmarks). */
  changelog?: Changelog;
}

function titleCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Server URL with every variable at its default, e.g. `https://api.acme.example/api/v1`. */
function serverOf(doc: OpenApiDocument): { template: string; concrete: string } {
  const server = doc.servers?.[0] ?? { url: '' };
  const concrete = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
  return { template: server.url, concrete };
}

/** Redoc-style `#tag/Name` links in the spec's Markdown point at our page for that tag. */
function relinkTags(blocks: Block[] | undefined, pageOfTag: Map<string, ReferencePage>): Block[] | undefined {
  if (!blocks) return undefined;
  const json = JSON.stringify(blocks).replace(/"href":"#tag\/([^"]+)"/g, (whole, tag: string) => {
    const page = pageOfTag.get(decodeURIComponent(tag));
    return page ? `"href":${JSON.stringify(documentationHref(page))}` : whole;
  });
  return JSON.parse(json) as Block[];
}

/** Each change that names an operation still in the catalogue links to it. */
function changelogWithLinks(changelog: Changelog | undefined, catalogue: Catalogue): ReferencePage['changelog'] {
  const pageOf = new Map(catalogue.operations.map((op) => [op.operationId, { category: op.family, subcategory: op.subcategory }]));
  return (changelog?.versions ?? []).map((version) => ({
    ...version,
    changes: version.changes.map((change) => {
      const page = change.operationId === null || change.kind === 'removed' ? undefined : pageOf.get(change.operationId);
      return page && change.operationId ? { ...change, href: documentationHref(page, change.operationId) } : change;
    }),
  }));
}

export function buildReferencePages(input: Omit<ReferencePagesInput, 'outDir'>): { pages: ReferencePage[]; index: SearchIndex } {
  const doc = input.publicSpec;
  const server = serverOf(doc);
  const sampleOrigin = new URL(server.concrete).origin;
  const groupOf = (tag: string) => doc['x-tagGroups']?.find((group) => group.tags.includes(tag));
  const catalogueOps = new Map(input.catalogue.operations.map((op) => [op.operationId, op]));
  const cataloguePage = (category: string, subcategory: string) => {
    // A category may span several groups: the page's own group is the one that lists it.
    const group = input.catalogue.groups.find(
      (candidate) => candidate.category === category && candidate.pages.some((page) => page.subcategory === subcategory),
    );
    return { group, page: group?.pages.find((candidate) => candidate.subcategory === subcategory) };
  };

  const pages: ReferencePage[] = [];
  const pageOfTag = new Map<string, ReferencePage>();
  for (const tag of doc.tags ?? []) {
    const category = tag['x-category'];
    const subcategory = tag['x-subcategory'];
    if (tag['x-internal'] === true || category === undefined || subcategory === undefined) continue;
    const fromCatalogue = cataloguePage(category, subcategory);
    const page: ReferencePage = {
      category,
      subcategory,
      title: fromCatalogue.page?.title ?? tag['x-displayName'] ?? titleCase(subcategory),
      groupTitle: fromCatalogue.group?.title ?? groupOf(tag.name)?.name ?? titleCase(category),
      tag: tag.name,
      serverUrl: server.template,
      sampleOrigin,
      tokenHeader: input.brand.apiTokenHeader,
      tokenVariable: input.brand.tokenVariable,
      apiVersion: String(doc.info?.version ?? ''),
      operations: [],
    };
    if (tag['x-changelog'] === true) page.changelog = changelogWithLinks(input.changelog, input.catalogue);
    const description = markdownBlocks(tag.description);
    if (description) page.description = description;
    pages.push(page);
    pageOfTag.set(tag.name, page);
  }

  for (const entry of listOperations(doc)) {
    const tag = firstTagOf(entry);
    const page = tag === undefined ? undefined : pageOfTag.get(tag);
    if (isInternal(entry) || !page) continue;
    const operationId = operationIdOf(entry);
    const built = referenceOperation({ doc, entry, serverUrl: server.concrete, tokenVariable: input.brand.tokenVariable });
    const exampleId = built.parameters.find((parameter) => parameter.in === 'path')?.example;
    // Try it and API Test send GET only: a simulation's POST is shown with its body and samples, not offered there.
    const testable = catalogueOps.get(operationId)?.method === 'get';
    page.operations.push(testable ? { ...built, tryIt: testerHref({ operation: operationId, ...(exampleId ? { id: exampleId } : {}) }) } : built);
  }

  // Events (the spec's `webhooks`) sit on the page of their first tag, after its operations, if any.
  for (const entry of listWebhooks(doc)) {
    const tag = firstTagOf(entry);
    const page = tag === undefined ? undefined : pageOfTag.get(tag);
    if (isInternal(entry) || !page) continue;
    page.operations.push(referenceEvent(doc, entry, input.brand));
  }

  for (const page of pages) {
    const verification = eventVerification(page.operations.filter((operation) => operation.event !== undefined));
    if (verification) page.verification = verification;
    const description = relinkTags(page.description, pageOfTag);
    if (description) page.description = description;
  }
  // The API's general part (paging, errors, rate limits) is the Getting started page, a tag of its own.
  return { pages, index: { entries: buildSearchIndex(pages) } };
}

export async function generateReferencePages(ctx: ReferencePagesInput): Promise<ReferencePage[]> {
  const { pages, index } = buildReferencePages(ctx);
  const dir = join(ctx.outDir, 'reference');
  mkdirSync(dir, { recursive: true });
  // Pages of tags that no longer exist must not linger.
  for (const file of readdirSync(dir)) if (file.endsWith('.json')) rmSync(join(dir, file));
  for (const page of pages) writeFileSync(join(dir, `${pageKeyOf(page)}.json`), JSON.stringify(page));
  writeFileSync(join(dir, 'search-index.json'), JSON.stringify(index));
  return pages;
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const specPath = argument('--spec') ?? 'src/generated/openapi.public.json';
  const outDir = argument('--out') ?? 'src/generated';
  const brand = brandFromEnv({ BRAND: argument('--brand') ?? process.env.BRAND });
  const publicSpec = JSON.parse(readFileSync(specPath, 'utf8')) as OpenApiDocument;
  const started = performance.now();
  await generateReferencePages({ outDir, brand, publicSpec, catalogue: buildCatalogue(publicSpec, brand) });
  console.log(`reference pages: ${join(outDir, 'reference')} in ${Math.round(performance.now() - started)} ms`);
}
