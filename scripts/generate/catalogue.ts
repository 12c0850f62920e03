/**
 * Step 5: src/generated/catalogue.ts, the navigation and the public operation list, read from the
 * bundled public spec alone (tags, x-tagGroups, each operation's x-domain, x-mode, x-order-type and parameters),
 * so a new operation in openapi/, of any path shape, shows up in the sidebar and the tester.
 */
import type { Brand } from '../../src/shared/brand.ts';
import { firstTagOf, isInternal, listOperations, operationIdOf, type OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import { deprecationOf } from '../../src/shared/openapi/deprecation.ts';
import { CATEGORIES, oneOf, publicOperationMeaning, tagsByName } from '../../src/shared/openapi/portal-extensions.ts';
import type { Catalogue, CatalogueGroup, CatalogueOperation, CataloguePage, CataloguePaging } from '../../src/shared/portal-data/catalogue.ts';
import { catalogueParameters } from './catalogue-parameters.ts';
import { TS_HEADER } from './write-outputs.ts';

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `Seller warehouse` under `seller` -> `Warehouse`; `Authentication` stays. */
function pageTitle(tag: string, category: string): string {
  const prefix = `${category} `;
  return tag.toLowerCase().startsWith(prefix) ? capitalise(tag.slice(prefix.length)) : tag;
}

function buildGroups(spec: OpenApiDocument): CatalogueGroup[] {
  const tags = tagsByName(spec);
  return (spec['x-tagGroups'] ?? []).map((group) => {
    const pages: CataloguePage[] = group.tags.map((name) => {
      const tag = tags.get(name);
      if (!tag) throw new Error(`catalogue: x-tagGroups names the unknown tag "${name}"`);
      const category = oneOf(CATEGORIES, tag['x-category'], `catalogue: x-category of tag "${name}"`);
      if (!tag['x-subcategory']) throw new Error(`catalogue: tag "${name}" has no x-subcategory`);
      return { subcategory: tag['x-subcategory'], title: pageTitle(name, category), tag: name };
    });
    const categories = new Set(pages.map((page) => tags.get(page.tag)?.['x-category']));
    if (categories.size !== 1) throw new Error(`catalogue: tag group "${group.name}" mixes categories`);
    const category = oneOf(CATEGORIES, [...categories][0], `catalogue: category of group "${group.name}"`);
    return { category, title: group.name, pages };
  });
}

function buildOperations(spec: OpenApiDocument): CatalogueOperation[] {
  const tags = tagsByName(spec);
  const operations = listOperations(spec)
    .filter((entry) => !isInternal(entry))
    .map((entry): CatalogueOperation => {
      const where = `catalogue: ${entry.method.toUpperCase()} ${entry.path}`;
      const simulation = entry.operation['x-mode'] === 'simulation';
      // Read-only but for the sandbox's simulations, which only a sandbox token may call.
      if (entry.method !== (simulation ? 'post' : 'get')) throw new Error(`${where}: a public operation is a GET, or a POST with x-mode: simulation`);
      const summary = entry.operation.summary;
      const tagName = firstTagOf(entry);
      const tag = tagName === undefined ? undefined : tags.get(tagName);
      if (typeof summary !== 'string' || !tag?.['x-subcategory']) {
        throw new Error(`${where} needs an operationId, a summary and a declared tag with x-subcategory`);
      }
      const meaning = publicOperationMeaning(spec, entry, tags);
      const deprecation = deprecationOf(entry);
      return {
        ...(deprecation ? { deprecatedSince: deprecation.since } : {}),
        operationId: operationIdOf(entry),
        method: simulation ? 'post' : 'get',
        path: entry.path,
        summary,
        tag: tag.name,
        subcategory: tag['x-subcategory'],
        ...meaning,
        parameters: catalogueParameters(spec, entry),
      };
    });
  return operations;
}

export function buildCatalogue(publicSpec: OpenApiDocument, brand: Brand): Catalogue {
  const server = publicSpec.servers?.[0];
  const defaultHost = server?.variables?.host?.default;
  if (!server || !defaultHost) throw new Error('catalogue: the public server needs a host variable with a default');
  return {
    title: `${brand.name} Developer Portal`,
    apiTokenHeader: brand.apiTokenHeader,
    tokenVariable: brand.tokenVariable,
    publicServer: server.url,
    defaultHost,
    groups: buildGroups(publicSpec),
    operations: buildOperations(publicSpec),
    paging: buildPaging(publicSpec),
    changelogPage: changelogPageOf(publicSpec),
  };
}

/** The page of the one tag marked `x-changelog: true`. */
function changelogPageOf(publicSpec: OpenApiDocument): Catalogue['changelogPage'] {
  const tags = (publicSpec.tags ?? []).filter((tag) => tag['x-changelog'] === true);
  const [tag] = tags;
  if (tags.length !== 1 || !tag?.['x-subcategory']) throw new Error('catalogue: exactly one tag with an x-subcategory must be marked x-changelog: true');
  return { category: oneOf(CATEGORIES, tag['x-category'], `catalogue: x-category of tag "${tag.name}"`), subcategory: tag['x-subcategory'] };
}

/** The shared `page` and `size` query parameters of the list calls (components.parameters). */
function buildPaging(publicSpec: OpenApiDocument): CataloguePaging {
  const parameters = Object.values(publicSpec.components?.parameters ?? {});
  const schemaOf = (name: string) => {
    const schema = parameters.find((parameter) => parameter.name === name && parameter.in === 'query')?.schema;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new Error(`catalogue: components.parameters needs the query parameter "${name}"`);
    }
    return schema;
  };
  const integer = (value: unknown, where: string): number => {
    if (!Number.isInteger(value)) throw new Error(`catalogue: ${where} must be an integer`);
    return value as number;
  };
  const page = schemaOf('page');
  const size = schemaOf('size');
  return {
    page: { default: integer(page.default, 'page default'), minimum: integer(page.minimum, 'page minimum') },
    size: {
      default: integer(size.default, 'size default'),
      minimum: integer(size.minimum, 'size minimum'),
      maximum: integer(size.maximum, 'size maximum'),
    },
  };
}

/** src/generated/catalogue.ts: the catalogue as a typed module, so the app reads it without a cast. */
export function catalogueModule(catalogue: Catalogue): string {
  return `${TS_HEADER}import type { Catalogue } from '../shared/portal-data/catalogue.ts';

export const catalogue: Catalogue = ${JSON.stringify(catalogue, null, 2)};
`;
}
