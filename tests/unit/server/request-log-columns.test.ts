/**
 * The request log's column table against what derives from it: the spec's RequestLogEntry schema (every
 * property a column, every shown column a property), the batch insert (each column from its parameters), the reads' select list and the API
 * row, and the CSV. A column the table declares but one of them leaves out fails here.
 */
import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { parse } from 'yaml';
import type { Queryable } from '../../../src/server/db/database.ts';
import { apiRowOf, type LogSqlRow } from '../../../src/server/request-log/api-row.ts';
import { COLUMNS, CSV_COLUMNS, SHOWN_COLUMNS, STORED_COLUMNS, type RequestLogRow, type ShownColumn } from '../../../src/server/request-log/columns.ts';
import { CSV_HEADER, csvRecordOf } from '../../../src/server/request-log/csv-export.ts';
import { BOM } from '../../../src/shared/csv.ts';
import { entryOf, type RequestLogEntry } from '../../../src/server/request-log/entry.ts';
import { generateTokenValue } from '../../../src/server/lib/token-format.ts';
import { createPostgresRequestLogStore } from '../../../src/server/request-log/postgres-store.ts';

const schema = parse(readFileSync('openapi/components/schemas/RequestLogEntry.yaml', 'utf8')) as { required: string[]; properties: Record<string, unknown> };

/** A database that answers nothing and keeps every statement. */
function recordingDb(): Queryable & { calls: Array<{ text: string; params: unknown[] }> } {
  const calls: Array<{ text: string; params: unknown[] }> = [];
  return { calls, query: async (text, params = []) => (calls.push({ text, params }), []) };
}

const call = {
  request: {
    method: 'POST',
    url: '/api/v1/seller/orders/normal?page=2',
    headers: { 'user-agent': 'unit/1.0' },
    ip: '203.0.113.9',
  } as unknown as FastifyRequest,
  operationId: 'listSellerNormalOrders',
  owner: { tokenId: 7, userId: 3 },
  status: 201,
  durationMs: 12.3456,
  responseBytes: 512,
};

