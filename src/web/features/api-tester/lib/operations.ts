/**
 * The tester's operations come from the catalogue's public operations (generated from the spec), never
 * from a hand-written list: a new operation in openapi/ appears here by itself. The seed's choices (API,
 * domain, list or detail, order type) are a view over them: they narrow the operations down, and when
 * several remain (two detail calls in one domain), the form offers them by name.
 */
import type { CatalogueOperation } from '../../../../shared/portal-data/catalogue';
import type { ApiFamily } from '../../../../shared/api-family';
import type { CallMode, OrderType } from '../../../../shared/openapi/portal-extensions';
import type { OperationMap } from '../../../lib/operation-map';

export type TesterOperation = Pick<
  CatalogueOperation,
  'operationId' | 'path' | 'summary' | 'family' | 'domain' | 'orderType' | 'mode' | 'idParam' | 'deprecatedSince' | 'rowId' | 'parameters'
>;
export type { ApiFamily, OrderType };
export type Mode = CallMode;

/** The order types a domain has (empty for domains without them). */
export function orderTypesFor(operations: readonly TesterOperation[], family: ApiFamily, domain: string): OrderType[] {
  const types = operations.filter((op) => op.family === family && op.domain === domain && op.orderType !== null).map((op) => op.orderType as OrderType);
  return [...new Set(types)];
}

export interface OperationChoice {
  family: ApiFamily;
  domain: string;
  mode: Mode;
  orderType: OrderType;
}

/** The choices that show an operation. */
export function choiceOf(operation: TesterOperation): OperationChoice {
  return { family: operation.family, domain: operation.domain, mode: operation.mode, orderType: operation.orderType ?? 'normal' };
}

/** Every operation a set of choices offers, in the spec's order; one without an order type fits either. */
export function operationsFor(operations: readonly TesterOperation[], choice: OperationChoice): TesterOperation[] {
  return operations.filter(
    (op) =>
      op.family === choice.family && op.domain === choice.domain && op.mode === choice.mode && (op.orderType === null || op.orderType === choice.orderType),
  );
}

/** The operation a set of choices picks: the first it offers, or undefined (no such call). */
export function findOperation(operations: readonly TesterOperation[], choice: OperationChoice): TesterOperation | undefined {
  return operationsFor(operations, choice)[0];
}

/** The detail call a list's rows open: the first detail call of its choices that takes one id. */
export function detailOperationFor(operations: readonly TesterOperation[], list: TesterOperation): TesterOperation | undefined {
  return operationsFor(operations, { ...choiceOf(list), mode: 'detail' }).find((op) => op.idParam !== null);
}

/** The operations the tester offers, in the spec's order and by operationId (src/web/lib/operation-map.ts). */
export type TesterOperations = OperationMap<TesterOperation>;
