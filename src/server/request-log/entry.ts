/**
 * One public API call as the request log buffers it: each stored column's captured value, keyed by its
 * field (columns.ts).
 */
import { STORED_COLUMNS, type AnsweredCall, type StoredColumn } from './columns.ts';

export type RequestLogEntry = { [C in StoredColumn as C['field']]: ReturnType<C['capture']> };

export function entryOf(call: AnsweredCall): RequestLogEntry {
  // A plain loop: one object per call and no intermediate arrays (this runs on every public call).
  const entry: Record<string, ReturnType<StoredColumn['capture']>> = {};
  for (const column of STORED_COLUMNS) entry[column.field] = column.capture(call);
  return entry as RequestLogEntry;
}