describe('the request log column table', () => {
  it("has one shown column per property of the spec's RequestLogEntry, and no other", () => {
    expect(SHOWN_COLUMNS.map((column) => column.field).sort()).toEqual(Object.keys(schema.properties).sort());
    expect([...schema.required].sort()).toEqual(Object.keys(schema.properties).sort());
    expectTypeOf<ShownColumn['field']>().toEqualTypeOf<keyof RequestLogRow>();
  });

  it('names every field and SQL column once', () => {
    expect(new Set(COLUMNS.map((column) => column.field)).size).toBe(COLUMNS.length);
    expect(new Set(COLUMNS.map((column) => column.sql)).size).toBe(COLUMNS.length);
    expect(new Set(CSV_COLUMNS.map((column) => column.csv)).size).toBe(CSV_COLUMNS.length);
  });

  it('captures every stored column from an answered call', () => {
    const entry = entryOf(call);
    expect(Object.keys(entry)).toEqual(STORED_COLUMNS.map((column) => column.field));
    expect(entry).toMatchObject({
      userId: 3,
      tokenId: 7,
      method: 'POST',
      status: 201,
      durationMs: 12.35,
      responseBytes: 512,
      userAgent: 'unit/1.0',
      clientAddress: '203.0.113.9',
    });
    expect(Object.values(entry)).not.toContain(undefined);
  });

  it('scrubs every captured text of token values before cutting it, whatever its column', () => {
    const token = generateTokenValue('SELLER', 'sandbox');
    const encoded = token.replaceAll('_', '%5f');
    // Every text column gets the token, in the literal and the encoded spelling.
    const textual = STORED_COLUMNS.filter((column) => typeof entryOf(call)[column.field as keyof RequestLogEntry] === 'string');
    expect(textual.map((column) => column.field)).toEqual(expect.arrayContaining(['path', 'userAgent', 'operationId', 'method']));
    const entry = entryOf({
      ...call,
      operationId: `op ${token}`,
      request: {
        method: `GET${encoded}`,
        url: `/api/v1/seller/orders/${encoded}?t=${token}&${'x'.repeat(1990)}`,
        headers: { 'user-agent': `${'a'.repeat(195)} ${token}` },
        ip: token,
      } as unknown as FastifyRequest,
    });
    const kept = JSON.stringify(entry);
    expect(kept).not.toContain(token.slice(-28, -18));
    expect(entry.path.startsWith('/api/v1/seller/orders/[redacted]?t=[redacted]&x')).toBe(true);
    expect(entry.userAgent).toBe(`${'a'.repeat(195)} [red`);
    expect(entry.operationId).toBe('op [redacted]');
    // Not an address by the strict rule: none.
    expect(entry.clientAddress).toBeNull();
  });

  it('inserts every stored column, each from its parameters: numbers and times as literals, text as a dictionary', async () => {
    const entries = [entryOf(call), entryOf({ ...call, status: 404, request: { ...call.request, headers: {} } as FastifyRequest }), entryOf(call)];
    const db = recordingDb();
    await createPostgresRequestLogStore(db).append(entries);
    const [{ text, params }] = db.calls as [{ text: string; params: unknown[] }];
    const insert = /INSERT INTO request_log \(([^)]*)\)\s+SELECT (.*) FROM unnest\(([^)]*)\)/.exec(text);
    expect(insert?.[1]?.split(', ')).toEqual(STORED_COLUMNS.map((column) => column.sql));
    const param = (sql: string) => params[Number(/\$(\d+)/.exec(sql)![1]) - 1];
    const numbers = (literal: unknown) =>
      (literal as string)
        .slice(1, -1)
        .split(',')
        .map((n) => (n === 'NULL' ? null : Number(n)));
    const arrays = insert![3]!.split(', ');
    const values = insert![2]!.split(', ');
    STORED_COLUMNS.forEach((column, i) => {
      const sent = entries.map((entry) => entry[column.field]);
      const dictionary = /^\((\$\d+)::text\[\]\)\[t\.c\d+\]$/.exec(values[i]!);
      if (column.type === 'text') {
        expect(dictionary, column.sql).not.toBeNull();
        const distinct = param(dictionary![1]!) as string[];
        expect(new Set(distinct).size, column.sql).toBe(distinct.length);
        expect(
          numbers(param(arrays[i]!)).map((index) => (index === null ? null : distinct[index - 1])),
          column.sql,
        ).toEqual(sent);
      } else if (column.type === 'timestamptz') {
        expect(values[i]).toMatch(/^to_timestamp\(t\.c\d+ \/ 1000\)$/);
        expect(numbers(param(arrays[i]!)), column.sql).toEqual(sent.map((value) => (value as Date).getTime()));
      } else {
        expect(arrays[i]).toMatch(new RegExp(`::${column.type}\\[\\]$`));
        expect(numbers(param(arrays[i]!)), column.sql).toEqual(sent);
      }
    });
  });

  it('selects every shown column and maps it to its field', async () => {
    const db = recordingDb();
    await createPostgresRequestLogStore(db).entry(1, 1);
    const selected = db.calls[0]!.text;
    for (const column of SHOWN_COLUMNS) expect(selected, column.field).toContain('select' in column ? `${column.select} AS ${column.sql}` : `l.${column.sql}`);

    const loggedAt = new Date(Date.UTC(2026, 0, 1, 10));
    const sqlRow: LogSqlRow = {
      id: 42,
      logged_at: loggedAt,
      token_id: 7,
      token_title: 'ERP sync',
      token_deleted: true,
      operation_id: 'listSellerNormalOrders',
      method: 'GET',
      path: '/api/v1/seller/orders/normal',
      status: 404,
      duration_ms: 1.23456,
      response_bytes: 99,
      user_agent: null,
      client_address: '203.0.113.9',
    };
    const row = apiRowOf(sqlRow);
    expect(Object.keys(row)).toEqual(SHOWN_COLUMNS.map((column) => column.field));
    expect(row).toEqual({
      id: 42,
      time: loggedAt.toISOString(),
      tokenId: 7,
      tokenTitle: 'ERP sync',
      tokenDeleted: true,
      operationId: 'listSellerNormalOrders',
      method: 'GET',
      path: '/api/v1/seller/orders/normal',
      status: 404,
      durationMs: 1.23,
      responseBytes: 99,
      userAgent: null,
      clientAddress: '203.0.113.9',
    });
  });

  it("writes every column with a CSV header into the download, in the table's order", () => {
    expect(CSV_HEADER).toBe(`${BOM}${CSV_COLUMNS.map((column) => column.csv).join(',')}\r\n`);
    const row: RequestLogRow = {
      id: 1,
      time: '2026-01-01T10:00:00.000Z',
      tokenId: 7,
      tokenTitle: 'ERP, sync',
      tokenDeleted: false,
      operationId: 'getSellerProduct',
      method: 'GET',
      path: '/api/v1/seller/products/1',
      status: 200,
      durationMs: 4.2,
      responseBytes: 5120,
      userAgent: '=cmd',
      clientAddress: null,
    };
    expect(csvRecordOf(row)).toBe(`2026-01-01T10:00:00.000Z,"ERP, sync",false,getSellerProduct,GET,/api/v1/seller/products/1,200,4.2,5120,'=cmd,\r\n`);
    const plain = { ...row, tokenTitle: 'ERP sync', userAgent: 'curl/8.5.0' };
    expect(csvRecordOf(plain)).toBe(`${CSV_COLUMNS.map((column) => String(plain[column.field] ?? '')).join(',')}\r\n`);
  });
});
