/**
 * Public API answers (200 bodies and their ETags) in memory, per owner, so a poller asking the same page
 * again costs no query (docs/decisions/012-conditional-requests-and-response-cache.md).
 *
 * Keyed by owner ('seller:1', 'warehouse:3'), then by operation and parameters: an owner only ever reads
 * its own entries. Bounded by the bytes of the bodies it holds (RESPONSE_CACHE_MB), least recently used
 * first out. Nothing expires by time: an owner's entries go exactly when that owner's data changes
 * (evictOwner, from NOTIFY owner_data_changed of migration 005: PGlite delivers it in process, PostgreSQL
 * to every replica's listener), and the whole cache is off while a replica's listener is not connected.
 * Answers of the provider's API (live calls, live-calls.ts) are kept under an owner of their own
 * ('live:seller:1'), never beside the sandbox's, and carry `freshUntil` from the upstream's Cache-Control.
 *
 * Recency is lru-cache's: a hit costs the same whatever the cache holds. A Map re-inserted on every hit
 * (delete, then set, to move the key last) cost 4.8 us a hit at 3,200 entries and 34 us at 30,000 in V8.
 */
import { LRUCache } from 'lru-cache';

export interface CachedAnswer {
  body: Buffer;
  /** Strong validator, quoted: '"<sha-256 of body, base64url>"', or the provider API's own for a live answer. */
  etag: string;
  /**
   * Live answers only: until when (ServerContext.now) it may be served without asking the provider's API
   * again; past it, it is kept only to revalidate with If-None-Match. Sandbox answers have none: they are
   * current until their owner's data changes.
   */
  freshUntil?: number;
}

interface Entry {
  owner: string;
  answer: CachedAnswer;
}

/** Payload of owner_data_changed that means every owner (a TRUNCATE). */
export const EVERY_OWNER = '*';

export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly keysByOwner = new Map<string, Set<string>>();
  /** Per-owner eviction counts; a fill whose ticket predates one is dropped (it may hold old data). */
  private readonly ownerGenerations = new Map<string, number>();
  private generation = 0;
  private enabled: boolean;

  constructor(
    private readonly maxBytes: number,
    enabled = true,
  ) {
    this.enabled = enabled && maxBytes > 0;
    this.entries = new LRUCache<string, Entry>({
      maxSize: Math.max(1, maxBytes),
      // lru-cache counts sizes of at least 1.
      sizeCalculation: (entry) => Math.max(1, entry.answer.body.byteLength),
      // Whenever an entry leaves (evicted, replaced, deleted, cleared), its owner's index forgets it.
      dispose: (entry, full) => this.forget(entry.owner, full),
    });
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  get(owner: string, key: string): CachedAnswer | undefined {
    if (!this.enabled) return undefined;
    return this.entries.get(`${owner}\u0000${key}`)?.answer;
  }

  /** Taken before reading the database; set() drops the answer if the owner's data changed since. */
  ticket(owner: string): string {
    return `${this.generation}:${this.ownerGenerations.get(owner) ?? 0}`;
  }

  set(owner: string, key: string, answer: CachedAnswer, ticket: string): void {
    if (!this.enabled || ticket !== this.ticket(owner)) return;
    if (answer.body.byteLength > this.maxBytes / 8) return; // one huge page must not flush everyone else's
    const full = `${owner}\u0000${key}`;
    this.entries.set(full, { owner, answer });
    let keys = this.keysByOwner.get(owner);
    if (keys === undefined) this.keysByOwner.set(owner, (keys = new Set()));
    keys.add(full);
  }

  /** Every answer of that owner goes, and fills under way for it are dropped. EVERY_OWNER clears all. */
  evictOwner(owner: string): void {
    if (owner === EVERY_OWNER) return this.clear();
    // Bounded: past many owners, forget the counts and move every ticket on at once instead.
    if (this.ownerGenerations.size >= 100_000) {
      this.ownerGenerations.clear();
      this.generation += 1;
    }
    this.ownerGenerations.set(owner, (this.ownerGenerations.get(owner) ?? 0) + 1);
    const keys = this.keysByOwner.get(owner);
    if (keys === undefined) return;
    for (const full of [...keys]) this.entries.delete(full);
  }

  clear(): void {
    this.generation += 1;
    this.ownerGenerations.clear();
    this.entries.clear();
    this.keysByOwner.clear();
  }

  /** Off (and emptied) while eviction across replicas is not guaranteed. */
  setEnabled(enabled: boolean): void {
    this.clear();
    this.enabled = enabled && this.maxBytes > 0;
  }

  private forget(owner: string, full: string): void {
    const keys = this.keysByOwner.get(owner);
    keys?.delete(full);
    if (keys?.size === 0) this.keysByOwner.delete(owner);
  }
}
