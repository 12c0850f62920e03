/**
 * How a batch's log rows travel to the database: one array parameter per stored column, unnested into
 * rows by the insert. Two encodings keep this cheap for the server and for PostgreSQL:
 * - Numbers and times are sent as array literals built here. pg's own array serializer quotes and escapes
 *   every element. A time is sent in epoch milliseconds, which PostgreSQL reads faster than a date string.
 * - Text is sent as a dictionary: its distinct values, and each row's 1-based index into them. Calls
 *   repeat their operation, method, path, agent and address, so each distinct value is escaped and parsed
 *   once per batch, not once per row.
 */
import { STORED_COLUMNS, type StoredColumn } from './columns.ts';
import type { RequestLogEntry } from './entry.ts';

type Value = Date | string | number | null;
type Field = StoredColumn['field'];

const valueOf = (entry: RequestLogEntry, field: Field): Value => entry[field] as Value;

/** `{1,2,NULL}`: the literal of an array of numbers (the epoch milliseconds of a Date). */
function numbersLiteral(entries: readonly RequestLogEntry[], field: Field): string {
  let literal = '{';
  for (let i = 0; i < entries.length; i += 1) {
    const value = valueOf(entries[i]!, field);
    if (i > 0) literal += ',';
    literal += value === null || value === undefined ? 'NULL' : value instanceof Date ? value.getTime() : value;
  }
  return `${literal}}`;
}

/**
 * The distinct values, and the literal of each row's 1-based index into them (NULL for null). A value equal
 * to the row's before it (a poller's calls) reuses its index without a lookup.
 */
function dictionaryOf(entries: readonly RequestLogEntry[], field: Field): [string[], string] {
  const distinct = new Map<string, number>();
  let literal = '{';
  let lastText: string | undefined;
  let lastIndex = 0;
  for (let i = 0; i < entries.length; i += 1) {
    const value = valueOf(entries[i]!, field);
    if (i > 0) literal += ',';
    if (value === null || value === undefined) {
      literal += 'NULL';
      continue;
    }
    const text = typeof value === 'string' ? value : String(value);
    if (text !== lastText) {
      let index = distinct.get(text);
      if (index === undefined) {
        index = distinct.size + 1;
        distinct.set(text, index);
      }
      lastText = text;
      lastIndex = index;
    }
    literal += lastIndex;
  }
  return [[...distinct.keys()], `${literal}}`];
}

/** How one column's values become parameters, and the SQL that reads a row's value from them. */
interface Encoding {
  /** Its parameters' SQL types; the last is the array with one element per row. */
  types: string[];
  params: (entries: readonly RequestLogEntry[], field: Field) => unknown[];
  value: (params: string[], row: string) => string;
}

const TEXT_DICTIONARY: Encoding = { types: ['text[]', 'int[]'], params: dictionaryOf, value: ([values], row) => `(${values})[${row}]` };
const EPOCH_MS: Encoding = {
  types: ['float8[]'],
  params: (entries, field) => [numbersLiteral(entries, field)],
  value: (_, row) => `to_timestamp(${row} / 1000)`,
};
const numbersOf = (type: string): Encoding => ({ types: [`${type}[]`], params: (entries, field) => [numbersLiteral(entries, field)], value: (_, row) => row });

const ENCODINGS = STORED_COLUMNS.map((column: StoredColumn) =>
  column.type === 'text' ? TEXT_DICTIONARY : column.type === 'timestamptz' ? EPOCH_MS : numbersOf(column.type),
);

/** The stored columns' names, and the SELECT of one row per call from parameters `first` onwards. */
export function logRowsSelect(first: number): { names: string; select: string } {
  let next = first;
  const arrays: string[] = [];
  const values = ENCODINGS.map((encoding, i) => {
    const params = encoding.types.map((type) => `$${next++}::${type}`);
    arrays.push(params.at(-1)!);
    return encoding.value(params, `t.c${i}`);
  });
  const columns = STORED_COLUMNS.map((_, i) => `c${i}`).join(', ');
  return {
    names: STORED_COLUMNS.map((column) => column.sql).join(', '),
    select: `SELECT ${values.join(', ')} FROM unnest(${arrays.join(', ')}) AS t(${columns})`,
  };
}

/** The parameters logRowsSelect reads, in its order. */
export function logRowsParams(entries: readonly RequestLogEntry[]): unknown[] {
  const params: unknown[] = [];
  for (let i = 0; i < STORED_COLUMNS.length; i += 1) params.push(...ENCODINGS[i]!.params(entries, STORED_COLUMNS[i]!.field));
  return params;
}
