/**
 * The Table view's and the CSV's columns, from the spec's response fields (src/generated/response-fields.ts),
 * never from the data: nested objects become dotted columns (`inventory.location`), an array stays one
 * column (a count in the table), free-form objects one column (their JSON).
 */
import type { FieldKind, ResponseField, ResponseShape } from '../../../../shared/portal-data/response-fields';

export interface TableColumn {
  /** Dotted path, also the header: `inventory.location`. */
  key: string;
  path: string[];
  kind: FieldKind;
  format?: string;
  /** Arrays of objects: the item's fields, for the expanded view. */
  items?: ResponseField[];
}

export function columnsOf(fields: readonly ResponseField[], prefix: string[] = []): TableColumn[] {
  return fields.flatMap((field): TableColumn[] => {
    const path = [...prefix, field.name];
    if (field.kind === 'object' && field.fields?.length) return columnsOf(field.fields, path);
    const column: TableColumn = { key: path.join('.'), path, kind: field.kind };
    if (field.format) column.format = field.format;
    if (field.items) column.items = field.items;
    return [column];
  });
}

/** The rows of a response body as the shape says: the list's `data` items, or the body itself. */
export function rowsOf(shape: Pick<ResponseShape, 'rows'>, body: unknown): unknown[] {
  if (shape.rows === 'detail') return typeof body === 'object' && body !== null ? [body] : [];
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? data : [];
}
