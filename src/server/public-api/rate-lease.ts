/**
 * The per-token rate limit on a PostgreSQL server, where several replicas share one window: each process
 * leases places of the window (docs/decisions/035-rate-limit-leases-and-redis.md). A claim takes up to a
 * slice of what is left of the window's budget from the token's row, atomically (claimRateWindowPlaces);
 * the process admits calls synchronously from memory while its slice lasts, and claims again when it runs
 * out. The places every replica holds never add up to more than the limit, so no interleaving of replicas
 * admits more than the limit in a window: the bound is exact, whatever the sync timing.
 *
 * A slice is what this process is expected to use in the next SLICE_TARGET_MS (its rate since its last
 * claim, at least the calls waiting for the claim), capped at a quarter of the window's unclaimed budget,
 * so slices shrink as the window fills and no replica strands more than that. A call is decided on a claim
 * made after it arrived whenever its slice is empty: a refusal is always confirmed against the database,
 * as with the process counter (rate-limit.ts), and a refused call claims nothing.
 */
import type { RateDecision, RateLimiter } from './rate-limit.ts';

/** The window's start (epoch ms), the places claimed in it by every replica, what this claim got, and ms until it ends. */
export type ClaimWindowPlaces = (tokenId: number, wanted: number) => Promise<{ granted: number; claimed: number; windowStart: number; resetMs: number }>;

/** How far ahead a slice should last at this process's current rate of calls for the token. */
const SLICE_TARGET_MS = 200;
/** A slice takes at most this share of the places no replica has claimed yet. */
const SHARE_OF_UNCLAIMED = 4;
/** Tokens tracked per process before entries whose window has ended are dropped. */
const MAX_TRACKED = 10_000;

interface TokenLease {
  windowStart: number;
  /** Local clock time the window ends. */
  resetAt: number;
  /** Places claimed in the window by every replica, as of this process's last claim. */
  claimed: number;
  /** Places this process holds in the window (all its claims' grants). */
  granted: number;
  /** Places taken here by admitted calls (less refunds). */
  used: number;
  /** When the last claim started, and `used` then: the rate the next slice is sized on. */
  lastClaimAt: number;
  usedAtLastClaim: number;
  /** Calls waiting for the claim under way. */
  waiting: number;
  /** Claims started; a call's refusal needs a claim numbered above the count at its arrival. */
  claimsStarted: number;
  /** Number of the claim whose answer `claimed` holds. */
  claimedBy: number;
  claiming: Promise<void> | undefined;
}

export function createLeaseRateLimiter(claimPlaces: ClaimWindowPlaces, limit: number, now: () => number = Date.now): RateLimiter {
  const leases = new Map<number, TokenLease>();

  function sliceWanted(lease: TokenLease, at: number): number {
    const unclaimed = at >= lease.resetAt ? limit : Math.max(0, limit - lease.claimed);
    const usedSince = Math.max(0, lease.used - lease.usedAtLastClaim);
    const elapsed = Math.max(1, at - lease.lastClaimAt);
    const expected = Math.ceil((usedSince * SLICE_TARGET_MS) / elapsed);
    const cap = Math.max(1, Math.ceil(unclaimed / SHARE_OF_UNCLAIMED));
    return Math.min(cap, Math.max(1, lease.waiting, expected));
  }

  async function claim(tokenId: number, lease: TokenLease): Promise<void> {
    const started = now();
    const wanted = sliceWanted(lease, started);
    lease.claimsStarted += 1;
    const number = lease.claimsStarted;
    const answer = await claimPlaces(tokenId, wanted);
    if (answer.windowStart !== lease.windowStart) {
      // A new window: what this process held in the last one is gone with it.
      lease.windowStart = answer.windowStart;
      lease.granted = 0;
      lease.used = 0;
    }
    lease.granted += answer.granted;
    lease.claimed = answer.claimed;
    lease.claimedBy = number;
    lease.resetAt = started + answer.resetMs;
    lease.lastClaimAt = started;
    lease.usedAtLastClaim = lease.used;
  }

  function prune(at: number): void {
    for (const [id, lease] of leases) if (lease.resetAt <= at && lease.claiming === undefined) leases.delete(id);
  }

  function leaseOf(tokenId: number): TokenLease {
    let lease = leases.get(tokenId);
    if (lease === undefined) {
      if (leases.size >= MAX_TRACKED) prune(now());
      lease = {
        windowStart: Number.NaN,
        resetAt: 0,
        claimed: 0,
        granted: 0,
        used: 0,
        lastClaimAt: 0,
        usedAtLastClaim: 0,
        waiting: 0,
        claimsStarted: 0,
        claimedBy: 0,
        claiming: undefined,
      };
      leases.set(tokenId, lease);
    }
    return lease;
  }

  /** The call's place as the headers report it: the other replicas' claims, then this process's calls. */
  const placeOf = (lease: TokenLease) => lease.claimed - lease.granted + lease.used + 1;

  function decideNow(lease: TokenLease, arrivedAfter: number): RateDecision | undefined {
    const at = now();
    if (at >= lease.resetAt) return undefined;
    const resetSeconds = Math.max(1, Math.ceil((lease.resetAt - at) / 1000));
    if (lease.used < lease.granted) {
      // Decided and counted in one synchronous step: no other call can take this place.
      const hits = placeOf(lease);
      lease.used += 1;
      return { hits, admitted: true, resetSeconds };
    }
    if (lease.claimedBy > arrivedAfter && lease.claimed >= limit) return { hits: Math.max(limit + 1, placeOf(lease)), admitted: false, resetSeconds };
    return undefined;
  }

  async function decideAfterClaim(tokenId: number, lease: TokenLease, arrivedAfter: number): Promise<RateDecision> {
    lease.waiting += 1;
    try {
      for (;;) {
        if (lease.claiming === undefined) {
          lease.claiming = claim(tokenId, lease).finally(() => {
            lease.claiming = undefined;
          });
        }
        await lease.claiming;
        const decision = decideNow(lease, arrivedAfter);
        if (decision !== undefined) return decision;
      }
    } finally {
      lease.waiting -= 1;
    }
  }

  return {
    limit,
    hit(tokenId) {
      const lease = leaseOf(tokenId);
      const arrivedAfter = lease.claimsStarted;
      return decideNow(lease, arrivedAfter) ?? decideAfterClaim(tokenId, lease, arrivedAfter);
    },
    refund(tokenId) {
      const lease = leases.get(tokenId);
      if (lease === undefined || now() >= lease.resetAt) return 0;
      // The place goes back to this process's slice: the next call here takes it without a claim.
      if (lease.used > 0) lease.used -= 1;
      return placeOf(lease) - 1;
    },
  };
}
