/**
 * A concrete call for every public operation, built from the catalogue and the spec alone, so a test that
 * walks the operations calls a new one with no URL written by hand. Each path parameter is read from a row
 * of the list the template names before it (`/seller/products/{productId}/stock` takes `productId` from the
 * first row of `/seller/products`, at that list's `x-row-id`); a parameter that no list names (the
 * `{lineId}` of `/seller/orders/{orderId}/lines/{lineId}`) takes the example its spec declares. Query
 * parameters keep their defaults.
 */
import { catalogue } from '../../../src/generated/catalogue.ts';
import { loadSpec } from '../../../src/server/spec/openapi-document.ts';
import { isObject, listOperations, parametersOf, type OpenApiDocument } from '../../../src/shared/openapi/openapi-document.ts';
import { fillPathTemplate } from '../../../src/shared/openapi/path-template.ts';
import type { CatalogueOperation } from '../../../src/shared/portal-data/catalogue.ts';

export interface CatalogueCall {
  operation: CatalogueOperation;
  /** The path parameters' values, as numbers where the spec says integer. */
  pathValues: Record<string, number | string>;
  /** Relative to the public server, e.g. `/seller/orders/return/77`. */
  path: string;
}

/** Reads one list page (a path relative to the public server) and answers its JSON body. */
export type ListReader = (path: string) => Promise<unknown>;

export interface CatalogueCallOptions {
  /** The operations whose lists name the rows (default: the generated catalogue's). */
  operations?: readonly CatalogueOperation[];
  /** The spec whose parameter examples fill what no list names (default: the bundled spec the server routes). */
  spec?: OpenApiDocument;
  /** The query of the list page whose first row gives an id (default `page=0&size=1`). */
  listQuery?: string;
}

const PLACEHOLDER = /\{([^}/]+)\}/g;

function valueAt(row: unknown, rowId: readonly string[]): unknown {
  return rowId.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], row);
}

/** The public reads of one family (or all), in catalogue order: every operation but the sandbox's simulations. */
export function catalogueOperations(family?: CatalogueOperation['family']): CatalogueOperation[] {
  return catalogue.operations.filter((operation) => operation.mode !== 'simulation' && (family === undefined || operation.family === family));
}

/** The sandbox's simulations of one family (or all), in catalogue order. */
export function simulationOperations(family?: CatalogueOperation['family']): CatalogueOperation[] {
  return catalogue.operations.filter((operation) => operation.mode === 'simulation' && (family === undefined || operation.family === family));
}

/** The catalogue's entry of one operation. */
export function catalogueOperation(operationId: string): CatalogueOperation {
  const operation = catalogue.operations.find((candidate) => candidate.operationId === operationId);
  if (operation === undefined) throw new Error(`${operationId} is not in the catalogue`);
  return operation;
}

/** The list whose rows name the value of the placeholder that follows `prefix`, if there is one. */
function listBefore(prefix: string, operations: readonly CatalogueOperation[]): CatalogueOperation | undefined {
  return operations.find((operation) => operation.path === prefix && operation.rowId !== null);
}

/**
 * The list whose rows are the answers of `operation` (`/seller/imports` for `/seller/imports/{importId}`): its
 * row id names the detail's id, so the detail answers that row. Undefined for a sub-resource or a list.
 */
export function listOfDetail(operation: CatalogueOperation, operations: readonly CatalogueOperation[] = catalogue.operations): CatalogueOperation | undefined {
  if (operation.idParam === null) return undefined;
  return operations.find((list) => list.rowId !== null && `${list.path}/{${operation.idParam}}` === operation.path);
}

/** The value the spec gives as the example of a path parameter (its `example`, else its schema's, else its minimum). */
export function parameterExample(operationId: string, name: string, spec: OpenApiDocument = loadSpec()): number | string {
  const entry = listOperations(spec).find(({ operation }) => operation.operationId === operationId);
  const parameter = entry && parametersOf(spec, entry).find((candidate) => candidate.name === name && candidate.in === 'path');
  const schema = isObject(parameter?.schema) ? parameter.schema : {};
  const example = parameter?.example ?? schema.example ?? schema.minimum;
  if (typeof example !== 'number' && typeof example !== 'string') throw new Error(`${operationId}: the path parameter ${name} has no example`);
  return example;
}

/** A call of `operation` with every path parameter at its spec example: no list is read (the row may be someone else's). */
export function exampleCall(operation: CatalogueOperation, spec: OpenApiDocument = loadSpec()): CatalogueCall {
  const pathValues: Record<string, number | string> = {};
  for (const match of operation.path.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    pathValues[name] = parameterExample(operation.operationId, name, spec);
  }
  return { operation, pathValues, path: fillPathTemplate(operation.path, (name) => pathValues[name]?.toString()) };
}

/** One call of `operation` with every path parameter taken from the first row of its list, or its example. */
export async function catalogueCall(operation: CatalogueOperation, readList: ListReader, options: CatalogueCallOptions = {}): Promise<CatalogueCall> {
  const operations = options.operations ?? catalogue.operations;
  let spec = options.spec;
  const pathValues: Record<string, number | string> = {};
  for (const match of operation.path.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    const listTemplate = operation.path.slice(0, match.index).replace(/\/$/, '');
    const list = listBefore(listTemplate, operations);
    if (list === undefined) {
      spec ??= loadSpec();
      pathValues[name] = parameterExample(operation.operationId, name, spec);
      continue;
    }
    const listPath = fillPathTemplate(listTemplate, (known) => pathValues[known]?.toString());
    const page = (await readList(`${listPath}?${options.listQuery ?? 'page=0&size=1'}`)) as { data?: unknown[] };
    const value = valueAt(page.data?.[0], list.rowId ?? []);
    if (typeof value !== 'number' && typeof value !== 'string') throw new Error(`${list.operationId} has no row to give ${operation.operationId} its ${name}`);
    pathValues[name] = value;
  }
  return { operation, pathValues, path: fillPathTemplate(operation.path, (name) => pathValues[name]?.toString()) };
}

/** A call for every public read of `family` (the simulations change data: simulationOperations lists them). */
export async function catalogueCalls(family: CatalogueOperation['family'], readList: ListReader, options: CatalogueCallOptions = {}): Promise<CatalogueCall[]> {
  const calls: CatalogueCall[] = [];
  const operations = (options.operations ?? catalogue.operations).filter((operation) => operation.family === family && operation.mode !== 'simulation');
  for (const operation of operations) calls.push(await catalogueCall(operation, readList, options));
  return calls;
}
