/**
 * The Table view as CSV (src/shared/csv.ts, which starts every file with a byte order mark so Excel reads
 * accents and non-Latin text correctly). Columns as in the Table view; arrays and free-form objects as JSON.
 */
import { csvHeader, csvRecord, type CsvValue } from '../../../../shared/csv';
import { cellText, valueAt } from './flatten-row';
import type { TableColumn } from './table-columns';

/** Numbers and booleans stay themselves (never defused); everything else as its cell text. */
function cell(row: unknown, column: TableColumn): CsvValue {
  const value = valueAt(row, column.path);
  return typeof value === 'number' || typeof value === 'boolean' ? value : cellText(value);
}

export function toCsv(columns: readonly TableColumn[], rows: readonly unknown[]): string {
  const records = rows.map((row) => csvRecord(columns.map((column) => cell(row, column))));
  return csvHeader(columns.map((column) => column.key)) + records.join('');
}
