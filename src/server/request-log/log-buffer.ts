/**
 * Calls waiting to be written: a bounded array. When the database is slow the buffer stops at its bound
 * and counts what it turns away instead of growing, so memory stays bounded and no call ever waits for
 * its log row.
 */
import type { RequestLogEntry } from './entry.ts';

export class LogBuffer {
  private entries: RequestLogEntry[] = [];
  /** Calls turned away because the buffer was full, since start. */
  dropped = 0;

  constructor(readonly capacity: number) {
    if (capacity < 1) throw new Error('capacity must be at least 1');
  }

  get size(): number {
    return this.entries.length;
  }

  /** False (and counted) when full. */
  push(entry: RequestLogEntry): boolean {
    if (this.entries.length >= this.capacity) {
      this.dropped += 1;
      return false;
    }
    this.entries.push(entry);
    return true;
  }

  /** Takes up to `max` of the oldest entries out. */
  take(max: number): RequestLogEntry[] {
    if (this.entries.length <= max) {
      const all = this.entries;
      this.entries = [];
      return all;
    }
    return this.entries.splice(0, max);
  }

  /** Puts a batch whose write failed back in front, as much of it as fits; the rest counts as dropped. */
  putBack(batch: RequestLogEntry[]): void {
    const room = Math.max(0, this.capacity - this.entries.length);
    const kept = batch.slice(batch.length - Math.min(room, batch.length));
    this.dropped += batch.length - kept.length;
    this.entries = [...kept, ...this.entries];
  }
}
