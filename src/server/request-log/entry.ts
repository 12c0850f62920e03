/**
 * One public API call as the request log buffers it: each stored column's captured value, keyed by its
 * field (columns.ts). Every captured text is scrubbed of token values here, at capture, whatever its column
 * (lib/token-scrub.ts), then cut to the column's length.
 */
import { scrubTokenValues } from '../lib/token-scrub.ts';
import { STORED_COLUMNS, type AnsweredCall, type StoredColumn } from './columns.ts';

export type RequestLogEntry = { [C in StoredColumn as C['field']]: ReturnType<C['capture']> };

/**
 * Per column, the text kept last: a poller's calls repeat their path, agent and address, and the buffered
 * call then keeps the string already kept instead of its own copy. Buffered calls outlive a few collections
 * of the young heap, so every string they keep is copied and promoted.
 */
const lastTexts: string[] = [];

function kept(index: number, text: string, maxLength: number | undefined): string {
  const clean = scrubTokenValues(text);
  const cut = maxLength === undefined ? clean : clean.slice(0, maxLength);
  const last = lastTexts[index];
  if (cut === last) return last;
  lastTexts[index] = cut;
  return cut;
}

export function entryOf(call: AnsweredCall): RequestLogEntry {
  // A plain loop: one object per call and no intermediate arrays (this runs on every public call).
  const entry: Record<string, ReturnType<StoredColumn['capture']>> = {};
  for (let index = 0; index < STORED_COLUMNS.length; index += 1) {
    const column = STORED_COLUMNS[index] as StoredColumn;
    const value = column.capture(call);
    entry[column.field] = typeof value === 'string' ? kept(index, value, 'maxLength' in column ? column.maxLength : undefined) : value;
  }
  return entry as RequestLogEntry;
}
