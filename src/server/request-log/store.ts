/**
 * The request log's one boundary: everything the rest of the server does with the log goes through a
 * RequestLogStore, so only this folder knows where and how calls are stored (today the tables of
 * migration 006 on PostgreSQL or PGlite, postgres-store.ts). Moving the log to another engine
 * (docs/scaling.md: TimescaleDB, then ClickHouse) is another implementation of this interface, made in
 * app.ts, with nothing else changed. Every read is scoped to one user.
 */
import type { LogSqlRow } from './api-row.ts';
import type { RequestLogEntry } from './entry.ts';

export interface UsageFilter {
  userId: number;
  from: Date;
  to: Date;
  tokenId?: number;
}

export interface LogFilter extends UsageFilter {
  /** Inclusive status range (a class such as 400..499, or one status). */
  status?: { min: number; max: number };
  operationId?: string;
}

/** Newest first: strictly before this (time, id). */
export interface LogCursor {
  loggedAtMs: number;
  id: number;
}

/** Calls per outcome in one bucket of the chart. */
export interface SeriesRow {
  start: Date;
  ok: number;
  client_error: number;
  unauthorized: number;
  too_many: number;
  server_error: number;
}

export interface OperationUsageRow {
  operation_id: string;
  calls: number;
  errors: number;
  /** Counts per bucket of latency-buckets.ts. */
  latency_buckets: number[];
}

export interface TokenUsageRow {
  token_id: number;
  title: string;
  deleted: boolean;
  day: Date | null;
  calls: number;
  errors: number;
}

export interface RequestLogStore {
  /** Stores a batch of calls and adds them to the usage figures, all or nothing (the batch writer retries). */
  append(batch: readonly RequestLogEntry[]): Promise<void>;
  /** One page of the log, newest first, strictly before `cursor` (the list and the CSV download read pages). */
  page(filter: LogFilter, cursor: LogCursor | undefined, limit: number): Promise<LogSqlRow[]>;
  /** One entry of the user's log; undefined when it is not theirs or has gone. */
  entry(userId: number, id: number): Promise<LogSqlRow | undefined>;
  /** Calls per outcome per UTC hour or day over the range. */
  series(filter: UsageFilter, bucket: 'hour' | 'day'): Promise<SeriesRow[]>;
  /** Calls, errors and the latency histogram per operation over the range, busiest first. */
  byOperation(filter: UsageFilter): Promise<OperationUsageRow[]>;
  /**
   * The user's tokens (live ones, and deleted ones still within retention) with their calls per UTC day
   * since `from`: one row per token and day with calls, and one with day null for a token without any.
   */
  byTokenAndDay(userId: number, from: Date): Promise<TokenUsageRow[]>;
  /** Keeps `keepDays` days and makes room for the days ahead; returns how many day partitions went. */
  applyRetention(keepDays: number): Promise<number>;
  /**
   * Makes sure today's and tomorrow's rows have a place before the first write (one catalogue lookup when
   * they do): a row that fell into the default partition would stop its day's partition being created.
   */
  ensureDaysAhead(): Promise<void>;
}
