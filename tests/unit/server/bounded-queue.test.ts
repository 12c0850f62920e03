/** The queue in front of password hashing (src/server/lib/bounded-queue.ts), driven by promises the test resolves. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoundedQueue, QueueFullError } from '../../../src/server/lib/bounded-queue.ts';

function heldTask() {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks, lets `queueLength` wait and refuses the rest at once', async () => {
    const queue = new BoundedQueue({ concurrency: 2, queueLength: 3, maxWaitMs: 60_000 });
    const tasks = Array.from({ length: 8 }, heldTask);
    const runs = tasks.map(({ task }) => queue.run(task));
    const refused = await Promise.allSettled(runs.slice(5));
    expect(refused.every((result) => result.status === 'rejected' && result.reason instanceof QueueFullError)).toBe(true);
    expect(queue.size).toEqual({ running: 2, waiting: 3 });
    tasks[0]?.release();
    await runs[0];
    expect(queue.size).toEqual({ running: 2, waiting: 2 });
    for (const { release } of tasks) release();
    await Promise.all(runs.slice(0, 5));
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a task that waited longer than maxWaitMs, and keeps the others in order', async () => {
    vi.useFakeTimers();
    const queue = new BoundedQueue({ concurrency: 1, queueLength: 2, maxWaitMs: 5_000 });
    const first = heldTask();
    const running = queue.run(first.task);
    const waiting = queue.run(async () => 'second');
    const outcome = waiting.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toBeInstanceOf(QueueFullError);
    expect(queue.size).toEqual({ running: 1, waiting: 0 });
    first.release();
    await running;
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('estimates Retry-After from the work ahead and the measured task time', async () => {
    let clock = 0;
    const queue = new BoundedQueue({ concurrency: 1, queueLength: 1, maxWaitMs: 60_000, initialTaskMs: 2_000, now: () => clock });
    const first = heldTask();
    const running = queue.run(first.task);
    const second = heldTask();
    const waiting = queue.run(second.task);
    const refused = await queue.run(async () => undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFullError);
    // Two tasks ahead, one slot, about 2 s each.
    expect((refused as QueueFullError).retryAfterSeconds).toBe(4);
    clock += 2_000;
    first.release();
    second.release();
    await Promise.all([running, waiting]);
  });

  it('a task that throws frees its slot', async () => {
    const queue = new BoundedQueue({ concurrency: 1, queueLength: 0, maxWaitMs: 1_000 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'ok')).toBe('ok');
  });
});
