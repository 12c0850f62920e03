/** One operation of the bundled spec, resolved into the compact ReferenceOperation the pages draw. */
import { deref, isObject, type Json, type JsonObject, type OpenApiDocument, type OperationEntry } from '../../../src/shared/openapi/openapi-document.ts';
import type {
  ReferenceOperation,
  ReferenceParameter,
  ReferenceRequestBody,
  ReferenceResponse,
  ResponseExample,
} from '../../../src/shared/portal-data/reference-page.ts';
import { deprecationOf } from '../../../src/shared/openapi/deprecation.ts';
import { markdownBlocks, markdownInline } from './markdown.ts';
import { displayValue, exampleOf, limitsOf, schemaTree } from './schema-tree.ts';
import { codeSamples } from './snippets.ts';

export interface OperationInput {
  doc: OpenApiDocument;
  entry: OperationEntry;
  /** Server URL with its variables at their defaults, e.g. `https://api.acme.example/api/v1`. */
  serverUrl: string;
  tokenVariable: string;
  tryIt?: string;
}

function parameterOf(doc: OpenApiDocument, input: JsonObject): ReferenceParameter {
  const parameter = deref(doc, input).node;
  const schema = isObject(parameter.schema) ? deref(doc, parameter.schema).node : {};
  const tree = schemaTree(doc, schema);
  const out: ReferenceParameter = {
    name: String(parameter.name),
    in: parameter.in as ReferenceParameter['in'],
    required: parameter.required === true,
    type: tree.type,
  };
  if (tree.format) out.format = tree.format;
  if (tree.default !== undefined) out.default = tree.default;
  const limits = limitsOf(schema);
  if (limits) out.limits = limits;
  if (tree.enum) out.enum = tree.enum;
  const example = displayValue(parameter.example ?? schema.example);
  if (example !== undefined) out.example = example;
  const description = markdownInline(typeof parameter.description === 'string' ? parameter.description : undefined);
  if (description) out.description = description;
  return out;
}

/** Path-level parameters apply unless the operation redefines the same name and location. */
export function parametersOf(doc: OpenApiDocument, pathItem: JsonObject, operation: JsonObject): ReferenceParameter[] {
  const own = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(isObject).map((p) => parameterOf(doc, p));
  const shared = (Array.isArray(pathItem.parameters) ? pathItem.parameters : []).filter(isObject).map((p) => parameterOf(doc, p));
  const key = (p: ReferenceParameter) => `${p.in}:${p.name}`;
  const ownKeys = new Set(own.map(key));
  const order = { path: 0, query: 1, header: 2, cookie: 3 };
  return [...shared.filter((p) => !ownKeys.has(key(p))), ...own].sort((a, b) => order[a.in] - order[b.in]);
}

function pretty(value: Json): string {
  return JSON.stringify(value, null, 2);
}

function examplesOf(doc: OpenApiDocument, media: JsonObject): ResponseExample[] | undefined {
  if (isObject(media.examples)) {
    const examples = Object.entries(media.examples)
      .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
      .map(([name, raw]) => {
        const example = deref(doc, raw).node;
        const out: ResponseExample = { name, json: pretty(example.value ?? null) };
        if (typeof example.summary === 'string') out.summary = example.summary;
        return out;
      });
    if (examples.length > 0) return examples;
  }
  if (media.example !== undefined) return [{ name: 'example', json: pretty(media.example) }];
  if (isObject(media.schema)) return [{ name: 'example', summary: 'Built from the field examples', json: pretty(exampleOf(doc, media.schema)) }];
  return undefined;
}

