/**
 * Rows become the spec's JSON inside PostgreSQL: each entity has one SQL expression that builds its
 * object with the spec's field names, in order, and a page is one json_agg.
 * The server sends that text as is. Measured on the embedded database, this halves the cost of a page
 * against fetching columns and mapping them in JavaScript (the driver's row parsing dominated).
 * Field names are checked against the spec's schema types at compile time (FieldSql); values are
 * checked by the integration tests, which validate every response against the spec.
 */

/**
 * One SQL expression per field of the spec's schema T: a field missing or misspelled fails the typecheck.
 * Keys are written in the order the spec declares them; the JSON keeps that order.
 */
export type FieldSql<T> = { [K in keyof T]-?: string };

/** A timestamptz as the spec's date-time, in UTC with milliseconds (like Date.toISOString()). */
export function isoSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A JSON object of the spec's schema T (given explicitly: `objectSql<Schemas['Warehouse']>({...})`), fields
 * in the given order. to_json of a row prints compact JSON (json_build_object would add " : " and ", "
 * around every field).
 */
export function objectSql<T = never>(fields: FieldSql<NoInfer<T>>): string {
  const columns = Object.entries<string>(fields).map(([name, expression]) => `${expression} AS "${name}"`);
  return `(SELECT to_json(o) FROM (SELECT ${columns.join(', ')}) o)`;
}
