/**
 * The request log's columns, each declared once: its field (as the spec's RequestLogEntry names it), its
 * SQL column and type, its CSV header, how a call is captured into it and how it is read back. The batch
 * insert, the reads' select list, the API row, the CSV and the buffered entry's type all derive from this
 * table, so a new column is a migration, one row here, the schema in openapi/ and a field in the detail
 * dialog. Never captured: the token value (entry.ts scrubs every captured text, lib/token-scrub.ts), other
 * headers, bodies.
 */
import { displayAddress } from '../lib/client-address.ts';
import type { Schemas } from '../lib/schemas.ts';

/** One log entry as the API answers it. */
export type RequestLogRow = Schemas['RequestLogEntry'];

const MAX_USER_AGENT = 200;
const MAX_PATH = 2000;

/**
 * The request a call's row is captured from: the Fastify request of a call the portal answered, or the
 * call the gateway's check decided (its original method and URI, the client's agent and address).
 */
export interface CalledRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: { 'user-agent'?: string | undefined };
  /** The client's address through the trusted proxies. */
  ip: string | undefined;
}

/** A public call of a known token, as it is answered: what every column is captured from. */
export interface AnsweredCall {
  request: CalledRequest;
  operationId: string;
  owner: { tokenId: number; userId: number };
  status: number;
  durationMs: number;
  /** The body's size before compression. */
  responseBytes: number;
}

type SqlType = 'timestamptz' | 'integer' | 'smallint' | 'real' | 'text';

/**
 * Written by the batch insert (its parameters follow `type`: batch-rows.ts), captured from each call. A
 * captured text is scrubbed of token values and then cut to `maxLength` by entry.ts, never here, so no
 * column can keep a token and a cut cannot leave the start of one.
 */
interface Stored {
  sql: string;
  type: SqlType;
  capture: (call: AnsweredCall) => Date | string | number | null;
  maxLength?: number;
}

/**
 * Read back into the API row: `select` when the value is not simply `l.<sql>` (l is the log row; t and d
 * the live and the deleted token's title), `read` when the driver's value is not yet the API's. `csv` is
 * the download's header, or null for a column it leaves out.
 */
type Shown = {
  [F in keyof RequestLogRow]: { field: F; sql: string; select?: string; read?: (value: never) => RequestLogRow[F]; csv: string | null };
}[keyof RequestLogRow];

type Column = (Shown & (Stored | { select: string })) | (Stored & { field: string; hidden: true });

const round2 = (value: number) => Math.round(value * 100) / 100;

export const COLUMNS = [
  { field: 'id', sql: 'id', select: 'l.id::float8', csv: null },
  { field: 'time', sql: 'logged_at', type: 'timestamptz', csv: 'time', capture: () => new Date(), read: (value: Date) => value.toISOString() },
  // The owner every read is scoped to; never shown.
  { field: 'userId', sql: 'user_id', type: 'integer', hidden: true, capture: (call) => call.owner.userId },
  // The download names the token by its title.
  { field: 'tokenId', sql: 'token_id', type: 'integer', csv: null, capture: (call) => call.owner.tokenId },
  // Kept for a deleted token until retention removes its calls.
  { field: 'tokenTitle', sql: 'token_title', select: 'COALESCE(t.title, d.title)', csv: 'token' },
  { field: 'tokenDeleted', sql: 'token_deleted', select: 't.id IS NULL', csv: 'token_deleted' },
  { field: 'operationId', sql: 'operation_id', type: 'text', csv: 'operation', capture: (call) => call.operationId },
  { field: 'method', sql: 'method', type: 'text', csv: 'method', capture: (call) => call.request.method },
  {
    field: 'path',
    sql: 'path',
    type: 'text',
    csv: 'path',
    maxLength: MAX_PATH,
    capture: (call) => call.request.url,
  },
  { field: 'status', sql: 'status', type: 'smallint', select: 'l.status::int', csv: 'status', capture: (call) => call.status },
  {
    field: 'durationMs',
    sql: 'duration_ms',
    type: 'real',
    select: 'l.duration_ms::float8',
    csv: 'duration_ms',
    capture: (call) => round2(call.durationMs),
    read: (value: number) => round2(value),
  },
  { field: 'responseBytes', sql: 'response_bytes', type: 'integer', csv: 'response_bytes', capture: (call) => call.responseBytes },
  {
    field: 'userAgent',
    sql: 'user_agent',
    type: 'text',
    csv: 'user_agent',
    maxLength: MAX_USER_AGENT,
    capture: (call): string | null => {
      const userAgent = call.request.headers['user-agent'];
      return typeof userAgent === 'string' ? userAgent : null;
    },
  },
  // As Fastify sees it through the trusted proxies, in its canonical form; null when that is not an address
  // by the strict rule (src/shared/ip-address.ts): a forwarded value is whatever the proxy was sent.
  {
    field: 'clientAddress',
    sql: 'client_address',
    type: 'text',
    csv: 'client_address',
    capture: (call): string | null => (call.request.ip === undefined ? null : (displayAddress(call.request.ip) ?? null)),
  },
] as const satisfies readonly Column[];

type AnyColumn = (typeof COLUMNS)[number];
export type StoredColumn = Extract<AnyColumn, { capture: unknown }>;
export type ShownColumn = Exclude<AnyColumn, { hidden: true }>;
type CsvColumn = Extract<ShownColumn, { csv: string }>;

export const STORED_COLUMNS = COLUMNS.filter((column): column is StoredColumn => 'capture' in column);
export const SHOWN_COLUMNS = COLUMNS.filter((column): column is ShownColumn => !('hidden' in column));
export const CSV_COLUMNS = SHOWN_COLUMNS.filter((column): column is CsvColumn => column.csv !== null);
