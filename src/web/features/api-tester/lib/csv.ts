/**
 * CSV as RFC 4180 writes it (fields with a quote, comma or line break quoted, quotes doubled, CRLF
 * between records), UTF-8 with a byte order mark so Excel reads accents and non-Latin text correctly.
 * Columns as in the Table view; arrays and free-form objects as JSON.
 */
import { cellText, valueAt } from './flatten-row';
import type { TableColumn } from './table-columns';

export const BOM = '\uFEFF';
const CRLF = '\r\n';

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe (OWASP "CSV injection"): order data comes from buyers and sales channels. Numbers are left
 * alone, so -5 stays a number.
 */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cell(row: unknown, column: TableColumn): string {
  const value = valueAt(row, column.path);
  const text = cellText(value);
  return csvField(typeof value === 'string' ? defuseFormula(text) : text);
}

export function toCsv(columns: readonly TableColumn[], rows: readonly unknown[]): string {
  const lines = [columns.map((column) => csvField(column.key)).join(','), ...rows.map((row) => columns.map((column) => cell(row, column)).join(','))];
  return BOM + lines.join(CRLF) + CRLF;
}
