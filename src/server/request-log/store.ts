/**
 * The request log's one boundary: everything the rest of the server does with the log goes through a
 * RequestLogStore, so only this folder knows where and how calls are stored (today the tables of
 * migration 006 on PostgreSQL or PGlite, postgres-store.ts). It answers in the spec's shapes (field names
 * and outcome classes as openapi/ writes them), so moving the log to another engine (docs/scaling.md:
 * TimescaleDB, then ClickHouse) is one more implementation of this interface, chosen in storage.ts, and the
 * handlers map nothing back. Every read is scoped to one user.
 */
import type { Outcome } from '../../shared/outcomes.ts';
import type { TokenEnvironment } from '../../shared/token-environment.ts';
import type { Schemas } from '../lib/schemas.ts';
import type { RequestLogRow } from './columns.ts';
import type { RequestLogEntry } from './entry.ts';

interface RangeFilter {
  userId: number;
  from: Date;
  to: Date;
  tokenId?: number;
  operationId?: string;
}

/** The usage figures' filter: a status filter is the outcome classes it keeps (src/shared/outcomes.ts). */
export interface UsageFilter extends RangeFilter {
  outcomes?: readonly Outcome[];
}

export interface LogFilter extends RangeFilter {
  /** Inclusive status range (a class such as 400..499, or one status). */
  status?: { min: number; max: number };
}

/** Newest first: strictly before this (time, id). */
export interface LogCursor {
  loggedAtMs: number;
  id: number;
}

/** Calls per outcome in one bucket of the chart: a point of the spec's UsageSeries. */
export type SeriesPoint = Schemas['UsageSeries']['points'][number];

// The spec's point has exactly a start and a count per outcome class (src/shared/outcomes.ts): a class
// added on one side only fails the typecheck here.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const pointHasEveryOutcome: Exactly<keyof SeriesPoint, 'start' | Outcome> = true;
void pointHasEveryOutcome;

export interface OperationUsageRow {
  operationId: string;
  calls: number;
  errors: number;
  /** Counts per bucket of latency-buckets.ts; null under a status filter (histograms mix every outcome). */
  latencyBuckets: number[] | null;
}

export interface TokenUsageRow {
  tokenId: number;
  title: string;
  environment: TokenEnvironment;
  deleted: boolean;
  day: Date | null;
  calls: number;
  errors: number;
}

export interface RequestLogStore {
  /** Stores a batch of calls and adds them to the usage figures, all or nothing (the batch writer retries). */
  append(batch: readonly RequestLogEntry[]): Promise<void>;
  /** One page of the log, newest first, strictly before `cursor` (the list and the CSV download read pages). */
  page(filter: LogFilter, cursor: LogCursor | undefined, limit: number): Promise<RequestLogRow[]>;
  /** One entry of the user's log; undefined when it is not theirs or has gone. */
  entry(userId: number, id: number): Promise<RequestLogRow | undefined>;
  /** Calls per outcome per UTC hour or day over the range. */
  series(filter: UsageFilter, bucket: 'hour' | 'day'): Promise<SeriesPoint[]>;
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
