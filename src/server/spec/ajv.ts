/**
 * Ajv for OpenAPI 3.1 (JSON Schema 2020-12) with formats. The spec's component schemas are added under
 * their own ids so `#/components/schemas/X` references resolve; OpenAPI-only keywords are allowed.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './openapi-document.ts';

// CommonJS default exports seen from ESM.
const Ajv2020 = (Ajv2020Module as unknown as { default: typeof Ajv2020Module }).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default ?? addFormatsModule;

type AjvInstance = InstanceType<typeof Ajv2020>;

const SPEC_ID = 'openapi.json';

export function createAjv(spec: OpenApiDocument, options: { coerceTypes: boolean }): AjvInstance {
  const ajv = new Ajv2020({
    coerceTypes: options.coerceTypes,
    useDefaults: true,
    allErrors: false,
    strict: false,
    validateFormats: true,
  });
  addFormats(ajv);
  ajv.addFormat('password', true);
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'x-internal' });
  // The whole document under one id: "#/components/schemas/X" inside it resolves against it.
  // Not checked against the JSON Schema meta-schema here (a third of the server's route set-up): the spec
  // is linted by every build and by `npm test`, and each schema compiled from it is still checked then.
  ajv.addSchema({ $id: SPEC_ID, components: spec.components } as object, undefined, undefined, false);
  return ajv;
}

/** A schema that refers into the spec document: its local $refs must be resolved against SPEC_ID. */
export function anchorRefs<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${SPEC_ID}#/`)) as T;
}

/** What a route's validator needs of an Ajv validate function: the call, and the errors of the last failed call. */
export interface Validate {
  (data: unknown): boolean;
  errors?: ValidateErrors;
}
type ValidateErrors = ReturnType<AjvInstance['compile']>['errors'];

/**
 * Compiles on the first call, not before: compiling every operation's schemas cost each start of the
 * server about 150 ms, and most routes are never called in a process's first seconds. A schema Ajv cannot
 * compile throws on its route's first request (tests/unit/contract compile every one).
 */
export function compiledOnFirstUse(compile: () => ReturnType<AjvInstance['compile']>): Validate {
  let compiled: ReturnType<AjvInstance['compile']> | undefined;
  const validate: Validate = (data) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid as boolean;
  };
  validate.errors = null;
  return validate;
}
