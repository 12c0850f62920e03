/**
 * A response schema of the spec made self-contained for Postman's script sandbox, whose
 * `pm.response.to.have.jsonSchema()` runs Ajv 6 (postman-sandbox 4, chai-postman): JSON Schema draft-07, no
 * access to the spec's components. So every `$ref` is inlined, annotations (`description`, `example`, …)
 * are dropped, and the 2020-12 keywords the schemas use are ones draft-07 reads the same way (`type: [x,
 * 'null']`, numeric `exclusiveMinimum`, `const`, single-schema `items`). A keyword draft-07 would read
 * differently or not at all (`prefixItems`, `unevaluatedProperties`, …) stops the export rather than being
 * silently weakened. tests/unit/contract/sandbox-schema.test.ts checks that the result accepts and rejects
 * what the spec's own schema does.
 */
import { isObject, resolvePointer, type Json, type JsonObject } from '../../src/shared/openapi/openapi-document.ts';

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** Words of 2020-12 that only annotate (and OpenAPI's own): they never change what validates. */
const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment']);
const OPENAPI_ANNOTATIONS = new Set(['discriminator', 'xml', 'externalDocs', 'contentMediaType', 'contentEncoding']);
/** Keywords whose value is one schema, a map of schemas, or a list of schemas, in both drafts. */
const ONE_SCHEMA = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties']);
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf']);
/** Keywords whose value is data, meaning the same in both drafts. */
const VALUES = new Set([
  'type',
  'enum',
  'const',
  'required',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);
/**
 * Formats Ajv 6 knows. It refuses to compile a schema naming any other, so OpenAPI's own (`int64`,
 * `password`), which the server's validator ignores too, are dropped.
 */
const AJV6_FORMATS = new Set([
  'date',
  'time',
  'date-time',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
]);

function convert(spec: unknown, schema: Json, refs: readonly string[], where: string): Json {
  if (typeof schema === 'boolean') return schema;
  if (!isObject(schema)) throw new Error(`${where}: a schema must be an object or a boolean`);
  const out: JsonObject = {};
  for (const [keyword, value] of Object.entries(schema)) {
    const at = `${where}/${keyword}`;
    if (keyword === '$ref' || ANNOTATIONS.has(keyword) || OPENAPI_ANNOTATIONS.has(keyword) || keyword.startsWith('x-')) continue;
    if (keyword === 'format') {
      if (typeof value === 'string' && AJV6_FORMATS.has(value)) out.format = value;
    } else if (VALUES.has(keyword)) out[keyword] = value;
    else if (ONE_SCHEMA.has(keyword)) out[keyword] = convert(spec, value, refs, at);
    else if (SCHEMA_MAP.has(keyword) && isObject(value)) {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, convert(spec, child, refs, `${at}/${name}`)]));
    } else if (SCHEMA_LIST.has(keyword) && Array.isArray(value)) out[keyword] = value.map((child, index) => convert(spec, child, refs, `${at}/${index}`));
    else throw new Error(`${at}: "${keyword}" has no draft-07 equivalent in Postman's sandbox; convert it in scripts/export/sandbox-schema.ts`);
  }
  const ref = schema.$ref;
  if (typeof ref !== 'string') return out;
  // A $ref is inlined; its validating siblings (allowed in 2020-12, ignored in draft-07) still apply, through allOf.
  if (refs.includes(ref)) throw new Error(`${where}: ${ref} refers to itself; a recursive schema cannot be inlined`);
  const target = convert(spec, resolvePointer(spec, ref), [...refs, ref], ref);
  return Object.keys(out).length === 0 ? target : { allOf: [target], ...out };
}

/** The schema, `$ref`s resolved against `spec`, as a self-contained draft-07 schema for Postman's sandbox. */
export function sandboxSchema(spec: unknown, schema: Json, where = 'schema'): JsonObject {
  const converted = convert(spec, schema, [], where);
  if (converted === true) return { $schema: DRAFT_07 };
  if (converted === false) return { $schema: DRAFT_07, not: {} };
  if (!isObject(converted)) throw new Error(`${where}: not a schema`);
  return { $schema: DRAFT_07, ...converted };
}
