/**
 * CSV (RFC 4180) for the request log download. A cell that a spreadsheet would run as a formula (starting
 * with =, +, -, @, tab or CR) gets a leading apostrophe: paths and user agents are chosen by whoever calls the API.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: ReadonlyArray<string | number | boolean | null>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
