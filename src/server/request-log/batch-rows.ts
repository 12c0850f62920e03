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

/** `{1,2,NULL}`: the literal of an array of numbers (the epoch milliseconds of a Date). */
function numbersLiteral(values: readonly Value[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (i > 0) literal += ',';
    literal += value === null || value === undefined ? 'NULL' : value instanceof Date ? value.getTime() : value;
  }
  return `${literal}}`;
}

/** The distinct values, and each row's 1-based index into them (null for null). */
function dictionaryOf(values: readonly Value[]): [string[], string] {
  const distinct = new Map<string, number>();
  const indexes: Array<number | null> = [];
  for (const value of values) {
    if (value === null) {
      indexes.push(null);
      continue;
    }
    const text = String(value);
    let index = distinct.get(text);
    if (index === undefined) {
      index = distinct.size + 1;
      distinct.set(text, index);
    }
    indexes.push(index);
  }
  return [[...distinct.keys()], numbersLiteral(indexes)];
}

/** How one column's values become parameters, and the SQL that reads a row's value from them. */
interface Encoding {
  /** Its parameters' SQL types; the last is the array with one element per row. */
  types: string[];
  params: (values: readonly Value[]) => unknown[];
  value: (params: string[], row: string) => string;
}

const TEXT_DICTIONARY: Encoding = { types: ['text[]', 'int[]'], params: dictionaryOf, value: ([values], row) => `(${values})[${row}]` };
const EPOCH_MS: Encoding = { types: ['float8[]'], params: (values) => [numbersLiteral(values)], value: (_, row) => `to_timestamp(${row} / 1000)` };
const numbersOf = (type: string): Encoding => ({ types: [`${type}[]`], params: (values) => [numbersLiteral(values)], value: (_, row) => row });

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
  return STORED_COLUMNS.flatMap((column, i) => ENCODINGS[i]!.params(entries.map((entry) => entry[column.field] as Value)));
}
