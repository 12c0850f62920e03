-- Daily rollups and indexes for the unsuccessful calls, so the Usage screen's 30-day chart and its filtered log
-- pages stay fast at tens of millions of log rows (bench/REPORT.md section 5 keeps the EXPLAINs).

-- The hourly rollups summed per UTC day: a month's chart reads some 30 rows per token and operation
-- instead of 720. Written by the same statement as the hourly rows (src/server/request-log/postgres-store.ts),
-- so each row always equals the sum of its day's hourly rows; reads take whole days from here and the partial
-- days at a range's edges from the hourly table. Counts stay integers: the per-token rate limit's maximum
-- (1,000,000 a minute) keeps one token's calls to one operation in a day below 2^31.
CREATE TABLE request_usage_daily (
  token_id        integer NOT NULL,
  -- UTC midnight.
  day             timestamptz NOT NULL,
  operation_id    text NOT NULL,
  user_id         integer NOT NULL,
  calls           integer NOT NULL,
  ok              integer NOT NULL,
  client_error    integer NOT NULL,
  unauthorized    integer NOT NULL,
  too_many        integer NOT NULL,
  server_error    integer NOT NULL,
  duration_ms_sum double precision NOT NULL,
  latency_buckets integer[] NOT NULL,
  PRIMARY KEY (token_id, day, operation_id)
);
CREATE INDEX request_usage_daily_user_day ON request_usage_daily (user_id, day);

WITH hourly AS (SELECT *, date_trunc('day', hour, 'UTC') AS day FROM request_usage_hourly),
-- The histograms summed bucket by bucket.
buckets AS (
  SELECT h.token_id, h.day, h.operation_id, u.i, sum(u.n)::int AS n
    FROM hourly h, unnest(h.latency_buckets) WITH ORDINALITY AS u(n, i)
   GROUP BY 1, 2, 3, 4),
histograms AS (SELECT token_id, day, operation_id, array_agg(n ORDER BY i) AS latency_buckets FROM buckets GROUP BY 1, 2, 3)
INSERT INTO request_usage_daily
  (token_id, day, operation_id, user_id, calls, ok, client_error, unauthorized, too_many, server_error, duration_ms_sum, latency_buckets)
SELECT h.token_id, h.day, h.operation_id, min(h.user_id), sum(h.calls), sum(h.ok), sum(h.client_error), sum(h.unauthorized),
       sum(h.too_many), sum(h.server_error), sum(h.duration_ms_sum), COALESCE(min(b.latency_buckets), '{}')
  FROM hourly h LEFT JOIN histograms b USING (token_id, day, operation_id)
 GROUP BY h.token_id, h.day, h.operation_id;

-- The log's calls answered other than 2xx, newest first: a page filtered to 3xx, 4xx, 5xx, 401 or 429 reads
-- only such rows instead of skipping the 2xx calls around them. Partial, so a 2xx call, the bulk of any log,
-- costs no entry here. The page's statement names `status >= 300` literally, so a generic plan can use them.
CREATE INDEX request_log_user_unsuccessful ON request_log (user_id, logged_at DESC, id DESC) WHERE status >= 300;
CREATE INDEX request_log_operation_unsuccessful ON request_log (user_id, operation_id, logged_at DESC, id DESC) WHERE status >= 300;
