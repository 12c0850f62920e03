-- On a PostgreSQL server the per-token window is shared out in leases
-- (docs/decisions/035-rate-limit-leases-and-redis.md): `hits` counts the places replicas have claimed, and
-- `granted` holds what the last claim received, so the claiming statement can return it (RETURNING sees
-- only the new row). The embedded database keeps counting hits and leaves `granted` at 0.
ALTER TABLE token_rate_windows ADD COLUMN granted integer NOT NULL DEFAULT 0;
