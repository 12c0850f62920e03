/**
 * One ready-to-send request per public operation, with the spec's example values filled in: what the
 * Insomnia export and the `.http` file both write. Path parameters take their example; query parameters
 * their example or default.
 */
import { API_FAMILIES, type ApiFamily } from '../../src/shared/api-family.ts';
import { isObject, listOperations, operationIdOf, parametersOf, firstTagOf, type OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import { familyOf, tagsByName } from '../../src/shared/openapi/portal-extensions.ts';

export interface ExampleRequest {
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  /** Whose token the request needs. */
  family: ApiFamily;
  method: string;
  /** Relative to the base URL, path parameters filled in: `/seller/warehouses/1`. */
  path: string;
  query: Array<{ name: string; value: string; required: boolean }>;
  deprecated: boolean;
}

function exampleOf(parameter: Record<string, unknown>): string | undefined {
  const schema = isObject(parameter.schema) ? parameter.schema : {};
  const value = parameter.example ?? schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined) ?? schema.default;
  return value === undefined || value === null ? undefined : String(value);
}

export function exampleRequests(spec: OpenApiDocument): ExampleRequest[] {
  const tags = tagsByName(spec);
  return listOperations(spec).map((entry) => {
    const operationId = operationIdOf(entry);
    const parameters = parametersOf(spec, entry);
    let path = entry.path;
    for (const parameter of parameters.filter((p) => p.in === 'path')) {
      const value = exampleOf(parameter);
      if (value === undefined) throw new Error(`${operationId}: path parameter ${String(parameter.name)} needs an example`);
      path = path.replace(`{${String(parameter.name)}}`, encodeURIComponent(value));
    }
    const query = parameters
      .filter((p) => p.in === 'query')
      .flatMap((p) => {
        const value = exampleOf(p);
        return value === undefined ? [] : [{ name: String(p.name), value, required: p.required === true }];
      });
    return {
      operationId,
      summary: String(entry.operation.summary ?? operationId),
      description: String(entry.operation.description ?? ''),
      tag: firstTagOf(entry) ?? 'Other',
      family: familyOf(spec, entry, tags),
      method: entry.method.toUpperCase(),
      path,
      query,
      deprecated: entry.operation.deprecated === true,
    };
  });
}

/** The families the requests belong to, in API_FAMILIES order: an export defines one token variable each. */
export function familiesOf(requests: readonly { family: ApiFamily }[]): ApiFamily[] {
  return API_FAMILIES.filter((family) => requests.some((request) => request.family === family));
}
