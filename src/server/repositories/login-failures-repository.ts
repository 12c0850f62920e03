/** Failed-login counters in fixed windows, in the database so every replica sees the same counts. */
import type { Queryable } from '../db/database.ts';

export interface FailureWindow {
  key: string;
  failures: number;
  /** Seconds until this key's window ends. */
  retryAfter: number;
}

export async function readFailures(db: Queryable, keys: string[], windowSeconds: number): Promise<FailureWindow[]> {
  return db.query<FailureWindow & Record<string, unknown>>(
    `SELECT key, failures,
            GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now()))))::int AS "retryAfter"
       FROM login_failures
      WHERE key = ANY($1) AND window_start > now() - make_interval(secs => $2)`,
    [keys, windowSeconds],
  );
}

export async function recordFailure(db: Queryable, keys: string[], windowSeconds: number): Promise<void> {
  for (const key of keys) {
    await db.query(
      `INSERT INTO login_failures AS f (key, window_start, failures) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN f.window_start > now() - make_interval(secs => $2) THEN f.failures + 1 ELSE 1 END,
         window_start = CASE WHEN f.window_start > now() - make_interval(secs => $2) THEN f.window_start ELSE now() END`,
      [key, windowSeconds],
    );
  }
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [key]);
}
