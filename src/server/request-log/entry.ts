/**
 * One public API call as the request log buffers it: each stored column's captured value, keyed by its
 * field (columns.ts).
 */
import { STORED_COLUMNS, type AnsweredCall, type StoredColumn } from './columns.ts';

export type RequestLogEntry = { [C in StoredColumn as C['field']]: ReturnType<C['capture']> };

export function entryOf(call: AnsweredCall): RequestLogEntry {
  return Object.fromEntries(STORED_COLUMNS.map((column) => [column.field, column.capture(call)])) as RequestLogEntry;
}

/** The outcome classes the rollups count and the chart stacks. */
export type Outcome = 'ok' | 'clientError' | 'unauthorized' | 'tooMany' | 'serverError';

export function outcomeOf(status: number): Outcome {
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'tooMany';
  if (status >= 500) return 'serverError';
  if (status >= 400) return 'clientError';
  return 'ok';
}
