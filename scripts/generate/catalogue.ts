/**
 * Step 5: src/generated/catalogue.json, the navigation and the public operation list, read from the
 * bundled public spec alone (tags, x-tagGroups, paths), so a new operation in openapi/ shows up in the
 * sidebar and the tester without code changes.
 */
import type { Brand } from '../../src/shared/brand.ts';
import type { Catalogue, CatalogueGroup, CatalogueOperation, CataloguePage, CataloguePaging, OpenApiDocument } from './context.ts';

interface TagObject {
  name: string;
  'x-category'?: string;
  'x-subcategory'?: string;
}

const CATEGORIES = ['authentication', 'seller', 'warehouse'] as const;
const FAMILIES = ['seller', 'warehouse'] as const;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function oneOf<T extends string>(allowed: readonly T[], value: unknown, what: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`catalogue: ${what} is ${JSON.stringify(value)}, expected one of ${allowed.join(', ')}`);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `Seller warehouse` under `seller` -> `Warehouse`; `Authentication` stays. */
function pageTitle(tag: string, category: string): string {
  const prefix = `${category} `;
  return tag.toLowerCase().startsWith(prefix) ? capitalise(tag.slice(prefix.length)) : tag;
}

function tagsByName(spec: OpenApiDocument): Map<string, TagObject> {
  return new Map((spec.tags ?? []).map((tag) => [tag.name, tag as TagObject]));
}

function buildGroups(spec: OpenApiDocument): CatalogueGroup[] {
  const tags = tagsByName(spec);
  const tagGroups = (spec['x-tagGroups'] ?? []) as Array<{ name: string; tags: string[] }>;
  return tagGroups.map((group) => {
    const pages: CataloguePage[] = group.tags.map((name) => {
      const tag = tags.get(name);
      if (!tag) throw new Error(`catalogue: x-tagGroups names the unknown tag "${name}"`);
      const category = oneOf(CATEGORIES, tag['x-category'], `x-category of tag "${name}"`);
      if (!tag['x-subcategory']) throw new Error(`catalogue: tag "${name}" has no x-subcategory`);
      return { subcategory: tag['x-subcategory'], title: pageTitle(name, category), tag: name };
    });
    const categories = new Set(pages.map((page) => tags.get(page.tag)?.['x-category']));
    if (categories.size !== 1) throw new Error(`catalogue: tag group "${group.name}" mixes categories`);
    const category = oneOf(CATEGORIES, [...categories][0], `category of group "${group.name}"`);
    return { category, title: group.name, pages };
  });
}

function buildOperations(spec: OpenApiDocument): CatalogueOperation[] {
  const tags = tagsByName(spec);
  const operations: CatalogueOperation[] = [];
  for (const [path, pathItem] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method] as
        | { operationId?: string; summary?: string; tags?: string[] }
        | undefined;
      if (!operation) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (method !== 'get') throw new Error(`catalogue: ${where}: the public API is read-only (GET)`);
      const tagName = operation.tags?.[0];
      const tag = tagName ? tags.get(tagName) : undefined;
      if (!operation.operationId || !operation.summary || !tag || !tagName) {
        throw new Error(`catalogue: ${where} needs an operationId, a summary and a declared tag`);
      }
      // Paths look like /{family}/{domain}[/{orderType}][/{idParam}].
      const segments = path.split('/').filter(Boolean);
      const last = segments.at(-1) ?? '';
      const idMatch = /^\{(\w+)\}$/.exec(last);
      const idParam = idMatch?.[1] ?? null;
      const [family, domain, orderType] = idParam ? segments.slice(0, -1) : segments;
      operations.push({
        operationId: operation.operationId,
        method,
        path,
        summary: operation.summary,
        tag: tagName,
        category: oneOf(FAMILIES, tag['x-category'], `x-category of tag "${tagName}"`),
        subcategory: tag['x-subcategory'] ?? '',
        family: oneOf(FAMILIES, family, `first segment of ${path}`),
        domain: domain ?? '',
        orderType: orderType === undefined ? null : oneOf(['normal', 'return'] as const, orderType, `order type of ${path}`),
        mode: idParam ? 'detail' : 'list',
        idParam,
      });
    }
  }
  return operations;
}

export function buildCatalogue(publicSpec: OpenApiDocument, brand: Brand): Catalogue {
  const server = (publicSpec.servers as Array<{ url: string; variables?: { host?: { default?: string } } }> | undefined)?.[0];
  if (!server?.variables?.host?.default) throw new Error('catalogue: the public server needs a host variable with a default');
  return {
    title: `${brand.name} Developer Portal`,
    apiTokenHeader: brand.apiTokenHeader,
    tokenVariable: brand.tokenVariable,
    publicServer: server.url,
    defaultHost: server.variables.host.default,
    groups: buildGroups(publicSpec),
    operations: buildOperations(publicSpec),
    paging: buildPaging(publicSpec),
  };
}

/** The shared `page` and `size` query parameters of the list calls (components.parameters). */
function buildPaging(publicSpec: OpenApiDocument): CataloguePaging {
  type IntegerParameter = { name?: string; in?: string; schema?: { default?: unknown; minimum?: unknown; maximum?: unknown } };
  const parameters = Object.values(
    ((publicSpec.components as { parameters?: Record<string, IntegerParameter> } | undefined)?.parameters ?? {}),
  );
  const schemaOf = (name: string) => {
    const schema = parameters.find((parameter) => parameter.name === name && parameter.in === 'query')?.schema;
    if (!schema) throw new Error(`catalogue: components.parameters needs the query parameter "${name}"`);
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
