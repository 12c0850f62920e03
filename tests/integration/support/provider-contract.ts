/**
 * Messages checked against the provider integration document (src/generated/openapi.provider.json): the
 * operation found by its operationId, an answer's status must be one it documents and its body must match
 * that status's schema. Used on the reference WMS's answers (so the reference cannot drift from the
 * contract) and on what the portal sends it.
 */
import { fileURLToPath } from 'node:url';
import { anchorRefs, createAjv } from '../../../src/server/spec/ajv.ts';
import { loadSpec } from '../../../src/server/spec/openapi-document.ts';
import { isObject, listOperations, operationIdOf, resolved, type JsonObject } from '../../../src/shared/openapi/openapi-document.ts';

const spec = loadSpec(fileURLToPath(new URL('../../../src/generated/openapi.provider.json', import.meta.url)));
const ajv = createAjv(spec, { coerceTypes: false });

function operation(operationId: string): JsonObject {
  const entry = listOperations(spec).find((candidate) => operationIdOf(candidate) === operationId);
  if (entry === undefined) throw new Error(`the provider document has no operation ${operationId}`);
  return entry.operation;
}

/** The JSON schema of a request body or response, or null when it has no body. */
function jsonSchema(node: unknown): JsonObject | null {
  const body = resolved(spec, node);
  if (!isObject(body) || !isObject(body.content)) return null;
  const media = body.content['application/json'];
  return isObject(media) && isObject(media.schema) ? media.schema : null;
}

function check(schema: JsonObject, value: unknown, what: string): void {
  const validate = ajv.compile(anchorRefs(schema));
  if (!validate(value)) throw new Error(`${what} breaks the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value)}`);
}

export function validateProviderAnswer(operationId: string, status: number, body: unknown): void {
  const responses = operation(operationId).responses;
  const response = isObject(responses) ? responses[String(status)] : undefined;
  if (response === undefined) throw new Error(`${operationId} answered ${status}, which the contract does not document`);
  const schema = jsonSchema(response);
  if (schema === null) {
    if (body !== undefined) throw new Error(`${operationId} ${status} documents no body but got ${JSON.stringify(body)}`);
    return;
  }
  check(schema, body, `${operationId} ${status}`);
}

export function validateProviderRequest(operationId: string, body: unknown): void {
  const schema = jsonSchema(operation(operationId).requestBody);
  if (schema === null) throw new Error(`${operationId} has no request body in the contract`);
  check(schema, body, `${operationId} request`);
}
