/**
 * An operation's path and query parameters as the tester shows them: name, type, bounds, default and
 * description, read from the spec (their `$ref`s followed). Path parameters come first, in the order the
 * path names them, so a call's ids read left to right.
 */
import { deref, operationIdOf, parametersOf, type JsonObject, type OpenApiDocument, type OperationEntry } from '../../src/shared/openapi/openapi-document.ts';
import type { CatalogueParameter } from '../../src/shared/portal-data/catalogue.ts';

const TYPES = ['integer', 'number', 'string', 'boolean'] as const;

function parameterOf(spec: OpenApiDocument, node: JsonObject, where: string): CatalogueParameter {
  const name = String(node.name);
  const schema = typeof node.schema === 'object' && node.schema !== null && !Array.isArray(node.schema) ? deref(spec, node.schema).node : {};
  const type = TYPES.find((candidate) => candidate === schema.type);
  if (type === undefined) throw new Error(`${where}: parameter ${name} needs a schema type of ${TYPES.join(', ')}`);
  const parameter: CatalogueParameter = { name, in: node.in === 'path' ? 'path' : 'query', required: node.in === 'path' || node.required === true, type };
  if (typeof node.description === 'string') parameter.description = node.description;
  if (typeof schema.default === 'number' || typeof schema.default === 'string' || typeof schema.default === 'boolean') parameter.default = schema.default;
  if (typeof schema.minimum === 'number') parameter.minimum = schema.minimum;
  if (typeof schema.maximum === 'number') parameter.maximum = schema.maximum;
  if (Array.isArray(schema.enum))
    parameter.enum = schema.enum.filter((value): value is string | number => typeof value === 'string' || typeof value === 'number');
  return parameter;
}

export function catalogueParameters(spec: OpenApiDocument, entry: OperationEntry): CatalogueParameter[] {
  const where = `catalogue: ${operationIdOf(entry)}`;
  const declared = parametersOf(spec, entry).filter((node) => node.in === 'path' || node.in === 'query');
  const pathOrder = [...entry.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const position = (node: JsonObject) => (node.in === 'path' ? pathOrder.indexOf(String(node.name)) : pathOrder.length);
  return [...declared].sort((a, b) => position(a) - position(b)).map((node) => parameterOf(spec, node, where));
}
