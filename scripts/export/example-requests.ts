/**
 * One ready-to-send request per public operation, with the spec's example values filled in: what the
 * Insomnia export and the `.http` file both write. Path parameters take their example; query parameters
 * their example or default; a body (a simulation's POST) its first example. Webhooks are no requests an
 * integrator sends, so neither file has them: the OpenAPI files and reference.html of the export do.
 */
import { API_FAMILIES, type ApiFamily } from '../../src/shared/api-family.ts';
import {
  isObject,
  listOperations,
  operationIdOf,
  parametersOf,
  firstTagOf,
  resolved,
  type OpenApiDocument,
} from '../../src/shared/openapi/openapi-document.ts';
import { familyOf, tagsByName } from '../../src/shared/openapi/portal-extensions.ts';
import { exampleOf } from '../generate/reference/schema-tree.ts';

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
  /** A POST's body (a simulation's JSON): its media type and the first example, as text. */
  body?: { mimeType: string; text: string };
  deprecated: boolean;
}

/** The request body's first media type and example (a named one, else `example`); undefined without a body. */
function bodyOf(spec: OpenApiDocument, operation: Record<string, unknown>, operationId: string): ExampleRequest['body'] {
  const requestBody = resolved(spec, operation.requestBody);
  if (!isObject(requestBody) || !isObject(requestBody.content)) return undefined;
  const [mimeType, media] = Object.entries(requestBody.content)[0] ?? [];
  if (mimeType === undefined || !isObject(media)) return undefined;
  const named = isObject(media.examples) ? Object.values(media.examples).map((example) => resolved(spec, example)) : [];
  const first = named.find(isObject);
  // As the reference page does: built from the fields' examples when the body has none of its own.
  const value = first?.value ?? media.example ?? (isObject(media.schema) ? exampleOf(spec, media.schema) : undefined);
  if (value === undefined) throw new Error(`${operationId}: its request body needs an example or a schema`);
  return { mimeType, text: JSON.stringify(value, null, 2) };
}

function parameterExampleOf(parameter: Record<string, unknown>): string | undefined {
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
      const value = parameterExampleOf(parameter);
      if (value === undefined) throw new Error(`${operationId}: path parameter ${String(parameter.name)} needs an example`);
      path = path.replace(`{${String(parameter.name)}}`, encodeURIComponent(value));
    }
    const query = parameters
      .filter((p) => p.in === 'query')
      .flatMap((p) => {
        const value = parameterExampleOf(p);
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
      ...bodyIf(bodyOf(spec, entry.operation, operationId)),
      deprecated: entry.operation.deprecated === true,
    };
  });
}

function bodyIf(body: ExampleRequest['body']): Pick<ExampleRequest, 'body'> {
  return body === undefined ? {} : { body };
}

/** The families the requests belong to, in API_FAMILIES order: an export defines one token variable each. */
export function familiesOf(requests: readonly { family: ApiFamily }[]): ApiFamily[] {
  return API_FAMILIES.filter((family) => requests.some((request) => request.family === family));
}
