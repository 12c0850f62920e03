/**
 * Every example in the spec validates against its schema with Ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1), independently of Redocly's own check. Examples must also not carry fields the schema lacks.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../src/shared/openapi/openapi-document.ts';
import { listOperations } from '../../../src/shared/openapi/openapi-document.ts';
import { PIPELINE_TIMEOUT_MS, bundledSpecs, isObject, resolveRef, type Json, type JsonObject } from './support/contract.ts';

const BASE = 'https://contract.test/schemas/';

/**
 * Component schemas as Ajv schemas: local refs become absolute ids, and every object schema with
 * `properties` gets `unevaluatedProperties: false` so that a misspelt field in an example fails.
 * A schema used as an `allOf` branch is referenced in an "open" variant; its parent closes it instead.
 */
function toAjvSchema(node: Json, close: boolean): Json {
  if (Array.isArray(node)) return node.map((item) => toAjvSchema(item, true));
  if (!isObject(node)) return node;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') result.$ref = `${BASE}${value.replace('#/components/schemas/', '')}`;
    else if (key === 'allOf' && Array.isArray(value)) {
      result.allOf = value.map((branch) =>
        isObject(branch) && typeof branch.$ref === 'string'
          ? { $ref: `${BASE}${branch.$ref.replace('#/components/schemas/', '')}.open` }
          : toAjvSchema(branch, false),
      );
    } else if (key === 'example' || key.startsWith('x-')) continue;
    else if (key === 'properties' && isObject(value)) {
      result.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, toAjvSchema(property, true)]));
    } else result[key] = isObject(value) || Array.isArray(value) ? toAjvSchema(value, true) : value;
  }
  if (close && (isObject(node.properties) || Array.isArray(node.allOf)) && node.additionalProperties === undefined) {
    result.unevaluatedProperties = false;
  }
  return result;
}

let spec: OpenApiDocument;
let ajv: Ajv2020;

interface ExampleCase {
  where: string;
  schema: Json;
  value: unknown;
}

const cases: ExampleCase[] = [];

function validatorFor(schema: Json): ValidateFunction {
  if (isObject(schema) && typeof schema.$ref === 'string') {
    const validate = ajv.getSchema(`${BASE}${schema.$ref.replace('#/components/schemas/', '')}`);
    if (!validate) throw new Error(`no schema for ${schema.$ref}`);
    return validate;
  }
  return ajv.compile(toAjvSchema(schema, true) as object);
}

beforeAll(async () => {
  spec = (await bundledSpecs()).portalSpec;
  ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addFormat('password', true);
  const schemas = ((spec.components as JsonObject).schemas ?? {}) as JsonObject;
  for (const [name, schema] of Object.entries(schemas)) {
    ajv.addSchema({ ...(toAjvSchema(schema, true) as JsonObject), $id: `${BASE}${name}` });
    ajv.addSchema({ ...(toAjvSchema(schema, false) as JsonObject), $id: `${BASE}${name}.open` });
  }
  collectCases();
}, PIPELINE_TIMEOUT_MS);

/** The spec's operations, then its webhooks' (events the portal sends), each with a path to name it by. */
function operationsAndWebhooks(): Array<{ path: string; method: string; operation: JsonObject }> {
  const webhooks = Object.entries(((spec as unknown as JsonObject).webhooks ?? {}) as JsonObject).flatMap(([name, item]) =>
    isObject(item) && isObject(item.post) ? [{ path: `webhook ${name}`, method: 'post', operation: item.post }] : [],
  );
  return [...listOperations(spec).map(({ path, method, operation }) => ({ path, method, operation: operation as JsonObject })), ...webhooks];
}

