/**
 * The fields of each public operation's 200 response, in the spec's order: written by
 * scripts/generate/response-fields.ts into src/generated/response-fields.ts and read by the API tester's
 * Table view and CSV, so a field added in openapi/ becomes a column with no code change.
 */

/** What a field holds, as the spec types it (`null` dropped: any field may be empty in a cell). */
export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'any';

export interface ResponseField {
  /** As the spec spells it, typos included (`demensionUnit`). */
  name: string;
  kind: FieldKind;
  /** The spec's format, e.g. `date-time`. */
  format?: string;
  /** An object with declared properties: its fields, shown as dotted columns (`inventory.location`). */
  fields?: ResponseField[];
  /** An array of objects: the item's fields, shown when the count is expanded. */
  items?: ResponseField[];
}

export interface ResponseShape {
  /** `list`: one row per `data` item of the list envelope; `detail`: the body is the one row. */
  rows: 'list' | 'detail';
  fields: ResponseField[];
}

/** By operationId. */
export type ResponseShapes = Record<string, ResponseShape>;
