/**
 * Password checks for requests, with bounded cost. Each scrypt derivation at the production cost takes
 * 128 MB and most of a second of CPU; unbounded, a login flood queued them all on libuv's shared thread
 * pool, took the CPU and memory the public API needed, and left logins timing out. Here:
 *
 * - derivations run in a small pool of worker threads (piscina, scrypt-worker.js) at a lower CPU priority
 *   than the event loop, one thread per two cores (at least one), and take at most half of its time
 *   (hashing-share.ts);
 * - a login holds a place in a BoundedQueue for its whole check (throttle bookkeeping, user lookup,
 *   derivation); a few more wait (4 per thread, at most 5 s) and the rest are refused at once with
 *   QueueFullError, which the login answers as 503 + Retry-After, before any database work.
 *
 * Memory for hashing is therefore at most threads x 128 MB, whatever the number of logins.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { BoundedQueue } from '../lib/bounded-queue.ts';
import { withHashingShare } from '../lib/hashing-share.ts';
import { hashPassword, verifyPassword, type Derive, type ScryptCost, type ScryptTask } from '../lib/password.ts';

export interface HashingLimits {
  /** Derivations running at once (worker threads). */
  concurrency: number;
  /** Checks waiting for a thread; more are refused. */
  queueLength: number;
  /** A check that has not started after this long is refused. */
  maxWaitMs: number;
  /** The share of a thread's time hashing may take under a flood (hashing-share.ts). */
  hashingShare: number;
}

export function defaultHashingLimits(cores = availableParallelism()): HashingLimits {
  const concurrency = Math.max(1, Math.floor(cores / 2));
  // 5 s: a login that cannot start by then is better answered 503 with Retry-After than left waiting.
  return { concurrency, queueLength: 4 * concurrency, maxWaitMs: 5_000, hashingShare: 0.5 };
}

/** A place in the bounded pool, held for one login: its checks run on the pool's threads. */
export interface HashingSlot {
  verify(password: string, hash: string): Promise<boolean>;
  hash(password: string): Promise<string>;
  /** Gives the place to the next login; call it once done (idempotent). */
  release(): void;
}

export interface PasswordHasher {
  /** Waits for a place (at once when one is free), or throws QueueFullError when too many are waiting. */
  acquire(): Promise<HashingSlot>;
  /** Logins holding a place and waiting for one, now. */
  load(): { running: number; waiting: number };
  close(): Promise<void>;
}

const WORKER = new URL('./scrypt-worker.js', import.meta.url).href;

export function createPasswordHasher(options: { cost: ScryptCost; limits: HashingLimits; derive?: Derive }): PasswordHasher {
  const { cost, limits } = options;
  const pool =
    options.derive === undefined
      ? new Piscina<ScryptTask, Uint8Array>({
          filename: WORKER,
          minThreads: 0,
          maxThreads: limits.concurrency,
          // Threads stay for a minute after the last login rather than starting again for each one.
          idleTimeout: 60_000,
        })
      : undefined;
  const derive: Derive = withHashingShare(options.derive ?? ((task) => (pool as Piscina<ScryptTask, Uint8Array>).run(task)), limits.hashingShare);
  const queue = new BoundedQueue({ ...limits, initialTaskMs: 1_000 });
  return {
    async acquire() {
      const release = await queue.acquire();
      return {
        verify: (password, hash) => verifyPassword(password, hash, derive),
        hash: (password) => hashPassword(password, cost, derive),
        release,
      };
    },
    load: () => queue.size,
    async close() {
      await pool?.destroy();
    },
  };
}
