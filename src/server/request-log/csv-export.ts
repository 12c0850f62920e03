/** The request log download's records: the columns with a CSV header (columns.ts), in the table's order. */
import { csvHeader, csvRecord } from '../../shared/csv.ts';
import { CSV_COLUMNS, type RequestLogRow } from './columns.ts';

export const CSV_HEADER = csvHeader(CSV_COLUMNS.map((column) => column.csv));

export function csvRecordOf(row: RequestLogRow): string {
  return csvRecord(CSV_COLUMNS.map((column) => row[column.field]));
}
