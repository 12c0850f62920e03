/**
 * The bundled spec (src/generated/openapi.portal.json) as the server reads it: operations with their
 * resolved parameters, request body schema and response schemas. Everything the server routes and
 * validates comes from here; no endpoint is listed by hand.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, unknown>; responses?: Record<string, unknown> };
  security?: Array<Record<string, string[]>>;
}

export interface SpecParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface SpecOperation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path as the spec writes it, relative to its server: /seller/orders/normal/{orderId}. */
  path: string;
  internal: boolean;
  /** Security scheme names this operation accepts; empty when it needs none. */
  security: string[];
  parameters: SpecParameter[];
  requestBody: JsonSchema | undefined;
  /** status code -> JSON schema of the body, or null when the response has no body. */
  responses: Record<string, JsonSchema | null>;
}

export const DEFAULT_SPEC_PATH = fileURLToPath(new URL('../../generated/openapi.portal.json', import.meta.url));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function loadSpec(path = DEFAULT_SPEC_PATH): OpenApiDocument {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
  } catch (error) {
    throw new Error(`Cannot read the bundled spec ${path} (run \`npm run generate\`): ${(error as Error).message}`);
  }
}

/** Follows a local $ref (#/components/...) one level; schemas keep their $refs for Ajv. */
function deref<T>(spec: OpenApiDocument, value: unknown): T {
  let current = value as { $ref?: string };
  for (let hops = 0; current?.$ref !== undefined && hops < 10; hops += 1) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    let target: unknown = spec;
    for (const part of parts) target = (target as Record<string, unknown>)[part];
    current = target as { $ref?: string };
  }
  return current as T;
}

export function listOperations(spec: OpenApiDocument): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (op === undefined) continue;
      const parameters = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((raw) => {
        const parameter = deref<SpecParameter & { required?: boolean }>(spec, raw);
        return { ...parameter, required: parameter.required === true };
      });
      const body = deref<{ content?: Record<string, { schema?: JsonSchema }> } | undefined>(spec, op.requestBody);
      const responses: Record<string, JsonSchema | null> = {};
      for (const [status, rawResponse] of Object.entries((op.responses as Record<string, unknown>) ?? {})) {
        const response = deref<{ content?: Record<string, { schema?: JsonSchema }> }>(spec, rawResponse);
        responses[status] = response.content?.['application/json']?.schema ?? null;
      }
      const security = (op.security as Array<Record<string, string[]>> | undefined) ?? spec.security ?? [];
      operations.push({
        operationId: String(op.operationId),
        method,
        path,
        internal: op['x-internal'] === true || item['x-internal'] === true,
        security: security.flatMap((requirement) => Object.keys(requirement)),
        parameters,
        requestBody: body?.content?.['application/json']?.schema,
        responses,
      });
    }
  }
  return operations;
}
