/**
 * Many request-log rows for one user (`npm run seed -- --request-logs N`), for measuring the Usage
 * screen's queries at volume: spread evenly over the last 30 days across the user's tokens and a dozen
 * operations, about 4% of them errors, written by generate_series in chunks (no row crosses the network),
 * then the hourly and daily rollups rebuilt from them. Day partitions for the 31 days are created first.
 */
import type { Database } from '../db/database.ts';
import type { StoredColumn } from './columns.ts';
import { BUCKET_COUNT, UPPER_BOUNDS_MS } from './latency-buckets.ts';

const OPERATIONS = [
  'listSellerNormalOrders',
  'getSellerNormalOrder',
  'listSellerProducts',
  'getSellerProduct',
  'listSellerWarehouses',
  'getSellerWarehouse',
  'listSellerQuotations',
  'getSellerQuotation',
  'listSellerImports',
  'getSellerImport',
  'listSellerReturnOrders',
  'getSellerReturnOrder',
];
const CHUNK = 500_000;
const SPAN_DAYS = 30;

/**
 * Row g's value for each column, named as the column table (columns.ts) names it; a column
 * left out gets its default. Row g is (count - g) steps of 30 days / count before the end: newest last,
 * like real traffic.
 */
const ROW_VALUES = {
  logged_at: `$1::timestamptz - ($2 - g) * (interval '${SPAN_DAYS} days' / $2)`,
  user_id: '$3',
  token_id: '($4::int[])[1 + g % cardinality($4::int[])]',
  operation_id: '($5::text[])[1 + (g / 7) % cardinality($5::text[])]',
  method: `'GET'`,
  path: `'/api/v1/seller/orders/normal?page=' || (g % 50) || '&size=20'`,
  status: `CASE WHEN g % 100 = 3 THEN 404 WHEN g % 100 = 7 THEN 400 WHEN g % 200 = 11 THEN 429 WHEN g % 500 = 13 THEN 500
                WHEN g % 250 = 17 THEN 401 ELSE 200 END`,
  duration_ms: '1 + (g % 97) * 0.4',
  response_bytes: '200 + (g % 5000)',
  user_agent: `'bench-client/1.0'`,
  client_address: `'203.0.113.' || (g % 250)`,
} satisfies Partial<Record<StoredColumn['sql'], string>>;

export async function insertBulkRequestLogs(db: Database, options: { count: number; userId: number; onProgress?: (done: number) => void }): Promise<void> {
  const tokens = (await db.query<{ id: number }>('SELECT id FROM api_tokens WHERE user_id = $1 ORDER BY id', [options.userId])).map((row) => row.id);
  if (tokens.length === 0) throw new Error(`user ${options.userId} has no API token: create one first`);
  await db.exec(`DO $$
    DECLARE day date;
    BEGIN
      FOR i IN -${SPAN_DAYS + 1}..0 LOOP
        day := (now() AT TIME ZONE 'UTC')::date + i;
        IF to_regclass('request_log_p' || to_char(day, 'YYYYMMDD')) IS NULL THEN
          EXECUTE format('CREATE TABLE %I PARTITION OF request_log FOR VALUES FROM (%L) TO (%L)', 'request_log_p' || to_char(day, 'YYYYMMDD'),
            (day::timestamp AT TIME ZONE 'UTC'), ((day + 1)::timestamp AT TIME ZONE 'UTC'));
        END IF;
      END LOOP;
    END $$`);
  const started = await db.query<{ now: Date }>('SELECT now() AS now');
  const end = started[0]!.now.toISOString();
  for (let from = 0; from < options.count; from += CHUNK) {
    const to = Math.min(options.count, from + CHUNK) - 1;
    await db.query(
      `INSERT INTO request_log (${Object.keys(ROW_VALUES).join(', ')})
       SELECT ${Object.values(ROW_VALUES).join(', ')}
         FROM generate_series($6::bigint, $7::bigint) AS g`,
      [end, options.count, options.userId, tokens, OPERATIONS, from, to],
    );
    options.onProgress?.(to + 1);
  }
  const buckets = UPPER_BOUNDS_MS.map(
    (bound, i) => `count(*) FILTER (WHERE duration_ms ${i === 0 ? '' : `> ${UPPER_BOUNDS_MS[i - 1]} AND duration_ms `}<= ${bound})`,
  );
  buckets.push(`count(*) FILTER (WHERE duration_ms > ${UPPER_BOUNDS_MS[UPPER_BOUNDS_MS.length - 1]})`);
  await db.query('DELETE FROM request_usage_hourly WHERE user_id = $1', [options.userId]);
  await db.query(
    `INSERT INTO request_usage_hourly (token_id, hour, operation_id, user_id, calls, ok, redirection, client_error, unauthorized, too_many, server_error, duration_ms_sum, latency_buckets)
     SELECT token_id, date_trunc('hour', logged_at, 'UTC'), operation_id, user_id, count(*),
            count(*) FILTER (WHERE status < 300), count(*) FILTER (WHERE status >= 300 AND status < 400),
            count(*) FILTER (WHERE status >= 400 AND status < 500 AND status NOT IN (401, 429)),
            count(*) FILTER (WHERE status = 401), count(*) FILTER (WHERE status = 429), count(*) FILTER (WHERE status >= 500),
            sum(duration_ms), ARRAY[${buckets.join(', ')}]::int[]
       FROM request_log WHERE user_id = $1 GROUP BY 1, 2, 3, 4`,
    [options.userId],
  );
  // The daily rollups: each day's hours summed, as the batch insert keeps them.
  await db.query('DELETE FROM request_usage_daily WHERE user_id = $1', [options.userId]);
  await db.query(
    `INSERT INTO request_usage_daily (token_id, day, operation_id, user_id, calls, ok, redirection, client_error, unauthorized, too_many, server_error, duration_ms_sum, latency_buckets)
     SELECT token_id, date_trunc('day', hour, 'UTC'), operation_id, user_id, sum(calls), sum(ok), sum(redirection), sum(client_error), sum(unauthorized), sum(too_many),
            sum(server_error), sum(duration_ms_sum), ARRAY[${Array.from({ length: BUCKET_COUNT }, (_, i) => `sum(latency_buckets[${i + 1}])`).join(', ')}]::int[]
       FROM request_usage_hourly WHERE user_id = $1 GROUP BY 1, 2, 3, 4`,
    [options.userId],
  );
  await db.exec('ANALYZE request_log; ANALYZE request_usage_hourly; ANALYZE request_usage_daily');
}
