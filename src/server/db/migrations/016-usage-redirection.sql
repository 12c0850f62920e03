-- A 3xx answer (a 304 to a conditional request) gets its own count in the usage rollups, so the chart can
-- stack it and the Usage screen's 3xx filter can count it; until now such calls counted as `ok`.
ALTER TABLE request_usage_hourly ADD COLUMN redirection integer NOT NULL DEFAULT 0;
ALTER TABLE request_usage_daily ADD COLUMN redirection integer NOT NULL DEFAULT 0;

-- The log still holds every call the rollups counted (both expire by whole UTC days, and are written by one
-- statement), so the 3xx calls already counted as `ok` move across exactly.
UPDATE request_usage_hourly r
   SET redirection = m.n, ok = r.ok - m.n
  FROM (SELECT token_id, date_trunc('hour', logged_at, 'UTC') AS hour, operation_id, count(*)::int AS n
          FROM request_log WHERE status BETWEEN 300 AND 399 GROUP BY 1, 2, 3) m
 WHERE r.token_id = m.token_id AND r.hour = m.hour AND r.operation_id = m.operation_id AND r.ok >= m.n;

UPDATE request_usage_daily r
   SET redirection = m.n, ok = r.ok - m.n
  FROM (SELECT token_id, date_trunc('day', logged_at, 'UTC') AS day, operation_id, count(*)::int AS n
          FROM request_log WHERE status BETWEEN 300 AND 399 GROUP BY 1, 2, 3) m
 WHERE r.token_id = m.token_id AND r.day = m.day AND r.operation_id = m.operation_id AND r.ok >= m.n;
