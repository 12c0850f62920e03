/**
 * The lease limiter (public-api/rate-lease.ts): replicas sharing one window's budget through claims never
 * admit more than the limit together, whatever order their claims are answered in, and nearly every call is
 * decided without waiting for the database.
 */
import { describe, expect, it } from 'vitest';
import type { RateDecision } from '../../../src/server/public-api/rate-limit.ts';
import { createLeaseRateLimiter, type ClaimWindowPlaces } from '../../../src/server/public-api/rate-lease.ts';

/** The token row's claim, as claimRateWindowPlaces does it, with answers the test releases one by one. */
function heldWindow(limit: number) {
  let claimed = 0;
  let windowStart = 0;
  const pending: Array<() => void> = [];
  const wanted: Array<{ wanted: number; unclaimed: number }> = [];
  const claimPlaces: ClaimWindowPlaces = (_tokenId, want) =>
    new Promise((resolve) => {
      pending.push(() => {
        const granted = Math.max(0, Math.min(want, limit - claimed));
        wanted.push({ wanted: want, unclaimed: limit - claimed });
        claimed += granted;
        resolve({ granted, claimed, windowStart, resetMs: 30_000 });
      });
    });
  return {
    claimPlaces,
    wanted,
    pendingCount: () => pending.length,
    /** The database's minute turns over. */
    nextWindow() {
      windowStart += 60_000;
      claimed = 0;
    },
    /** Answers the claims in the order given by `pick` (an index into those waiting), until none waits. */
    async releaseAll(pick: (waiting: number) => number = () => 0): Promise<void> {
      for (let rounds = 0; rounds < 10_000 && pending.length > 0; rounds += 1) {
        const [release] = pending.splice(pick(pending.length), 1);
        release?.();
        for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
      }
    },
  };
}

async function settle(decisions: Array<RateDecision | Promise<RateDecision>>, release: () => Promise<void>): Promise<RateDecision[]> {
  await release();
  return Promise.all(decisions);
}

/** A seeded pseudo-random sequence, so a failing interleaving can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('lease rate limiter', () => {
  it.each([1, 2, 3, 4, 5])('two replicas never admit more than the limit together, claims answered in any order (seed %i)', async (seed) => {
    const limit = 50;
    const window = heldWindow(limit);
    let clock = 1_000_000;
    const replicas = [createLeaseRateLimiter(window.claimPlaces, limit, () => clock), createLeaseRateLimiter(window.claimPlaces, limit, () => clock)];
    const random = seeded(seed);
    const decisions: Array<RateDecision | Promise<RateDecision>> = [];
    for (let call = 0; call < 4 * limit; call += 1) {
      decisions.push(replicas[call % 2]!.hit(1));
      // Now and then some claims are answered, in a random order, and a few ms pass.
      if (random() < 0.3) {
        const answers = Math.floor(random() * 3);
        for (let i = 0; i < answers && window.pendingCount() > 0; i += 1) await window.releaseAll(() => Math.floor(random() * window.pendingCount()));
        clock += Math.floor(random() * 3);
      }
    }
    const answered = await settle(decisions, () => window.releaseAll((waiting) => Math.floor(random() * waiting)));
    // Every call from both replicas arrived before the window was full: exactly the limit, not fewer.
    expect(answered.filter((decision) => decision.admitted)).toHaveLength(limit);
    const places = answered.filter((decision) => decision.admitted).map((decision) => decision.hits);
    for (const place of places) expect(place).toBeLessThanOrEqual(limit);
  });

  it('decides nearly every call of a busy token from memory: a few claims per window, slices shrinking near the limit', async () => {
    const limit = 1_000;
    const window = heldWindow(limit);
    let clock = 1_000_000;
    const limiter = createLeaseRateLimiter(window.claimPlaces, limit, () => clock);
    let synchronous = 0;
    for (let call = 0; call < limit; call += 1) {
      const decision = limiter.hit(1);
      if (decision instanceof Promise) {
        await window.releaseAll();
        expect((await decision).admitted).toBe(true);
      } else {
        synchronous += 1;
        expect(decision.admitted).toBe(true);
      }
      // 5,000 calls a second.
      if (call % 5 === 0) clock += 1;
    }
    expect(synchronous).toBeGreaterThan(0.95 * limit);
    for (const { wanted, unclaimed } of window.wanted) expect(wanted).toBeLessThanOrEqual(Math.max(1, Math.ceil(unclaimed / 4)));
    const refused = limiter.hit(1);
    expect(refused).toBeInstanceOf(Promise);
    await window.releaseAll();
    expect(await refused).toMatchObject({ admitted: false, hits: limit + 1 });
  });

  it('refuses only on a claim made after the call arrived, and a new window starts afresh', async () => {
    const window = heldWindow(2);
    const clock = 1_000_000;
    const limiter = createLeaseRateLimiter(window.claimPlaces, 2, () => clock);
    const first = await settle([limiter.hit(1), limiter.hit(1), limiter.hit(1)], () => window.releaseAll());
    expect(first.map((decision) => decision.admitted)).toEqual([true, true, false]);
    // The window is known full, but the next call still asks the database: its minute may have turned over.
    window.nextWindow();
    const next = limiter.hit(1);
    expect(next).toBeInstanceOf(Promise);
    await window.releaseAll();
    expect(await next).toMatchObject({ admitted: true, hits: 1 });
  });

  it('gives a refunded place back to this replica: the next call here takes it without a claim', async () => {
    const window = heldWindow(2);
    const limiter = createLeaseRateLimiter(window.claimPlaces, 2, () => 1_000_000);
    const admitted = await settle([limiter.hit(1), limiter.hit(1)], () => window.releaseAll());
    expect(admitted.map((decision) => decision.hits)).toEqual([1, 2]);
    expect(limiter.refund(1)).toBe(1);
    expect(limiter.hit(1)).toMatchObject({ admitted: true, hits: 2 });
    // A refund with nothing taken here gives nothing a later call could use beyond the limit.
    expect(limiter.refund(2)).toBe(0);
  });
});
