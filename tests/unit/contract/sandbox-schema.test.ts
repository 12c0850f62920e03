/**
 * The response schemas the Postman collection's tests embed (scripts/export/sandbox-schema.ts): every
 * operation's 200 schema, inlined and turned into draft-07 for Postman's sandbox, accepts and rejects
 * exactly what the spec's own schema does under the server's validator (Ajv, 2020-12, the components
 * resolved). The instances are the spec's examples and every one-step mutation of them (a field of the
 * wrong type, null, missing, an extra field, an empty or odd string, a negative or fractional number).
 * Ajv 8's draft-07 stands in for the sandbox's Ajv 6 here, strict so that any keyword left that draft-07
 * does not know fails; tests/integration/postman-newman.test.ts runs the real sandbox.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { okSchemaOf } from '../../../scripts/export/postman-tests.ts';
import { DRAFT_07, sandboxSchema } from '../../../scripts/export/sandbox-schema.ts';
import { anchorRefs, createAjv } from '../../../src/server/spec/ajv.ts';
import { isObject, listOperations, operationIdOf, resolved, type Json, type OpenApiDocument } from '../../../src/shared/openapi/openapi-document.ts';
import { PIPELINE_TIMEOUT_MS, bundledSpecs } from './support/contract.ts';

let spec: OpenApiDocument;

beforeAll(async () => {
  ({ publicSpec: spec } = await bundledSpecs());
}, PIPELINE_TIMEOUT_MS);

/** The examples the spec gives for an operation's 200 answer. */
function okExamples(entry: ReturnType<typeof listOperations>[number]): Json[] {
  const ok = resolved(spec, (entry.operation.responses as Record<string, Json>)['200']);
  const media = isObject(ok) && isObject(ok.content) ? ok.content['application/json'] : undefined;
  if (!isObject(media)) return [];
  const named = isObject(media.examples) ? Object.values(media.examples).map((example) => resolved(spec, example)) : [];
  return [
    ...named.flatMap((example) => (isObject(example) && 'value' in example ? [example.value as Json] : [])),
    ...(media.example === undefined ? [] : [media.example]),
  ];
}

/** Every one-step change of a value: at each place in it, each kind of change. */
function mutations(value: Json): Json[] {
  const here: Json[] = [null, typeof value === 'string' ? 1 : 'x'];
  if (typeof value === 'string') here.push('', 'not-a-valid value!');
  if (typeof value === 'number') here.push(-1, value + 0.5);
  if (Array.isArray(value)) {
    here.push({}, []);
    value.forEach((item, index) => {
      for (const changed of mutations(item)) here.push(value.map((other, at) => (at === index ? changed : other)));
    });
  } else if (isObject(value)) {
    here.push([], { ...value, unexpectedField: 1 });
    for (const [key, child] of Object.entries(value)) {
      const { [key]: _removed, ...without } = value;
      here.push(without);
      for (const changed of mutations(child)) here.push({ ...value, [key]: changed });
    }
  }
  return here;
}

describe('sandboxSchema', () => {
  it("keeps the validation meaning of every operation's 200 schema", () => {
    const spec2020 = createAjv(spec, { coerceTypes: false });
    const draft07 = new Ajv({ strict: true, allowUnionTypes: true, allErrors: false });
    addFormats(draft07);
    let compared = 0;
    let rejected = 0;
    const disagreements: string[] = [];
    const withOkSchema = listOperations(spec).filter((entry) => okSchemaOf(spec, entry) !== undefined);
    expect(withOkSchema).toHaveLength(listOperations(spec).length);
    for (const entry of withOkSchema) {
      const operationId = operationIdOf(entry);
      const original = okSchemaOf(spec, entry) as Json;
      const converted = sandboxSchema(spec, original, operationId);
      expect(JSON.stringify(converted), operationId).not.toMatch(/"\$ref"|"example"|"description"/);
      expect(converted.$schema).toBe(DRAFT_07);
      const before = spec2020.compile(anchorRefs(original as object));
      const after = draft07.compile(converted);
      const examples = okExamples(entry);
      expect(examples.length, `${operationId} has examples to mutate`).toBeGreaterThan(0);
      for (const example of examples) {
        expect(before(structuredClone(example)), `${operationId}: example valid`).toBe(true);
        for (const instance of [example, ...mutations(example)]) {
          const verdict = before(structuredClone(instance));
          compared += 1;
          if (!verdict) rejected += 1;
          if (after(structuredClone(instance)) !== verdict)
            disagreements.push(`${operationId}: ${JSON.stringify(instance).slice(0, 200)} ${verdict ? 'valid' : 'invalid'} in the spec`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    // The mutations reach the schemas' rules: most are rejected, and they are many.
    expect(compared).toBeGreaterThan(1000);
    expect(rejected / compared).toBeGreaterThan(0.5);
  });

  it('inlines a $ref, keeping the validating keywords beside it through allOf', () => {
    const doc = { components: { schemas: { Id: { type: 'integer', minimum: 1, description: 'An id', example: 3 } } } };
    expect(sandboxSchema(doc, { $ref: '#/components/schemas/Id', description: 'Local' })).toEqual({ $schema: DRAFT_07, type: 'integer', minimum: 1 });
    expect(sandboxSchema(doc, { $ref: '#/components/schemas/Id', maximum: 9 })).toEqual({
      $schema: DRAFT_07,
      allOf: [{ type: 'integer', minimum: 1 }],
      maximum: 9,
    });
  });

  it("drops formats Ajv 6 does not know, which it would refuse to compile, and OpenAPI's annotations", () => {
    const doc = { components: {} };
    expect(sandboxSchema(doc, { type: 'integer', format: 'int64', 'x-internal': true, readOnly: true })).toEqual({ $schema: DRAFT_07, type: 'integer' });
    expect(sandboxSchema(doc, { type: 'string', format: 'date-time' })).toEqual({ $schema: DRAFT_07, type: 'string', format: 'date-time' });
  });

  it('stops at a keyword draft-07 would read differently, and at a recursive schema', () => {
    expect(() => sandboxSchema({}, { type: 'array', prefixItems: [{ type: 'string' }] })).toThrow(/prefixItems/);
    expect(() => sandboxSchema({}, { type: 'object', unevaluatedProperties: false })).toThrow(/unevaluatedProperties/);
    const doc = { components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } } };
    expect(() => sandboxSchema(doc, { $ref: '#/components/schemas/Node' })).toThrow(/recursive/);
  });
});
