/**
 * The request log on PostgreSQL (and PGlite, the same SQL): the tables of migrations 006, 008, 009 and 019. Writing a
 * batch (log rows and the hourly and daily rollups it adds to, in one statement), reading a user's log newest
 * first by keyset, one entry, the usage series and per-operation figures from the rollups, and retention (day
 * partitions dropped, nothing deleted row by row except stragglers). The only module that knows these
 * tables; the server reaches it through RequestLogStore (store.ts), in the spec's shapes: the SQL names
 * (operation_id, too_many) stay in this file.
 */
import type { Queryable } from '../db/database.ts';
import { apiRowOf, type LogSqlRow } from './api-row.ts';
import { logRowsParams, logRowsSelect } from './batch-rows.ts';
import { SHOWN_COLUMNS, type RequestLogRow } from './columns.ts';
import type { RequestLogEntry } from './entry.ts';
import { BUCKET_COUNT } from './latency-buckets.ts';
import { DAY_MS, HOUR_MS, rollUp, type RollupRow } from './rollup.ts';
import { ERROR_OUTCOMES, OUTCOME_CLASSES, type Outcome } from '../../shared/outcomes.ts';
import type { LogCursor, LogFilter, OperationUsageRow, RequestLogStore, SeriesPoint, TokenUsageRow, UsageFilter } from './store.ts';

/** Each outcome class's count column in the rollup tables. */
const OUTCOME_COLUMNS: Record<Outcome, string> = {
  ok: 'ok',
  redirection: 'redirection',
  clientError: 'client_error',
  unauthorized: 'unauthorized',
  tooManyRequests: 'too_many',
  serverError: 'server_error',
};
const COUNT_COLUMNS = ['calls', ...OUTCOME_CLASSES.map((outcome) => OUTCOME_COLUMNS[outcome])];
/** Token, start, operation, user, the counts, the duration sum and the histogram. */
const ROLLUP_PARAMS = 4 + COUNT_COLUMNS.length + 2;
/** The log rows' parameters follow the hourly and the daily rollups' parameters. */
const LOG_ROWS = logRowsSelect(2 * ROLLUP_PARAMS + 1);

/** Adds a batch's rollup rows (parameters first..first+ROLLUP_PARAMS-1) to `table`, whose period column is `period`. */
function rollupUpsert(table: 'request_usage_hourly' | 'request_usage_daily', period: 'hour' | 'day', first: number): string {
  const columns = ['token_id', 'start', 'operation_id', 'user_id', ...COUNT_COLUMNS, 'duration_ms_sum', 'latency_buckets'];
  const types = ['int', 'timestamptz', 'text', 'int', ...COUNT_COLUMNS.map(() => 'int'), 'float8', 'text'];
  const arrays = types.map((type, i) => `$${first + i}::${type}[]`).join(', ');
  return `INSERT INTO ${table} AS r
       (${columns.join(', ').replace('start', period)})
     SELECT ${columns.slice(0, -1).join(', ')}, latency_buckets::int[]
       FROM unnest(${arrays})
            WITH ORDINALITY AS t(${columns.join(', ')}, ord)
      ORDER BY ord
     ON CONFLICT (token_id, ${period}, operation_id) DO UPDATE SET
       ${COUNT_COLUMNS.map((column) => `${column} = r.${column} + excluded.${column}`).join(',\n       ')},
       duration_ms_sum = r.duration_ms_sum + excluded.duration_ms_sum,
       latency_buckets = (SELECT array_agg(a + b ORDER BY i) FROM unnest(r.latency_buckets, excluded.latency_buckets) WITH ORDINALITY AS u(a, b, i))`;
}

const rollupParams = (rows: readonly RollupRow[]): unknown[][] => [
  rows.map((r) => r.tokenId),
  rows.map((r) => r.start.toISOString()),
  rows.map((r) => r.operationId),
  rows.map((r) => r.userId),
  rows.map((r) => r.calls),
  ...OUTCOME_CLASSES.map((outcome) => rows.map((r) => r.outcomes[outcome])),
  rows.map((r) => r.durationMsSum),
  rows.map((r) => `{${r.latencyBuckets.join(',')}}`),
];

/**
 * The log rows and both rollups in one statement, so one commits only with the others. Every writer locks
 * the daily rows (the main statement) before the hourly ones (the CTE, run to completion after it), each in
 * key order: two replicas' batches never wait on each other in a cycle.
 */
