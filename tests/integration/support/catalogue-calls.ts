/**
 * A concrete call for every public operation, built from the catalogue alone, so a test that walks the
 * operations calls a new one with no URL written by hand. Each path parameter is read from a row of the
 * list the template names before it (`/seller/products/{productId}/stock` takes `productId` from the first
 * row of `/seller/products`, at that list's `x-row-id`); query parameters keep their defaults.
 */
import { catalogue } from '../../../src/generated/catalogue.ts';
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

const PLACEHOLDER = /\{([^}/]+)\}/g;

function valueAt(row: unknown, rowId: readonly string[]): unknown {
  return rowId.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], row);
}

/** The public operations of one family (or all), in catalogue order. */
export function catalogueOperations(family?: CatalogueOperation['family']): CatalogueOperation[] {
  return catalogue.operations.filter((operation) => family === undefined || operation.family === family);
}

/** The list whose rows name the value of the placeholder that follows `prefix`. */
function listBefore(prefix: string): CatalogueOperation {
  const list = catalogue.operations.find((operation) => operation.path === prefix && operation.rowId !== null);
  if (list === undefined) throw new Error(`No list operation at ${prefix} names the rows of ${prefix}/{…}`);
  return list;
}

/** One call of `operation` with every path parameter taken from the first row of its list (page 0). */
export async function catalogueCall(operation: CatalogueOperation, readList: ListReader): Promise<CatalogueCall> {
  const pathValues: Record<string, number | string> = {};
  for (const match of operation.path.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    const listTemplate = operation.path.slice(0, match.index).replace(/\/$/, '');
    const list = listBefore(listTemplate);
    const listPath = fillPathTemplate(listTemplate, (known) => pathValues[known]?.toString());
    const page = (await readList(`${listPath}?page=0&size=1`)) as { data?: unknown[] };
    const value = valueAt(page.data?.[0], list.rowId ?? []);
    if (typeof value !== 'number' && typeof value !== 'string') throw new Error(`${list.operationId} has no row to give ${operation.operationId} its ${name}`);
    pathValues[name] = value;
  }
  return { operation, pathValues, path: fillPathTemplate(operation.path, (name) => pathValues[name]?.toString()) };
}

/** A call for every public operation of `family`. */
export async function catalogueCalls(family: CatalogueOperation['family'], readList: ListReader): Promise<CatalogueCall[]> {
  const calls: CatalogueCall[] = [];
  for (const operation of catalogueOperations(family)) calls.push(await catalogueCall(operation, readList));
  return calls;
}
