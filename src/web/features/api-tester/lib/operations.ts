/**
 * The tester's choices come from the catalogue's public operations (generated from the spec), never
 * from a hand-written list: a new operation in openapi/ appears here by itself.
 */
import type { CatalogueOperation } from '../../../../shared/portal-data/catalogue';
import type { ApiFamily, CallMode, OrderType } from '../../../../shared/openapi/portal-extensions';

export type TesterOperation = Pick<CatalogueOperation, 'operationId' | 'path' | 'family' | 'domain' | 'orderType' | 'mode' | 'idParam' | 'deprecatedSince' | 'rowId'>;
export type { ApiFamily, OrderType };
export type Mode = CallMode;

export const FAMILIES: { value: ApiFamily; label: string }[] = [
  { value: 'seller', label: 'Seller API' },
  { value: 'warehouse', label: 'Warehouse API' },
];

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** The domains of one API family, in the spec's order. */
export function domainsFor(operations: readonly TesterOperation[], family: ApiFamily): string[] {
  return unique(operations.filter((op) => op.family === family).map((op) => op.domain));
}

/** The order types a domain has (empty for domains without them). */
export function orderTypesFor(operations: readonly TesterOperation[], family: ApiFamily, domain: string): OrderType[] {
  return unique(
    operations.filter((op) => op.family === family && op.domain === domain && op.orderType !== null).map((op) => op.orderType as OrderType),
  );
}

export interface OperationChoice {
  family: ApiFamily;
  domain: string;
  mode: Mode;
  orderType: OrderType;
}

/** The one operation a set of choices names, or undefined (no domain chosen, or no such call). */
export function findOperation(operations: readonly TesterOperation[], choice: OperationChoice): TesterOperation | undefined {
  const hasOrderTypes = orderTypesFor(operations, choice.family, choice.domain).length > 0;
  return operations.find(
    (op) =>
      op.family === choice.family &&
      op.domain === choice.domain &&
      op.mode === choice.mode &&
      (hasOrderTypes ? op.orderType === choice.orderType : op.orderType === null),
  );
}
