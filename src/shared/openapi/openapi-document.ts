/**
 * The one way to read a bundled OpenAPI 3.1 document: its JSON types, the HTTP methods a path item may
 * hold, the walk over its operations and the following of local $refs. The build step, the server, the
 * benchmark and the contract tests all read the spec through this module.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every method a path item may hold, in the order the OpenAPI specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface TagObject {
  name: string;
  description?: string;
  'x-category'?: string;
  'x-subcategory'?: string;
  'x-displayName'?: string;
  'x-internal'?: boolean;
  /** The tag's page also shows the changelog computed from openapi/releases/. */
  'x-changelog'?: boolean;
}

export interface ServerObject {
  url: string;
  description?: string;
  variables?: Record<string, { default?: string; description?: string; enum?: string[] }>;
}

/** A bundled document: every $ref local (`#/components/...`). */
export interface OpenApiDocument {
  openapi?: string;
  info?: JsonObject;
  servers?: ServerObject[];
  paths: Record<string, JsonObject>;
  components?: {
    schemas?: Record<string, JsonObject>;
    parameters?: Record<string, JsonObject>;
    responses?: Record<string, JsonObject>;
    headers?: Record<string, JsonObject>;
    examples?: Record<string, JsonObject>;
    securitySchemes?: Record<string, JsonObject>;
  };
  security?: Array<Record<string, string[]>>;
  tags?: TagObject[];
  /** OpenAPI 3.1 webhooks: calls the API makes to the integrator, keyed by the event's name. */
  webhooks?: Record<string, JsonObject>;
  'x-tagGroups'?: Array<{ name: string; tags: string[] }>;
  [key: string]: unknown;
}

export interface OperationEntry {
  /** As the spec writes it, relative to its server: `/seller/orders/normal/{orderId}`. */
  path: string;
  method: HttpMethod;
  operation: JsonObject;
  pathItem: JsonObject;
}

/** Every operation of the document, in document order (paths, then methods in HTTP_METHODS order). */
export function listOperations(doc: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, pathItem] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation)) entries.push({ path, method, operation, pathItem });
    }
  }
  return entries;
}

/**
 * Every webhook of the document (3.1 `webhooks`), in document order, as entries whose `path` is the
 * webhook's name (an event type such as `seller.normal_order.status_changed`): the API calls the
 * integrator's endpoint, so there is no path of ours.
 */
export function listWebhooks(doc: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [name, pathItem] of Object.entries(doc.webhooks ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation)) entries.push({ path: name, method, operation, pathItem });
    }
  }
  return entries;
}

export function operationIdOf(entry: OperationEntry): string {
  const id = entry.operation.operationId;
  if (typeof id !== 'string' || id === '') throw new Error(`${entry.method.toUpperCase()} ${entry.path} has no operationId`);
  return id;
}

/** Marked `x-internal: true` (on the operation or its path item): the portal's own API, not in public bundles. */
export function isInternal(entry: OperationEntry): boolean {
  return entry.operation['x-internal'] === true || entry.pathItem['x-internal'] === true;
}

/** The operation's first tag: the page it belongs to. */
export function firstTagOf(entry: OperationEntry): string | undefined {
  const tags = entry.operation.tags;
  return Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : undefined;
}

/** Resolves a local `#/a/b` pointer against the document. */
export function resolvePointer(doc: unknown, ref: string): JsonObject {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are expected in the bundled spec, got ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(node) || !(key in node)) throw new Error(`Unresolvable $ref ${ref}`);
    node = node[key];
  }
  if (!isObject(node)) throw new Error(`$ref ${ref} does not point to an object`);
  return node;
}

/**
 * Follows a chain of $refs; returns the target and the last component name met (a schema's name).
 * Sibling keywords next to $ref (allowed in 3.1) override the target's, e.g. a local description.
 */
export function deref(doc: unknown, node: JsonObject): { node: JsonObject; name?: string } {
  let current = node;
  let name: string | undefined;
  const seen = new Set<string>();
  while (typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref)) throw new Error(`Circular $ref ${ref}`);
    seen.add(ref);
    name = ref.split('/').pop();
    const { $ref: _followed, ...siblings } = current;
    current = { ...resolvePointer(doc, ref), ...siblings };
  }
  return name === undefined ? { node: current } : { node: current, name };
}

/** The value with its $refs followed; anything that is not an object comes back as it is. */
export function resolved(doc: unknown, value: unknown): unknown {
  return isObject(value) ? deref(doc, value).node : value;
}

/** Path-item and operation parameters, resolved, the operation's overriding the path item's (by name and place). */
export function parametersOf(doc: unknown, entry: OperationEntry): JsonObject[] {
  const raw = [
    ...(Array.isArray(entry.pathItem.parameters) ? entry.pathItem.parameters : []),
    ...(Array.isArray(entry.operation.parameters) ? entry.operation.parameters : []),
  ];
  const byKey = new Map<string, JsonObject>();
  for (const parameter of raw) {
    const node = resolved(doc, parameter);
    if (isObject(node)) byKey.set(`${String(node.in)}:${String(node.name)}`, node);
  }
  return [...byKey.values()];
}
