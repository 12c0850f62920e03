/**
 * The one CSV writer (RFC 4180: a field with a quote, comma or line break is quoted, quotes doubled, every
 * record ends in CRLF), for the server's downloads (request log, activity) and the API tester's table
 * alike. Every file starts with a UTF-8 byte order mark, written with the header, so Excel reads accents
 * and non-Latin text as UTF-8 whichever CSV it opens (docs/guide.md says so).
 */
export const BOM = '\uFEFF';
const CRLF = '\r\n';

export type CsvValue = string | number | boolean | null;

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * What a spreadsheet would run as a formula: `=`, `+`, `-` or `@` first, or after any run of whitespace,
 * control or invisible format characters (space, tab, CR, LF, U+00A0, the zero-width U+200B to U+200D,
 * U+2060, U+FEFF, bidi marks, ...), which a spreadsheet may skip before it reads a formula; and tab or CR
 * first, as OWASP's "CSV injection" lists them.
 */
const FORMULA_START = /^(?:[\t\r]|[\s\p{Cc}\p{Cf}\p{Z}]*[=+\-@])/u;

/**
 * Text that a spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection"): paths,
 * user agents and order data are chosen by whoever calls the API.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
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

/** The file's start: the byte order mark and the header record of our own column names, quoted when needed but never defused. */
export function csvHeader(names: readonly string[]): string {
  return BOM + names.map(csvField).join(',') + CRLF;
}
