-- Every successful call's log row now updates three indexes instead of five (docs/decisions/024-a-log-row-updates-three-indexes.md).
-- The index maintenance was most of the insert's cost. The two dropped indexes each served a read that another
-- index answers:
-- - The primary key (logged_at, id) served no read. The id stays unique by its identity sequence.
-- - The user's newest calls are now found by merging each of the user's tokens' newest calls
--   (request_log_token_newest). The tokens come from the daily rollups of the range
--   (src/server/request-log/postgres-store.ts).
-- The detail call keeps request_log_id. The operation filter keeps request_log_operation_newest. The status
-- filter keeps the partial indexes of migration 008, which cost a 2xx call nothing.
ALTER TABLE request_log DROP CONSTRAINT request_log_pkey;
DROP INDEX request_log_user_newest;