const INSERT_BATCH = `WITH logged AS (
       INSERT INTO request_log (${LOG_ROWS.names})
       ${LOG_ROWS.select}
     ),
     hourly AS (
       ${rollupUpsert('request_usage_hourly', 'hour', 1)}
     )
     ${rollupUpsert('request_usage_daily', 'day', ROLLUP_PARAMS + 1)}`;

async function insertBatch(db: Queryable, entries: readonly RequestLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.query(INSERT_BATCH, [...rollupParams(rollUp(entries, HOUR_MS)), ...rollupParams(rollUp(entries, DAY_MS)), ...logRowsParams(entries)]);
}

/** Every shown column under its SQL name (LogSqlRow); the token's title comes from TITLE_JOINS. */
const ROW_COLUMNS = SHOWN_COLUMNS.map((column) => ('select' in column ? `${column.select} AS ${column.sql}` : `l.${column.sql}`)).join(', ');
const TITLE_JOINS = `LEFT JOIN api_tokens t ON t.id = l.token_id LEFT JOIN deleted_token_titles d ON d.token_id = l.token_id`;
/**
 * The tokens with calls in the page's range ($1 user, $2 from, $3 to): their daily rollup rows are written in the
 * same statement as the calls and leave with them, so no token with a call in the range is missed.
 */
const TOKENS_IN_RANGE = `SELECT DISTINCT r.token_id FROM request_usage_daily r
  WHERE r.user_id = $1 AND r.day > $2::timestamptz - interval '1 day' AND r.day < $3`;

/**
 * One page, newest first. Only the filters given appear in the statement, so each combination is its own
 * prepared statement with a plan that uses the index made for it (a status other than 2xx: the partial
 * indexes of calls answered 300 or above); titles are joined after the LIMIT. A page of all the user's
 * tokens merges each token's newest calls (migration 009 keeps no index of a user's calls in time order).
 */
async function listLog(db: Queryable, filter: LogFilter, cursor: LogCursor | undefined, limit: number): Promise<RequestLogRow[]> {
  const params: unknown[] = [filter.userId, filter.from.toISOString(), filter.to.toISOString()];
  const where = ['l.user_id = $1', 'l.logged_at >= $2', 'l.logged_at < $3'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.tokenId !== undefined) where.push(`l.token_id = ${add(filter.tokenId)}`);
  if (filter.operationId !== undefined) where.push(`l.operation_id = ${add(filter.operationId)}`);
  // A status other than 2xx reads migration 008's partial indexes.
  const partialIndexed = filter.status !== undefined && filter.status.min >= 300;
  if (filter.status !== undefined) {
    where.push(`l.status BETWEEN ${add(filter.status.min)} AND ${add(filter.status.max)}`);
    // Their predicate, as text: a parameter alone would not prove it.
    if (partialIndexed) where.push('l.status >= 300');
  }
  if (cursor !== undefined) {
    const at = add(new Date(cursor.loggedAtMs).toISOString());
    where.push(`l.logged_at <= ${at}::timestamptz`, `(l.logged_at, l.id) < (${at}::timestamptz, ${add(cursor.id)}::bigint)`);
  }
  const newest = `ORDER BY l.logged_at DESC, l.id DESC LIMIT ${add(limit)}`;
  const page =
    filter.tokenId !== undefined || filter.operationId !== undefined || partialIndexed
      ? `SELECT * FROM request_log l WHERE ${where.join(' AND ')} ${newest}`
      : `SELECT l.* FROM (${TOKENS_IN_RANGE}) k
           CROSS JOIN LATERAL (SELECT * FROM request_log l WHERE l.token_id = k.token_id AND ${where.join(' AND ')} ${newest}) l
         ${newest}`;
  const rows = await db.query<LogSqlRow & Record<string, unknown>>(
    `SELECT ${ROW_COLUMNS} FROM (${page}) l ${TITLE_JOINS} ORDER BY l.logged_at DESC, l.id DESC`,
    params,
  );
  return rows.map(apiRowOf);
}

async function findLogEntry(db: Queryable, userId: number, id: number): Promise<RequestLogRow | undefined> {
  const rows = await db.query<LogSqlRow & Record<string, unknown>>(
    `SELECT ${ROW_COLUMNS} FROM request_log l ${TITLE_JOINS} WHERE l.id = $1 AND l.user_id = $2`,
    [id, userId],
  );
  return rows[0] === undefined ? undefined : apiRowOf(rows[0]);
}

const ROLLUP_VALUES = ['operation_id', ...COUNT_COLUMNS, 'latency_buckets'].map((column) => `r.${column}`).join(', ');

