/** What the benchmark needs to know about a bundled spec: its operations and their tags. */
import { readFileSync } from 'node:fs';
import { firstTagOf, listOperations, type OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';

export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  tag: string;
}

export interface SpecFacts {
  operations: SpecOperation[];
  /** Tags in document order that have at least one operation. */
  tagsWithOperations: string[];
  /** Swagger UI's list items: one per tag with operations, one per operation. */
  swaggerItems: number;
  apiTokenHeader: string;
}

export function readSpecFacts(file: string): SpecFacts {
  const spec = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  const operations: SpecOperation[] = listOperations(spec).map((entry) => ({
    operationId: typeof entry.operation.operationId === 'string' ? entry.operation.operationId : `${entry.method} ${entry.path}`,
    method: entry.method,
    path: entry.path,
    tag: firstTagOf(entry) ?? 'default',
  }));
  const tagsWithOperations = [...new Set(operations.map((operation) => operation.tag))];
  const header = Object.values(spec.components?.securitySchemes ?? {}).find((scheme) => scheme.type === 'apiKey' && scheme.in === 'header');
  return {
    operations,
    tagsWithOperations,
    swaggerItems: operations.length + tagsWithOperations.length,
    apiTokenHeader: typeof header?.name === 'string' ? header.name : 'ACME-API-TOKEN',
  };
}

export function operationIdsOfTag(facts: SpecFacts, tag: string): string[] {
  return facts.operations.filter((operation) => operation.tag === tag).map((operation) => operation.operationId);
}
