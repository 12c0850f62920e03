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

const isText = (column: StoredColumn) => column.type === 'text';

/**
 * The stored columns' names, and the SELECT of one row per call from parameters `first` onwards (a text
 * column takes two: its values and its indexes).
 */
export function logRowsSelect(first: number): { names: string; select: string } {
  const arrays: string[] = [];
  const values: string[] = [];
  let param = first;
  STORED_COLUMNS.forEach((column, i) => {
    const row = `t.c${i}`;
    if (isText(column)) {
      const dictionary = `$${param++}::text[]`;
      arrays.push(`$${param++}::int[]`);
      values.push(`(${dictionary})[${row}]`);
    } else if (column.type === 'timestamptz') {
      arrays.push(`$${param++}::float8[]`);
      values.push(`to_timestamp(${row} / 1000)`);
    } else {
      arrays.push(`$${param++}::${column.type}[]`);
      values.push(row);
    }
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
  for (const column of STORED_COLUMNS) {
    const values = entries.map((entry) => entry[column.field] as Value);
    if (isText(column)) params.push(...dictionaryOf(values));
    else params.push(numbersLiteral(values));
  }
  return params;
}
