/**
 * The server compiles a route's validators on its first request (spec/ajv.ts compiledOnFirstUse), so a
 * schema Ajv cannot compile would otherwise show only when that route is called: compile them all here.
 */
import { expect, it } from 'vitest';
import { routeSchema } from '../../../src/server/plugins/spec-routes.ts';
import { compiledOnFirstUse, createAjv } from '../../../src/server/spec/ajv.ts';
import { loadSpec, routableOperations } from '../../../src/server/spec/openapi-document.ts';

it("compiles every operation's parameter and body schemas", () => {
  const spec = loadSpec();
  const ajv = createAjv(spec, { coerceTypes: false });
  let compiled = 0;
  for (const op of routableOperations(spec)) {
    for (const [part, schema] of Object.entries(routeSchema(op))) {
      expect(() => ajv.compile(schema as object), `${op.operationId} ${part}`).not.toThrow();
      compiled += 1;
    }
  }
  expect(compiled).toBeGreaterThan(0);
});

it('compiles on the first call and keeps the errors of the last failed call', () => {
  const ajv = createAjv(loadSpec(), { coerceTypes: false });
  let compiles = 0;
  const validate = compiledOnFirstUse(() => {
    compiles += 1;
    return ajv.compile({ type: 'object', properties: { size: { type: 'integer' } } });
  });
  expect(compiles).toBe(0);
  expect(validate({ size: 'ten' })).toBe(false);
  expect(validate.errors?.[0]?.instancePath).toBe('/size');
  expect(validate({ size: 10 })).toBe(true);
  expect(validate.errors).toBeNull();
  expect(compiles).toBe(1);
});
