/**
 * The public spec cut down to one API family: its operations, its webhooks (events), its tags (and the
 * general ones such as Authentication), its tag groups, and only the components those still reach. A seller
 * integrator's files then carry nothing of the Warehouse API.
 */
import { isObject, listOperations, listWebhooks, type Json, type OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import { API_FAMILIES } from '../../src/shared/api-family.ts';
import { familyOf, tagsByName } from '../../src/shared/openapi/portal-extensions.ts';
import { scopeTitle, type ExportScope } from '../../src/shared/portal-data/downloads.ts';

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, into);
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.add(child);
      else collectRefs(child, into);
    }
  }
}

/** Drops every component no longer reached from outside `components` (following refs between components). */
function withoutUnusedComponents(doc: OpenApiDocument): OpenApiDocument {
  const { components, ...rest } = doc;
  if (!components) return doc;
  const reached = new Set<string>();
  collectRefs(rest, reached);
  const kept: Record<string, Record<string, Json>> = {};
  const queue = [...reached];
  while (queue.length > 0) {
    const ref = queue.pop() as string;
    const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
    if (!match) continue;
    const [, kind = '', name = ''] = match;
    const node = (components as Record<string, Record<string, Json> | undefined>)[kind]?.[name];
    if (node === undefined || kept[kind]?.[name] !== undefined) continue;
    (kept[kind] ??= {})[name] = node;
    const inner = new Set<string>();
    collectRefs(node, inner);
    for (const next of inner) {
      if (reached.has(next)) continue;
      reached.add(next);
      queue.push(next);
    }
  }
  // Security schemes are named by `security`, not by $ref.
  if (components.securitySchemes) kept.securitySchemes = components.securitySchemes;
  const ordered = Object.fromEntries(
    Object.keys(components)
      .filter((kind) => kept[kind] !== undefined)
      .map((kind) => [
        kind,
        Object.fromEntries(
          Object.keys((components as Record<string, Record<string, Json>>)[kind] ?? {})
            .filter((name) => kept[kind]?.[name] !== undefined)
            .map((name) => [name, kept[kind]?.[name] as Json]),
        ),
      ]),
  );
  return { ...rest, components: ordered };
}

export function familySpec(publicSpec: OpenApiDocument, scope: ExportScope): OpenApiDocument {
  if (scope === 'all') return publicSpec;
  const tags = tagsByName(publicSpec);
  const paths: OpenApiDocument['paths'] = {};
  for (const entry of listOperations(publicSpec)) {
    if (familyOf(publicSpec, entry, tags) !== scope) continue;
    const { [entry.method]: _operation, ...others } = entry.pathItem;
    const item = (paths[entry.path] ??= Object.fromEntries(
      Object.entries(others).filter(([key]) => !/^(get|put|post|delete|options|head|patch|trace)$/.test(key)),
    ));
    item[entry.method] = entry.operation;
  }
  // A webhook belongs to the family of its operation's first tag, as an operation does.
  const webhooks: NonNullable<OpenApiDocument['webhooks']> = {};
  for (const entry of listWebhooks(publicSpec)) {
    const pathItem = publicSpec.webhooks?.[entry.path];
    if (pathItem !== undefined && familyOf(publicSpec, entry, tags) === scope) webhooks[entry.path] = pathItem;
  }
  const otherFamilies = new Set<string>(API_FAMILIES.filter((family) => family !== scope));
  const keptTags = (publicSpec.tags ?? []).filter((tag) => !otherFamilies.has(tag['x-category'] ?? ''));
  const keptNames = new Set(keptTags.map((tag) => tag.name));
  const info = publicSpec.info ?? {};
  return withoutUnusedComponents({
    ...publicSpec,
    info: { ...info, title: `${String(info.title ?? 'API')}: ${scopeTitle(scope)}` },
    tags: keptTags,
    'x-tagGroups': (publicSpec['x-tagGroups'] ?? [])
      .map((group) => ({ ...group, tags: group.tags.filter((name) => keptNames.has(name)) }))
      .filter((group) => group.tags.length > 0),
    paths,
    ...(publicSpec.webhooks === undefined ? {} : { webhooks }),
  });
}