/** Media-type examples (inline or referenced components), schema-level `example`s, parameter and header examples. */
function collectCases(): void {
  for (const { path, method, operation } of operationsAndWebhooks()) {
    {
      const id = String(operation.operationId);
      const bodies: Array<[string, unknown]> = [['request', operation.requestBody]];
      for (const [code, response] of Object.entries((operation.responses ?? {}) as JsonObject)) {
        bodies.push([code, response]);
        const headers = (resolveRef(spec, response) as JsonObject).headers;
        for (const [name, header] of Object.entries((headers ?? {}) as JsonObject)) {
          const resolved = resolveRef(spec, header) as JsonObject;
          if (resolved.example !== undefined) cases.push({ where: `${id} ${code} header ${name}`, schema: resolved.schema as Json, value: resolved.example });
        }
      }
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        const resolved = resolveRef(spec, parameter) as JsonObject;
        if (resolved.example !== undefined)
          cases.push({ where: `${id} parameter ${String(resolved.name)}`, schema: resolved.schema as Json, value: resolved.example });
      }
      for (const [code, body] of bodies) {
        if (body === undefined) continue;
        const content = ((resolveRef(spec, body) as JsonObject).content ?? {}) as JsonObject;
        for (const [mediaType, media] of Object.entries(content)) {
          if (!isObject(media)) continue;
          const where = `${method.toUpperCase()} ${path} ${code} ${mediaType}`;
          if (media.example !== undefined) cases.push({ where: `${where} example`, schema: media.schema as Json, value: media.example });
          for (const [name, example] of Object.entries((media.examples ?? {}) as JsonObject)) {
            cases.push({ where: `${where} examples.${name}`, schema: media.schema as Json, value: (resolveRef(spec, example) as JsonObject).value });
          }
        }
      }
    }
  }
  const schemas = ((spec.components as JsonObject).schemas ?? {}) as JsonObject;
  const visit = (node: Json, where: string): void => {
    if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${where}[${index}]`));
    if (!isObject(node)) return;
    if (node.example !== undefined && !node.$ref) cases.push({ where: `${where} example`, schema: node, value: node.example });
    for (const [key, value] of Object.entries(node)) if (key !== 'example') visit(value, `${where}.${key}`);
  };
  for (const [name, schema] of Object.entries(schemas)) visit(schema, `schemas.${name}`);
}

describe('examples', () => {
  it('covers every response of every operation with at least one example', () => {
    const missing: string[] = [];
    for (const { path, method, operation } of operationsAndWebhooks()) {
      {
        for (const [code, response] of Object.entries((operation.responses ?? {}) as JsonObject)) {
          const content = (resolveRef(spec, response) as JsonObject).content;
          if (!isObject(content)) continue; // 204 and friends have no body
          // JSON, or the one other media type an operation answers with (the request log's CSV).
          const media = (content['application/json'] ?? Object.values(content)[0]) as JsonObject;
          if (media.example === undefined && !isObject(media.examples)) missing.push(`${method.toUpperCase()} ${path} ${code}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('uses every component example in some media type, so none escapes validation', () => {
    const used = new Set(cases.map((c) => c.value));
    const unused = Object.entries(((spec.components as JsonObject).examples ?? {}) as JsonObject)
      .filter(([, example]) => !used.has((example as JsonObject).value))
      .map(([name]) => name);
    expect(unused).toEqual([]);
  });

  it('validates every example against its schema', () => {
    expect(cases.length).toBeGreaterThan(100);
    const failures = cases.flatMap(({ where, schema, value }) => {
      const validate = validatorFor(schema);
      return validate(value) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(failures).toEqual([]);
  });

  it('rejects a wrong example (the check can fail)', () => {
    const validate = validatorFor({ $ref: '#/components/schemas/NormalOrder' });
    const order = cases.find((c) => c.where.includes('GET /seller/orders/normal 200') && c.where.includes('firstPage'))?.value as { data: JsonObject[] };
    const row = order.data[0];
    expect(validate(row)).toBe(true);
    expect(validate({ ...row, warehouseStatus: 'SHIPPED' })).toBe(false);
    expect(validate({ ...row, dangerous: 'no' })).toBe(false);
    expect(validate({ ...row, recipientCountryCode: 'usa' })).toBe(false);
    const { orderNumber: _dropped, ...withoutField } = row ?? {};
    expect(validate(withoutField)).toBe(false);
  });
});
