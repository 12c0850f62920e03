/**
 * Validates every response the tests receive against the spec: the operation is found by method and
 * path (under /api/v1, /api), its documented status's schema checked with Ajv. An undocumented 4xx must
 * still be the Error schema; a 5xx always fails, unless a test of live calls asks for the 502-504 the
 * operation documents (`gatewayAnswers`).
 */
import { anchorRefs, createAjv } from '../../../src/server/spec/ajv.ts';
import { loadSpec, routableOperations, type SpecOperation } from '../../../src/server/spec/openapi-document.ts';

const spec = loadSpec();
const ajv = createAjv(spec, { coerceTypes: false });
const operations = routableOperations(spec).map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));
const errorValidator = ajv.compile(anchorRefs({ $ref: '#/components/schemas/Error' }));
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

export function findOperation(method: string, url: string): SpecOperation | undefined {
  const path = new URL(url, 'http://x').pathname;
  const relative = path.startsWith('/api/v1/') ? path.slice(7) : path.startsWith('/api/') ? path.slice(4) : undefined;
  if (relative === undefined) return undefined;
  return operations.find(({ op, pattern }) => op.method === method.toLowerCase() && pattern.test(relative))?.op;
}

export function validateResponse(method: string, url: string, status: number, body: unknown): void {
  if (status >= 500) throw new Error(`${method} ${url} answered ${status}: ${JSON.stringify(body)}`);
  const op = findOperation(method, url);
  if (op !== undefined) validateOperationResponse(op, status, body);
}

/** Checks an answer of a known operation against the spec's response for its status (see validateResponse). */
export function validateOperationResponse(op: SpecOperation, status: number, body: unknown, options: { gatewayAnswers?: boolean } = {}): void {
  const documented = options.gatewayAnswers === true && op.responses[String(status)] !== undefined;
  if (status >= 500 && !documented) throw new Error(`${op.operationId} answered ${status}: ${JSON.stringify(body)}`);
  const schema = op.responses[String(status)];
  if (schema === undefined) {
    if (status >= 400 && !errorValidator(body)) {
      throw new Error(`${op.operationId} ${status} body is not an Error: ${JSON.stringify(body)}`);
    }
    if (status < 400) throw new Error(`${op.operationId} answered undocumented status ${status}`);
    return;
  }
  if (schema === null) {
    if (body !== undefined) throw new Error(`${op.operationId} ${status} documents no body but got ${JSON.stringify(body)}`);
    return;
  }
  const key = `${op.operationId}:${status}`;
  let validate = validators.get(key);
  if (validate === undefined) {
    validate = ajv.compile(anchorRefs(schema));
    validators.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(`${op.operationId} ${status} response breaks the spec: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
  }
}
