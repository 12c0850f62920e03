/**
 * A log row as the reads select it (keyed by SQL name) and the API row it answers as, both derived from
 * the column table (columns.ts).
 */
import { SHOWN_COLUMNS, type RequestLogRow, type ShownColumn } from './columns.ts';

export type LogSqlRow = {
  [C in ShownColumn as C['sql']]: C extends { read: (value: infer V) => unknown } ? V : RequestLogRow[C['field']];
};

export function apiRowOf(row: LogSqlRow): RequestLogRow {
  const values = SHOWN_COLUMNS.map((column) => {
    const value: unknown = row[column.sql];
    return [column.field, 'read' in column ? (column.read as (value: unknown) => unknown)(value) : value];
  });
  return Object.fromEntries(values) as RequestLogRow;
}