export function responsesOf(doc: OpenApiDocument, operation: JsonObject): ReferenceResponse[] {
  if (!isObject(operation.responses)) return [];
  return Object.entries(operation.responses)
    .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, raw]) => {
      const response = deref(doc, raw).node;
      const out: ReferenceResponse = { status };
      const description = markdownInline(typeof response.description === 'string' ? response.description : undefined);
      if (description) out.description = description;
      if (isObject(response.headers)) {
        out.headers = Object.entries(response.headers)
          .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
          .map(([name, header]) => {
            const resolved = deref(doc, header).node;
            const schema = isObject(resolved.schema) ? resolved.schema : {};
            const headerDescription = markdownInline(typeof resolved.description === 'string' ? resolved.description : undefined);
            return { name, type: schemaTree(doc, schema).type, ...(headerDescription ? { description: headerDescription } : {}) };
          });
      }
      if (isObject(response.content)) {
        const [contentType, media] = Object.entries(response.content).find((entry): entry is [string, JsonObject] => isObject(entry[1])) ?? [];
        if (contentType && media) {
          out.contentType = contentType;
          if (isObject(media.schema)) out.body = schemaTree(doc, media.schema);
          const examples = examplesOf(doc, media);
          if (examples) out.examples = examples;
        }
      }
      return out;
    });
}

/** The operation's request body (its first media type), drawn like a response body; undefined when it takes none. */
export function requestBodyOf(doc: OpenApiDocument, operation: JsonObject): ReferenceRequestBody | undefined {
  if (!isObject(operation.requestBody)) return undefined;
  const requestBody = deref(doc, operation.requestBody).node;
  const content = isObject(requestBody.content) ? requestBody.content : {};
  const [contentType, media] = Object.entries(content).find((entry): entry is [string, JsonObject] => isObject(entry[1])) ?? [];
  if (!contentType || !media) return undefined;
  const out: ReferenceRequestBody = { contentType, required: requestBody.required === true };
  const description = markdownInline(typeof requestBody.description === 'string' ? requestBody.description : undefined);
  if (description) out.description = description;
  if (isObject(media.schema)) out.body = schemaTree(doc, media.schema);
  const examples = examplesOf(doc, media);
  if (examples) out.examples = examples;
  return out;
}

/** The header that carries the API token, from the operation's (or the document's) apiKey security. */
function securityHeaderOf(doc: OpenApiDocument, operation: JsonObject): string | undefined {
  const requirements: unknown[] = Array.isArray(operation.security) ? operation.security : (doc.security ?? []);
  const components = doc.components?.securitySchemes ?? {};
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    for (const name of Object.keys(requirement)) {
      const scheme = components[name];
      if (isObject(scheme) && scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') return scheme.name;
    }
  }
  return undefined;
}

export function referenceOperation(input: OperationInput): ReferenceOperation {
  const { doc } = input;
  const { path, method, pathItem, operation } = input.entry;
  const parameters = parametersOf(doc, pathItem, operation);
  const securityHeader = securityHeaderOf(doc, operation);
  // Samples call the operation with example path ids and the list's default paging spelled out.
  const concretePath = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(parameter?.example ?? parameter?.default ?? '1');
  });
  const query = parameters
    .filter((p) => p.in === 'query' && (p.required || p.default !== undefined))
    .map((p) => ({ name: p.name, value: p.default ?? p.example ?? '' }));

  const requestBody = requestBodyOf(doc, operation);
  // A POST's samples send the body's first example, as the page shows it.
  const bodyExample = requestBody?.examples?.[0];

  const out: ReferenceOperation = {
    operationId: String(operation.operationId),
    method,
    path,
    summary: typeof operation.summary === 'string' ? operation.summary : String(operation.operationId),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(doc, operation),
    samples: codeSamples({
      method,
      url: `${input.serverUrl}${concretePath}`,
      query,
      ...(requestBody && bodyExample ? { body: { mimeType: requestBody.contentType, text: bodyExample.json } } : {}),
      ...(securityHeader ? { tokenHeader: securityHeader } : {}),
      tokenVariable: input.tokenVariable,
      conditional: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'if-none-match'),
    }),
  };
  const description = markdownBlocks(typeof operation.description === 'string' ? operation.description : undefined);
  if (description) out.description = description;
  const deprecation = deprecationOf(input.entry);
  if (deprecation) {
    out.deprecated = true;
    out.deprecatedSince = deprecation.since;
  }
  if (securityHeader) out.securityHeader = securityHeader;
  if (input.tryIt) out.tryIt = input.tryIt;
  return out;
}
