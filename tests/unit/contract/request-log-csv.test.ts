/**
 * The request log's text in openapi/ against the column table (src/server/request-log/columns.ts): the CSV
 * download's documented columns and its example are the table's CSV headers and the record the server
 * writes for the log's own example row. A column added to the table and not to the spec fails here; the
 * inline JSON examples are held to RequestLogEntry by lint (no-invalid-media-type-examples).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CSV_COLUMNS, type RequestLogRow } from '../../../src/server/request-log/columns.ts';
import { CSV_HEADER, csvRecordOf } from '../../../src/server/request-log/csv-export.ts';
import { BOM } from '../../../src/shared/csv.ts';

type Operation = { description: string; responses: Record<string, { content: Record<string, { example: unknown }> }> };
const operation = (file: string) => (parse(readFileSync(`openapi/paths/${file}`, 'utf8')) as { get: Operation }).get;
const example = (file: string, mediaType: string) => operation(file).responses['200']?.content[mediaType]?.example;

describe('the request log CSV in the spec', () => {
  it("lists the column table's CSV headers, in order, in its description", () => {
    const columns = /Columns: ([^.]*)\./.exec(operation('usage-requests-csv.yaml').description.replace(/\s+/g, ' '))?.[1];
    expect(columns?.split(', ')).toEqual(CSV_COLUMNS.map((column) => column.csv));
  });

  it("shows the table's header line and the record the server writes for the log's example row", () => {
    const [header, ...records] = String(example('usage-requests-csv.yaml', 'text/csv')).trimEnd().split('\n');
    expect(`${BOM}${header}\r\n`).toBe(CSV_HEADER);
    const [row] = (example('usage-requests.yaml', 'application/json') as { data: RequestLogRow[] }).data;
    expect(records.map((record) => `${record}\r\n`)).toEqual([csvRecordOf(row as RequestLogRow)]);
  });
});
