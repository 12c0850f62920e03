/**
 * The bundled spec (src/generated/openapi.portal.json) as the server routes it: each operation with its
 * resolved parameters, request body schema, response schemas and, for public ones, the API family whose
 * tokens it accepts. Read through src/shared/openapi, as the build step reads it; no endpoint is listed by hand.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  isInternal,
  isObject,
  listOperations,
  operationIdOf,
  parametersOf,
  resolved,
  type HttpMethod,
  type JsonObject,
  type OpenApiDocument,
} from '../../shared/openapi/openapi-document.ts';
import type { ApiFamily } from '../../shared/api-family.ts';
import { publicOperationMeaning } from '../../shared/openapi/portal-extensions.ts';

export type { OpenApiDocument };
export type JsonSchema = JsonObject;

export interface SpecParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface SpecOperation {
  operationId: string;
  method: HttpMethod;
  /** Path as the spec writes it, relative to its server: /seller/orders/normal/{orderId}. */
  path: string;
  internal: boolean;
  /** The API whose tokens a public operation accepts; null for the portal's own (internal) operations. */
  family: ApiFamily | null;
  /** The domain (x-domain) a public operation reads, which a token's scopes must include; null for internal ones. */
  domain: string | null;
  /** Security scheme names this operation accepts; empty when it needs none. */
  security: string[];
  parameters: SpecParameter[];
  requestBody: JsonSchema | undefined;
  /** status code -> JSON schema of the body, or null when the response has no body. */
  responses: Record<string, JsonSchema | null>;
}

const DEFAULT_SPEC_PATH = fileURLToPath(new URL('../../generated/openapi.portal.json', import.meta.url));

export function loadSpec(path = DEFAULT_SPEC_PATH): OpenApiDocument {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
  } catch (error) {
    throw new Error(`Cannot read the bundled spec ${path} (run \`npm run generate\`): ${(error as Error).message}`);
  }
}

/** The JSON schema of a body (request or response), or undefined when it has none. Schemas keep their $refs for Ajv. */
function jsonSchemaOf(spec: OpenApiDocument, body: unknown): JsonSchema | undefined {
  const node = resolved(spec, body);
  if (!isObject(node) || !isObject(node.content)) return undefined;
  const media = node.content['application/json'];
  return isObject(media) && isObject(media.schema) ? media.schema : undefined;
}

export function routableOperations(spec: OpenApiDocument): SpecOperation[] {
  return listOperations(spec).map((entry) => {
    const { operation } = entry;
    const internal = isInternal(entry);
    const meaning = internal ? undefined : publicOperationMeaning(spec, entry);
    const parameters = parametersOf(spec, entry).map((parameter) => ({
      name: String(parameter.name),
      in: parameter.in as SpecParameter['in'],
      required: parameter.required === true,
      schema: isObject(parameter.schema) ? parameter.schema : {},
    }));
    const responses: Record<string, JsonSchema | null> = {};
    for (const [status, response] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
      responses[status] = jsonSchemaOf(spec, response) ?? null;
    }
    const security = Array.isArray(operation.security) ? (operation.security as Array<Record<string, string[]>>) : (spec.security ?? []);
    return {
      operationId: operationIdOf(entry),
      method: entry.method,
      path: entry.path,
      internal,
      family: meaning?.family ?? null,
      domain: meaning?.domain ?? null,
      security: security.flatMap((requirement) => Object.keys(requirement)),
      parameters,
      requestBody: jsonSchemaOf(spec, operation.requestBody),
      responses,
    };
  });
}
