/**
 * The per-token limiter decides every request on the count it has at that moment, hits in flight included:
 * exact within one process whatever the concurrency and however late the shared store answers.
 */
import { describe, expect, it } from 'vitest';
import { createRateLimiter, type AddWindowHits } from '../../../src/server/public-api/rate-limit.ts';

/** A shared store whose answers the test releases one by one, so every interleaving is chosen, not timed. */
function heldStore(initial = 0) {
  let total = initial;
  const pending: Array<() => void> = [];
  const added: number[] = [];
  const addWindowHits: AddWindowHits = (_tokenId, hits) =>
    new Promise((resolve) => {
      pending.push(() => {
        total += hits;
        added.push(hits);
        resolve({ hits: total, resetMs: 30_000 });
      });
    });
  return {
    addWindowHits,
    added,
    /** Another replica's hits reach the store. */
    addElsewhere: (hits: number) => (total += hits),
    async releaseAll(): Promise<void> {
      for (let rounds = 0; rounds < 1000 && pending.length > 0; rounds += 1) {
        pending.shift()?.();
        // Let the waiting requests run and, if they must, start the next sync.
        for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
      }
    },
  };
}

const fixedClock = () => 1_000_000;

describe('rate limiter', () => {
  it('gives a refunded place back, here and (by a negative batch) in the shared store', async () => {
    const store = heldStore();
    const limiter = createRateLimiter(store.addWindowHits, 3, fixedClock);
    const first = limiter.hit(7);
    await store.releaseAll();
    expect((await first).hits).toBe(1);
    expect(limiter.refund(7)).toBe(0);
    // The refunded place is free again: three more are admitted, the fourth is not.
    const decisions = [];
    for (let i = 0; i < 4; i += 1) {
      const decision = limiter.hit(7);
      await store.releaseAll();
      decisions.push((await decision).admitted);
    }
    expect(decisions).toEqual([true, true, true, false]);
    expect(store.added.reduce((sum, hits) => sum + hits, 0)).toBeLessThanOrEqual(3);
    // A token this process has not seen has nothing to give back.
    expect(limiter.refund(99)).toBe(0);
  });

  it('admits exactly the limit out of 100 concurrent requests for a token it has not seen', async () => {
    const store = heldStore();
    const limiter = createRateLimiter(store.addWindowHits, 20, fixedClock);
    const decisions = Array.from({ length: 100 }, () => limiter.hit(1));
    await store.releaseAll();
    const results = await Promise.all(decisions);
    expect(results.filter((result) => result.admitted)).toHaveLength(20);
    expect(
      results
        .filter((result) => result.admitted)
        .map((result) => result.hits)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((result) => !result.admitted).every((result) => result.hits > 20)).toBe(true);
  });

  it('counts hits in flight: requests arriving while a sync is under way cannot overshoot', async () => {
    const store = heldStore();
    let clock = 1_000_000;
    const limiter = createRateLimiter(store.addWindowHits, 10, () => clock);
    const first = limiter.hit(7);
    await store.releaseAll();
    expect((await first).admitted).toBe(true);
    // Nine more fit; the tenth crossing starts a sync that stays unanswered while more requests arrive.
    const batch = Array.from({ length: 9 }, () => limiter.hit(7));
    const crossing = limiter.hit(7);
    clock += 1;
    const during = Array.from({ length: 30 }, () => limiter.hit(7));
    await store.releaseAll();
    const all = await Promise.all([...batch, crossing, ...during]);
    expect(all.filter((result) => result.admitted)).toHaveLength(9);
    expect(store.added.reduce((sum, hits) => sum + hits, 0)).toBe(10);
  });

  it("sees other replicas' hits at the next sync and stops there", async () => {
    const store = heldStore();
    let clock = 1_000_000;
    const limiter = createRateLimiter(store.addWindowHits, 10, () => clock);
    const first = limiter.hit(3);
    await store.releaseAll();
    expect((await first).hits).toBe(1);
    store.addElsewhere(8);
    clock += 500;
    const next = limiter.hit(3);
    await store.releaseAll();
    expect(await next).toMatchObject({ hits: 10, admitted: true });
    const over = limiter.hit(3);
    await store.releaseAll();
    expect(await over).toMatchObject({ admitted: false });
  });

  it('decides at once while its count is fresh, and waits for a sync once it is stale or the window has not been seen', async () => {
    const store = heldStore();
    let clock = 1_000_000;
    const limiter = createRateLimiter(store.addWindowHits, 10, () => clock);
    const first = limiter.hit(4);
    expect(first).toBeInstanceOf(Promise);
    await store.releaseAll();
    expect(await first).toMatchObject({ hits: 1, admitted: true });
    // Fresh: decided and counted without a promise.
    expect(limiter.hit(4)).toEqual({ hits: 2, admitted: true, resetSeconds: expect.any(Number) });
    clock += 500;
    const stale = limiter.hit(4);
    expect(stale).toBeInstanceOf(Promise);
    await store.releaseAll();
    expect(await stale).toMatchObject({ hits: 3, admitted: true });
  });

  it('starts afresh when the window ends', async () => {
    let total = 0;
    let clock = 1_000_000;
    const limiter = createRateLimiter(
      async (_id, hits) => {
        total += hits;
        return { hits: total, resetMs: 60_000 };
      },
      2,
      () => clock,
    );
    expect((await limiter.hit(1)).admitted).toBe(true);
    expect((await limiter.hit(1)).admitted).toBe(true);
    expect((await limiter.hit(1)).admitted).toBe(false);
    clock += 60_000;
    total = 0;
    expect(await limiter.hit(1)).toMatchObject({ admitted: true, hits: 1 });
  });

  it('keeps hits a failed sync could not store for the next one', async () => {
    let fail = true;
    const sent: number[] = [];
    let clock = 1_000_000;
    const limiter = createRateLimiter(
      async (_id, hits) => {
        if (fail) throw new Error('database unavailable');
        sent.push(hits);
        return { hits: sent.reduce((sum, value) => sum + value, 0), resetMs: 60_000 };
      },
      100,
      () => clock,
    );
    await expect(limiter.hit(1)).rejects.toThrow('database unavailable');
    fail = false;
    await limiter.hit(1);
    await limiter.hit(1);
    clock += 1_000;
    await limiter.hit(1);
    expect(sent).toEqual([0, 2]);
  });
});
