/**
 * Reading the Usage operations' query: the range (default: the last 24 hours; `from` before `to`, at most
 * 400 days), the token, status and operation filters, and the log cursor. Bad values answer 400 naming the
 * parameter; the spec has already checked their shapes.
 */
import { HttpError } from '../../lib/http-error.ts';
import type { LogCursor, LogFilter, UsageFilter } from '../../request-log/store.ts';
import { STATUS_FILTER_OUTCOMES, type StatusFilter } from '../../../shared/outcomes.ts';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 400;

export interface UsageQuery {
  from?: string;
  to?: string;
  tokenId?: number;
  status?: StatusFilter;
  operation?: string;
  cursor?: string;
}

function date(name: string, value: string | undefined, fallback: Date): Date {
  if (value === undefined) return fallback;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new HttpError(400, `${name} must be a date-time`);
  return parsed;
}

function rangeFilter(userId: number, query: UsageQuery, now: number) {
  const to = date('to', query.to, new Date(now));
  const from = date('from', query.from, new Date(to.getTime() - DAY_MS));
  if (from.getTime() >= to.getTime()) throw new HttpError(400, 'from must be before to');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) throw new HttpError(400, `from must be at most ${MAX_RANGE_DAYS} days before to`);
  return {
    userId,
    from,
    to,
    ...(query.tokenId === undefined ? {} : { tokenId: query.tokenId }),
    ...(query.operation === undefined ? {} : { operationId: query.operation }),
  };
}

/** The chart's, totals' and per-operation table's filter: the rollups count by outcome class. */
export function usageFilter(userId: number, query: UsageQuery, now: number): UsageFilter {
  return { ...rangeFilter(userId, query, now), ...(query.status === undefined ? {} : { outcomes: STATUS_FILTER_OUTCOMES[query.status] }) };
}

const STATUS_RANGES: Record<StatusFilter, { min: number; max: number }> = {
  '2xx': { min: 200, max: 299 },
  '3xx': { min: 300, max: 399 },
  '4xx': { min: 400, max: 499 },
  '5xx': { min: 500, max: 599 },
  '401': { min: 401, max: 401 },
  '429': { min: 429, max: 429 },
};

export function logFilter(userId: number, query: UsageQuery, now: number): LogFilter {
  return {
    ...rangeFilter(userId, query, now),
    ...(query.status === undefined ? {} : { status: STATUS_RANGES[query.status] }),
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
