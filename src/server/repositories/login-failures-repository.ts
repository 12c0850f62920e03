/**
 * Failed-login budgets in fixed windows, in the database so every replica sees the same counts.
 *
 * An attempt is taken from its budgets *before* the password is checked, in one statement that increments
 * only while under the limit: concurrent logins queue on the budget's row and each sees the count the
 * previous one left, so no more than the limit are ever checked in a window, whatever the concurrency.
 * A wrong password keeps its attempt (it is the failure); a right one, or a check that never ran, gives it
 * back.
 */
import type { Database, Queryable } from '../db/database.ts';

export interface FailureBudget {
  key: string;
  limit: number;
}

export type TakenAttempt = { taken: true } | { taken: false; retryAfter: number };

/** Thrown inside the transaction to undo the attempts taken from budgets that were not spent. */
class BudgetSpent extends Error {
  constructor(readonly retryAfter: number) {
    super('budget spent');
  }
}

/** Takes one attempt from every budget, or from none when any of them is spent. */
export async function takeAttempt(db: Database, budgets: FailureBudget[], windowSeconds: number): Promise<TakenAttempt> {
  // Sorted, so two logins sharing budgets lock their rows in the same order (no deadlock).
  const sorted = [...budgets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = sorted.map((budget) => budget.key);
  const limits = sorted.map((budget) => budget.limit);
  try {
    await db.transaction(async (tx) => {
      const taken = await tx.query<{ key: string }>(
        `INSERT INTO login_failures AS f (key, window_start, failures)
         SELECT b.key, now(), 1 FROM unnest($1::text[]) WITH ORDINALITY AS b(key, position) ORDER BY b.position
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN f.window_start > now() - make_interval(secs => $3) THEN f.failures + 1 ELSE 1 END,
           window_start = CASE WHEN f.window_start > now() - make_interval(secs => $3) THEN f.window_start ELSE now() END
         WHERE f.window_start <= now() - make_interval(secs => $3)
            OR f.failures < ($2::int[])[array_position($1::text[], f.key)]
         RETURNING f.key`,
        [keys, limits, windowSeconds],
      );
      if (taken.length === keys.length) return;
      const spent = keys.filter((key) => !taken.some((row) => row.key === key));
      const [row] = await tx.query<{ retryAfter: number }>(
        `SELECT MAX(GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now())))))::int AS "retryAfter"
           FROM login_failures WHERE key = ANY($1)`,
        [spent, windowSeconds],
      );
      throw new BudgetSpent(row?.retryAfter ?? windowSeconds);
    });
    return { taken: true };
  } catch (error) {
    if (error instanceof BudgetSpent) return { taken: false, retryAfter: error.retryAfter };
    throw error;
  }
}

/** Gives back an attempt taken by takeAttempt (a right password, or no check made), within its window. */
export async function returnAttempt(db: Queryable, keys: string[], windowSeconds: number): Promise<void> {
  await db.query(
    `UPDATE login_failures SET failures = failures - 1
      WHERE key = ANY($1) AND failures > 0 AND window_start > now() - make_interval(secs => $2)`,
    [keys, windowSeconds],
  );
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [key]);
}