/**
 * The rollup rows counting the range, as a subquery of rows (start, operation_id, calls, outcomes,
 * latency_buckets). An hour counts when it overlaps the range: rollups are hourly. With `wholeDays`, each
 * UTC day wholly inside the range is read as its one daily row (the sum of its hours, written with them)
 * and only the hours outside those days from the hourly rollups: the same sums from far fewer rows.
 */
function rollupRows(filter: UsageFilter, wholeDays: boolean): { rows: string; params: unknown[] } {
  const params: unknown[] = [filter.userId, filter.from.toISOString(), filter.to.toISOString()];
  const token = filter.tokenId === undefined ? '' : ` AND r.token_id = $${params.push(filter.tokenId)}`;
  const operation = filter.operationId === undefined ? '' : ` AND r.operation_id = $${params.push(filter.operationId)}`;
  const hourly = (where: string) =>
    `SELECT r.hour AS start, ${ROLLUP_VALUES} FROM request_usage_hourly r
      WHERE r.user_id = $1 AND r.hour > $2::timestamptz - interval '1 hour' AND r.hour < $3${where}${token}${operation}`;
  const firstDay = Math.ceil(filter.from.getTime() / DAY_MS) * DAY_MS;
  const endDay = Math.floor(filter.to.getTime() / DAY_MS) * DAY_MS;
  if (!wholeDays || firstDay >= endDay) return { rows: `(${hourly('')})`, params };
  const first = `$${params.push(new Date(firstDay).toISOString())}::timestamptz`;
  const end = `$${params.push(new Date(endDay).toISOString())}::timestamptz`;
  return {
    rows: `(${hourly(` AND r.hour < ${first}`)}
      UNION ALL ${hourly(` AND r.hour >= ${end}`)}
      UNION ALL SELECT r.day AS start, ${ROLLUP_VALUES} FROM request_usage_daily r
                 WHERE r.user_id = $1 AND r.day >= ${first} AND r.day < ${end}${token}${operation})`,
    params,
  };
}

/** The outcome classes the filter keeps: all of them without a status filter. */
const keptOutcomes = (filter: UsageFilter): readonly Outcome[] => filter.outcomes ?? OUTCOME_CLASSES;
/** The sum of some outcome columns of a rollup row, as SQL (0 for none). */
const countOf = (outcomes: readonly Outcome[]) => (outcomes.length === 0 ? '0' : outcomes.map((outcome) => `r.${OUTCOME_COLUMNS[outcome]}`).join(' + '));

async function usageSeries(db: Queryable, filter: UsageFilter, bucket: 'hour' | 'day'): Promise<SeriesPoint[]> {
  const { rows, params } = rollupRows(filter, bucket === 'day');
  const kept = keptOutcomes(filter);
  // A class the status filter leaves out counts 0; a bucket with none of the kept calls is left out.
  const counts = OUTCOME_CLASSES.map((outcome) => `${kept.includes(outcome) ? `sum(r.${OUTCOME_COLUMNS[outcome]})::int` : '0'} AS "${outcome}"`);
  const points = await db.query<Omit<SeriesPoint, 'start'> & { start: Date }>(
    `SELECT date_trunc('${bucket}', r.start, 'UTC') AS start, ${counts.join(', ')}
       FROM ${rows} r GROUP BY 1 HAVING sum(${countOf(kept)}) > 0 ORDER BY 1`,
    params,
  );
  return points.map((point) => ({ ...point, start: point.start.toISOString() }));
}

/** Each histogram bucket summed on its own: one pass over the rollup rows, no unnest. */
const SUMMED_BUCKETS = `ARRAY[${Array.from({ length: BUCKET_COUNT }, (_, i) => `sum(r.latency_buckets[${i + 1}])::int`).join(', ')}]`;

async function usageByOperation(db: Queryable, filter: UsageFilter): Promise<OperationUsageRow[]> {
  const { rows, params } = rollupRows(filter, true);
  const kept = keptOutcomes(filter);
  const calls = filter.outcomes === undefined ? 'r.calls' : countOf(kept);
  // Histograms count every outcome together: under a status filter the latency of the kept calls is unknown.
  const buckets = filter.outcomes === undefined ? SUMMED_BUCKETS : 'NULL::int[]';
  return db.query<OperationUsageRow & Record<string, unknown>>(
    `SELECT r.operation_id AS "operationId", sum(${calls})::int AS calls,
            sum(${countOf(ERROR_OUTCOMES.filter((outcome) => kept.includes(outcome)))})::int AS errors,
            ${buckets} AS "latencyBuckets"
       FROM ${rows} r
      GROUP BY r.operation_id HAVING sum(${calls}) > 0 ORDER BY calls DESC, r.operation_id`,
    params,
  );
}

