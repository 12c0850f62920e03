/**
 * The one CSV writer (RFC 4180: a field with a quote, comma or line break is quoted, quotes doubled, every
 * record ends in CRLF), for the server's request log download and the API tester's table alike. Each
 * caller decides on the byte order mark: Excel needs it to read a downloaded file's accents as UTF-8.
 */
export const BOM = '\uFEFF';
const CRLF = '\r\n';

export type CsvValue = string | number | boolean | null;

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe
 * (OWASP "CSV injection"): paths, user agents and order data are chosen by whoever calls the API.
 */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Null is an empty field; only text is defused, so the number -5 stays a number. */
function csvCell(value: CsvValue): string {
  if (value === null) return '';
  return csvField(typeof value === 'string' ? defuseFormula(value) : String(value));
}

/** One record of values, CRLF-terminated. */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CRLF;
}

/** The header record: our own column names, quoted when needed but never defused. */
export function csvHeader(names: readonly string[]): string {
  return names.map(csvField).join(',') + CRLF;
}
