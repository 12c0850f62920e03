/**
 * Reading the Usage operations' query: the range (default: the last 24 hours; `from` before `to`, at most
 * 400 days), the token, status and operation filters, and the log cursor. Bad values answer 400 naming the
 * parameter; the spec has already checked their shapes.
 */
import { HttpError } from '../../lib/http-error.ts';
import type { LogCursor, LogFilter, UsageFilter } from '../../request-log/store.ts';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 400;

export interface UsageQuery {
  from?: string;
  to?: string;
  tokenId?: number;
  status?: '2xx' | '3xx' | '4xx' | '5xx' | '401' | '429';
  operation?: string;
  cursor?: string;
}

function date(name: string, value: string | undefined, fallback: Date): Date {
  if (value === undefined) return fallback;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new HttpError(400, `${name} must be a date-time`);
  return parsed;
}

export function usageFilter(userId: number, query: UsageQuery, now: number): UsageFilter {
  const to = date('to', query.to, new Date(now));
  const from = date('from', query.from, new Date(to.getTime() - DAY_MS));
  if (from.getTime() >= to.getTime()) throw new HttpError(400, 'from must be before to');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) throw new HttpError(400, `from must be at most ${MAX_RANGE_DAYS} days before to`);
  return { userId, from, to, ...(query.tokenId === undefined ? {} : { tokenId: query.tokenId }) };
}

const STATUS_RANGES = {
  '2xx': { min: 200, max: 299 },
  '3xx': { min: 300, max: 399 },
  '4xx': { min: 400, max: 499 },
  '5xx': { min: 500, max: 599 },
  '401': { min: 401, max: 401 },
  '429': { min: 429, max: 429 },
} as const;

export function logFilter(userId: number, query: UsageQuery, now: number): LogFilter {
  return {
    ...usageFilter(userId, query, now),
    ...(query.status === undefined ? {} : { status: STATUS_RANGES[query.status] }),
    ...(query.operation === undefined ? {} : { operationId: query.operation }),
  };
}

export function parseCursor(cursor: string | undefined): LogCursor | undefined {
  if (cursor === undefined) return undefined;
  const [at, id] = cursor.split('-').map(Number);
  if (!Number.isSafeInteger(at) || !Number.isSafeInteger(id)) throw new HttpError(400, 'cursor must be a nextCursor of a previous page');
  return { loggedAtMs: at!, id: id! };
}

export function cursorOf(row: { time: string; id: number }): string {
  return `${Date.parse(row.time)}-${row.id}`;
}