async function usageByTokenAndDay(db: Queryable, userId: number, from: Date): Promise<TokenUsageRow[]> {
  return db.query<TokenUsageRow & Record<string, unknown>>(
    `WITH tokens AS (
       SELECT id AS token_id, title, environment, false AS deleted FROM api_tokens WHERE user_id = $1
       UNION ALL
       SELECT token_id, title, environment, true FROM deleted_token_titles WHERE user_id = $1),
     daily AS (
       SELECT r.token_id, date_trunc('day', r.hour, 'UTC') AS day, sum(r.calls)::int AS calls,
              sum(${countOf(ERROR_OUTCOMES)})::int AS errors
         FROM request_usage_hourly r WHERE r.user_id = $1 AND r.hour >= $2 GROUP BY 1, 2)
     SELECT t.token_id AS "tokenId", t.title, t.environment, t.deleted, d.day, COALESCE(d.calls, 0) AS calls, COALESCE(d.errors, 0) AS errors
       FROM tokens t LEFT JOIN daily d ON d.token_id = t.token_id
      ORDER BY t.deleted, t.token_id, d.day`,
    [userId, from.toISOString()],
  );
}

/**
 * Retention: day partitions ahead exist, those wholly past `keepDays` are dropped, and the few rows that
 * went to the default partition, the rollups and deleted tokens' titles past retention are deleted in
 * small batches. The stragglers and the rollups go by the partitions' rule (whole UTC days before today -
 * keepDays), so a daily row and its hours always leave together. Returns how many partitions were dropped.
 */
async function applyRetention(db: Queryable, keepDays: number, batchSize = 5_000): Promise<number> {
  await db.query('SELECT request_log_ensure_partitions(7)');
  const [dropped] = await db.query<{ n: number }>('SELECT request_log_drop_partitions($1) AS n', [keepDays]);
  const cutoff = `now() - make_interval(days => $1)`;
  const oldestKeptDay = `(((now() AT TIME ZONE 'UTC')::date - $1::int)::timestamp AT TIME ZONE 'UTC')`;
  for (const statement of [
    `DELETE FROM request_log_default WHERE ctid = ANY (ARRAY(SELECT ctid FROM request_log_default WHERE logged_at < ${oldestKeptDay} LIMIT $2))`,
    `DELETE FROM request_usage_daily WHERE ctid = ANY (ARRAY(SELECT ctid FROM request_usage_daily WHERE day < ${oldestKeptDay} LIMIT $2))`,
    `DELETE FROM request_usage_hourly WHERE ctid = ANY (ARRAY(SELECT ctid FROM request_usage_hourly WHERE hour < ${oldestKeptDay} LIMIT $2))`,
  ]) {
    for (;;) {
      const rows = await db.query(`${statement} RETURNING 1`, [keepDays, batchSize]);
      if (rows.length < batchSize) break;
    }
  }
  await db.query(`DELETE FROM deleted_token_titles WHERE deleted_at < ${cutoff}`, [keepDays]);
  return dropped?.n ?? 0;
}

async function ensureDaysAhead(db: Queryable): Promise<void> {
  // Partitions are made a week ahead: tomorrow's existing means today's does too.
  const [row] = await db.query<{ ready: boolean }>(
    `SELECT to_regclass('request_log_p' || to_char((now() AT TIME ZONE 'UTC')::date + 1, 'YYYYMMDD')) IS NOT NULL AS ready`,
  );
  if (row?.ready !== true) await db.query('SELECT request_log_ensure_partitions(7)');
}

/**
 * `db` answers the reads; `writes` takes the batches: the Database's relaxed connections, which commit
 * without waiting for the WAL flush (a PostgreSQL crash may lose its last fraction of a second of batches).
 */
export function createPostgresRequestLogStore(db: Queryable, writes: Queryable = db): RequestLogStore {
  return {
    append: (batch) => insertBatch(writes, batch),
    page: (filter, cursor, limit) => listLog(db, filter, cursor, limit),
    entry: (userId, id) => findLogEntry(db, userId, id),
    series: (filter, bucket) => usageSeries(db, filter, bucket),
    byOperation: (filter) => usageByOperation(db, filter),
    byTokenAndDay: (userId, from) => usageByTokenAndDay(db, userId, from),
    applyRetention: (keepDays) => applyRetention(db, keepDays),
    ensureDaysAhead: () => ensureDaysAhead(db),
  };
}
