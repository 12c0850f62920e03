/** What the benchmark needs to know about a bundled spec: its operations and their tags. */
import { readFileSync } from 'node:fs';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

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
  const spec = JSON.parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
    components?: { securitySchemes?: Record<string, { type?: string; in?: string; name?: string }> };
  };
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      operations.push({ operationId: operation.operationId ?? `${method} ${path}`, method, path, tag: operation.tags?.[0] ?? 'default' });
    }
  }
  const tagsWithOperations = [...new Set(operations.map((operation) => operation.tag))];
  const header = Object.values(spec.components?.securitySchemes ?? {}).find((scheme) => scheme.type === 'apiKey' && scheme.in === 'header');
  return {
    operations,
    tagsWithOperations,
    swaggerItems: operations.length + tagsWithOperations.length,
    apiTokenHeader: header?.name ?? 'ACME-API-TOKEN',
  };
}

export function operationIdsOfTag(facts: SpecFacts, tag: string): string[] {
  return facts.operations.filter((operation) => operation.tag === tag).map((operation) => operation.operationId);
}
