/**
 * src/generated/response-fields.ts: each public operation's 200 response fields, from the bundled public
 * spec (through the same schema walk the reference pages use), for the API tester's Table view and CSV.
 */
import { deref, isObject, listOperations, operationIdOf, type OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import type { Catalogue } from '../../src/shared/portal-data/catalogue.ts';
import type { FieldNode } from '../../src/shared/portal-data/reference-page.ts';
import type { FieldKind, ResponseField, ResponseShapes } from '../../src/shared/portal-data/response-fields.ts';
import { schemaTree } from './reference/schema-tree.ts';
import { TS_HEADER } from './write-outputs.ts';

const KINDS: readonly FieldKind[] = ['string', 'integer', 'number', 'boolean', 'object', 'array'];

/** `array of OrderProduct` -> array, `string | null` -> string, `map of string` -> object. */
function kindOf(type: string): FieldKind {
  if (type.startsWith('array')) return 'array';
  if (type.startsWith('object') || type.startsWith('map of')) return 'object';
  const first = type.split(' | ').find((part) => part !== 'null');
  return KINDS.find((kind) => kind === first) ?? 'any';
}

function toField(node: FieldNode): ResponseField {
  const kind = kindOf(node.type);
  const field: ResponseField = { name: node.name ?? '', kind };
  if (node.format && kind !== 'array') field.format = node.format;
  const children = (node.children ?? []).filter((child) => child.name !== undefined).map(toField);
  if (kind === 'object' && children.length > 0) field.fields = children;
  if (kind === 'array' && children.length > 0) field.items = children;
  return field;
}

/** The 200 response body's schema tree of one operation, or undefined when it has no JSON body. */
function okBody(doc: OpenApiDocument, operation: Record<string, unknown>): FieldNode | undefined {
  const responses = operation.responses;
  if (!isObject(responses) || !isObject(responses['200'])) return undefined;
  const response = deref(doc, responses['200']).node;
  const content = isObject(response.content) ? response.content['application/json'] : undefined;
  if (!isObject(content) || !isObject(content.schema)) return undefined;
  return schemaTree(doc, content.schema);
}

export function buildResponseFields(publicSpec: OpenApiDocument, catalogue: Catalogue): ResponseShapes {
  const entries = new Map(listOperations(publicSpec).map((entry) => [operationIdOf(entry), entry]));
  const shapes: ResponseShapes = {};
  for (const op of catalogue.operations) {
    const entry = entries.get(op.operationId);
    const body = entry ? okBody(publicSpec, entry.operation) : undefined;
    if (!body) continue;
    // A list's rows are its envelope's `data` items; anything else is one row.
    const data = op.mode === 'list' ? body.children?.find((child) => child.name === 'data' && child.type.startsWith('array')) : undefined;
    const rowFields = data ? data.children : body.children;
    shapes[op.operationId] = { rows: data ? 'list' : 'detail', fields: (rowFields ?? []).map(toField) };
  }
  return shapes;
}

export function responseFieldsModule(shapes: ResponseShapes): string {
  return `${TS_HEADER}import type { ResponseShapes } from '../shared/portal-data/response-fields.ts';

export const responseFields: ResponseShapes = ${JSON.stringify(shapes)};
`;
}
