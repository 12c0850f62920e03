/**
 * Keeps password hashing to a share of a thread's time. A derivation at the production cost takes most of
 * a second of CPU; back to back under a flood of correct logins, they took a whole core of two and a fifth
 * of the public API's throughput with it, whatever the thread's priority. After each derivation the pool
 * rests in proportion to how long it took (share 0.5: as long again), so hashing never takes more than
 * `share` of a thread. A login on a quiet server starts at once; under a flood the logins waiting in the
 * bounded queue wait longer and more of them are refused with 503.
 */
import type { Derive } from './password.ts';

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function withHashingShare(derive: Derive, share: number, clock: Clock = realClock): Derive {
  if (!(share > 0 && share <= 1)) throw new Error(`the hashing share must be above 0 and at most 1, got ${share}`);
  let restUntil = 0;
  return async (task) => {
    const wait = restUntil - clock.now();
    if (wait > 0) await clock.sleep(wait);
    const started = clock.now();
    try {
      return await derive(task);
    } finally {
      const ended = clock.now();
      restUntil = Math.max(restUntil, ended + (ended - started) * (1 / share - 1));
    }
  };
}
