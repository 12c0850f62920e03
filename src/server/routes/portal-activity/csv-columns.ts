/** The activity download's columns, declared once: the header and each record read this table. */
import { csvHeader, csvRecord, type CsvValue } from '../../../shared/csv.ts';
import type { ActivityRow } from '../../repositories/activity-repository.ts';

const COLUMNS: readonly { csv: string; value: (row: ActivityRow) => CsvValue }[] = [
  { csv: 'time', value: (row) => row.occurred_at.toISOString() },
  { csv: 'type', value: (row) => row.event_type },
  { csv: 'ip_address', value: (row) => row.ip_address },
  { csv: 'user_agent', value: (row) => row.user_agent },
  { csv: 'token_id', value: (row) => row.token_id },
  { csv: 'token_title', value: (row) => row.token_title },
  { csv: 'details', value: (row) => JSON.stringify(row.details) },
];

export const ACTIVITY_CSV_HEADER = csvHeader(COLUMNS.map((column) => column.csv));

export function activityCsvRecord(row: ActivityRow): string {
  return csvRecord(COLUMNS.map((column) => column.value(row)));
}
