/**
 * How the pages, the search index and the Markdown name an operation in one line: `GET /seller/warehouses`,
 * or for an event (which the API sends, not the integrator) `EVENT seller.normal_order.status_changed`,
 * so an incoming event is never read as a POST the integrator makes.
 */
import type { ReferenceOperation } from './reference-page.ts';

type Named = Pick<ReferenceOperation, 'method' | 'path' | 'event'>;

/** `get`, `post`, or `event`: the chip's label (upper-cased) and its style. */
export function methodKey(operation: Named): string {
  return operation.event === undefined ? operation.method.toLowerCase() : 'event';
}

/** What follows the chip: the path, or the event's type. */
export function operationTarget(operation: Named): string {
  return operation.event ?? operation.path;
}

/** `GET /seller/warehouses`, `EVENT seller.normal_order.status_changed`. */
export function operationLine(operation: Named): string {
  return `${methodKey(operation).toUpperCase()} ${operationTarget(operation)}`;
}
