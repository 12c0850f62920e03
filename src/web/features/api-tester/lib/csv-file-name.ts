/** `seller-orders-normal-2026-11-22.csv`: the API, domain, order type (and a detail's id) and the local date. */
import type { TesterOperation } from './operations';

export function csvFileName(operation: Pick<TesterOperation, 'family' | 'domain' | 'orderType' | 'mode'>, date: Date, id?: string): string {
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const parts = [operation.family, operation.domain, operation.orderType, operation.mode === 'detail' ? id : undefined, day];
  return `${parts
    .filter((part) => part)
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '-')}.csv`;
}
