/**
 * The public operations in the spec's order and each by its operationId, built once from the catalogue:
 * an operationId is the address everywhere (links, history, "Try it"), so nothing searches a list for it.
 */
import { catalogue } from '../../generated/catalogue';

export interface OperationMap<T extends { operationId: string }> {
  /** In the spec's order: what the choices and menus offer. */
  readonly list: readonly T[];
  readonly byId: ReadonlyMap<string, T>;
}

export function operationMap<T extends { operationId: string }>(operations: readonly T[]): OperationMap<T> {
  return { list: operations, byId: new Map(operations.map((operation) => [operation.operationId, operation])) };
}

export const catalogueOperations = operationMap(catalogue.operations);

/** What the API Test screen offers: the reads. The sandbox's simulations have their own control in Settings. */
export const readOperations = operationMap(catalogue.operations.filter((operation) => operation.mode !== 'simulation'));
