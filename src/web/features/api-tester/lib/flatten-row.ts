/** One response row read through the spec's columns: the raw value at each dotted path, and its text for a cell. */
import type { TableColumn } from './table-columns';

export function valueAt(row: unknown, path: readonly string[]): unknown {
  let value = row;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** `{ 'inventory.location': 'A-01', products: [...] }`: values by column key, as the response has them. */
export function flattenRow(row: unknown, columns: readonly TableColumn[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column.key, valueAt(row, column.path)]));
}

/** A value as text: empty for null or missing, JSON for arrays and objects (nothing is lost in a CSV). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** What the table shows for an array: its length in words. */
export function countLabel(items: readonly unknown[]): string {
  return items.length === 1 ? '1 item' : `${items.length} items`;
}
