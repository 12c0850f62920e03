/**
 * Follows $refs in the bundled spec and turns a schema into the FieldNode tree the pages draw:
 * every field with its type, format, enum, limits and description, nested objects and arrays as children.
 */
import { deref, isObject, type Json, type JsonObject, type OpenApiDocument } from '../../../src/shared/openapi/openapi-document.ts';
import type { FieldNode } from '../../../src/shared/portal-data/reference-page.ts';
import { markdownInline } from './markdown.ts';

/** `{"a": 1}` -> `{"a": 1}`; strings stay unquoted when shown as a default or example value. */
export function displayValue(value: Json | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function typesOf(schema: JsonObject): string[] {
  const type = schema.type;
  const types = Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : typeof type === 'string' ? [type] : [];
  if (schema.nullable === true && !types.includes('null')) types.push('null');
  if (types.length === 0) {
    if (isObject(schema.properties) || schema.additionalProperties !== undefined) types.push('object');
    else if (schema.items !== undefined) types.push('array');
  }
  return types;
}

/** Limits in words, as a reader wants them: `minimum 0`, `1..100 characters`, `at most 100 items`. */
export function limitsOf(schema: JsonObject): string[] | undefined {
  const limits: string[] = [];
  const range = (min: Json | undefined, max: Json | undefined, unit: string) => {
    const suffix = unit ? ` ${unit}` : '';
    if (typeof min === 'number' && typeof max === 'number') limits.push(`${min}..${max}${suffix}`);
    else if (typeof min === 'number') limits.push(unit ? `at least ${min}${suffix}` : `minimum ${min}`);
    else if (typeof max === 'number') limits.push(unit ? `at most ${max}${suffix}` : `maximum ${max}`);
  };
  range(schema.minimum, schema.maximum, '');
  if (typeof schema.exclusiveMinimum === 'number') limits.push(`greater than ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === 'number') limits.push(`less than ${schema.exclusiveMaximum}`);
  range(schema.minLength, schema.maxLength, 'characters');
  range(schema.minItems, schema.maxItems, 'items');
  if (typeof schema.multipleOf === 'number') limits.push(`multiple of ${schema.multipleOf}`);
  if (typeof schema.pattern === 'string') limits.push(`pattern ${schema.pattern}`);
  if (schema.uniqueItems === true) limits.push('unique items');
  return limits.length > 0 ? limits : undefined;
}

/** Merges allOf parts into one object schema (properties and required lists joined). */
function mergeAllOf(doc: OpenApiDocument, schema: JsonObject): JsonObject {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  const merged: JsonObject = { ...rest };
  const properties: JsonObject = isObject(rest.properties) ? { ...rest.properties } : {};
  const required = new Set<string>(Array.isArray(rest.required) ? rest.required.filter((r): r is string => typeof r === 'string') : []);
  for (const part of allOf) {
    if (!isObject(part)) continue;
    const resolved = mergeAllOf(doc, deref(doc, part).node);
    for (const [key, value] of Object.entries(resolved)) {
      if (key === 'properties' && isObject(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value)) value.forEach((r) => typeof r === 'string' && required.add(r));
      else if (!(key in merged)) merged[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

/**
 * The tree of one schema. `trail` holds the component names being expanded, so a recursive schema
 * stops at its second appearance instead of looping.
 */
export function schemaTree(doc: OpenApiDocument, input: JsonObject, trail: string[] = []): FieldNode {
  const { node: raw, name } = deref(doc, input);
  if (name !== undefined && trail.includes(name)) return { type: `${name} (recursive, see above)`, schema: name };
  const nextTrail = name === undefined ? trail : [...trail, name];
  const schema = mergeAllOf(doc, raw);
  const node: FieldNode = { type: 'any' };
  if (name !== undefined) node.schema = name;

  const variants = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  const types = typesOf(schema);
  const nullable = types.includes('null');
  const main = types.filter((t) => t !== 'null');

  if (variants) {
    const options = variants.filter(isObject).map((variant) => schemaTree(doc, variant, nextTrail));
    node.type = `one of ${options.map((o) => o.schema ?? o.type).join(' | ')}`;
    node.children = options.map((option, index) => ({ ...option, name: `option ${index + 1}` }));
  } else if (main.includes('array')) {
    const items = isObject(schema.items) ? schemaTree(doc, schema.items, nextTrail) : { type: 'any' };
    node.type = `array of ${items.schema ?? items.type}`;
    if (items.children) node.children = items.children;
    // The item's schema owns the fields, so search indexes `NormalOrder.id` once, not once per list.
    if (items.schema && node.schema === undefined) {
      node.schema = items.schema;
      // The array's description is about the list ("The rows of this page"); search shows the schema's own.
      if (items.description) node.schemaDescription = items.description;
    }
    if (items.enum) node.enum = items.enum;
    if (items.format) node.format = items.format;
  } else if (main.includes('object') || isObject(schema.properties)) {
    node.type = 'object';
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    if (isObject(schema.properties)) {
      node.children = Object.entries(schema.properties)
        .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
        .map(([field, child]) => ({ name: field, ...schemaTree(doc, child, nextTrail), required: required.has(field) }));
    }
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false && !node.children) {
      node.type = isObject(schema.additionalProperties)
        ? `map of ${schemaTree(doc, schema.additionalProperties, nextTrail).type}`
        : 'object (any key-value pairs)';
    }
  } else if (main.length > 0) {
    node.type = main.join(' | ');
  }
  if (nullable) node.type += ' | null';

  if (typeof schema.format === 'string') node.format = schema.format;
  if (schema.deprecated === true) node.deprecated = true;
  if (Array.isArray(schema.enum)) node.enum = schema.enum.filter((value) => value !== null).map((value) => String(value));
  if (typeof schema.const === 'string' || typeof schema.const === 'number') node.enum = [String(schema.const)];
  const limits = limitsOf(schema);
  if (limits) node.limits = limits;
  const fallback = displayValue(schema.default);
  if (fallback !== undefined) node.default = fallback;
  const description = markdownInline(typeof schema.description === 'string' ? schema.description : undefined);
  if (description) node.description = description;
  if (schema.example !== undefined && !node.children) {
    const example = displayValue(schema.example);
    if (example !== undefined) node.example = example;
  }
  return node;
}

/** An example value for a schema, built from field examples when the response has none of its own. */
export function exampleOf(doc: OpenApiDocument, input: JsonObject, trail: string[] = []): Json {
  const { node: raw, name } = deref(doc, input);
  if (name !== undefined && trail.includes(name)) return null;
  const nextTrail = name === undefined ? trail : [...trail, name];
  const schema = mergeAllOf(doc, raw);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0] ?? null;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] ?? null;
  const variants = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (variants && isObject(variants[0])) return exampleOf(doc, variants[0], nextTrail);
  const types = typesOf(schema);
  if (types.includes('array')) return isObject(schema.items) ? [exampleOf(doc, schema.items, nextTrail)] : [];
  if (isObject(schema.properties)) {
    const out: JsonObject = {};
    for (const [field, child] of Object.entries(schema.properties)) if (isObject(child)) out[field] = exampleOf(doc, child, nextTrail);
    return out;
  }
  if (types.includes('object')) return {};
  if (types.includes('integer') || types.includes('number')) return 0;
  if (types.includes('boolean')) return false;
  if (types.includes('string')) return schema.format === 'date-time' ? '2026-01-01T00:00:00Z' : 'string';
  return null;
}
