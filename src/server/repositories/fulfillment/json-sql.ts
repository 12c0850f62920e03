/**
 * Rows become the spec's JSON inside PostgreSQL: each entity has one SQL expression that builds its
 * object with the spec's field names, in order, and a page is one json_agg.
 * The server sends that text as is. Measured on the embedded database, this halves the cost of a page
 * against fetching columns and mapping them in JavaScript (the driver's row parsing dominated).
 * Shapes are checked against the spec by the integration tests, which validate every response.
 */

/** A timestamptz as the spec's date-time, in UTC with milliseconds (like Date.toISOString()). */
export function isoSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A JSON object from [field, SQL expression] pairs, fields in the given order. to_json of a row prints
 * compact JSON (json_build_object would add " : " and ", " around every field).
 */
export function objectSql(fields: Array<[string, string]>): string {
  return `(SELECT to_json(o) FROM (SELECT ${fields.map(([name, expression]) => `${expression} AS "${name}"`).join(', ')}) o)`;
}
