/**
 * Writes the buffer to the database every `intervalMs` (and at once when a batch's worth is waiting), one
 * write at a time: a slow database makes batches bigger and, past the buffer's bound, drops calls (counted
 * and warned about), but never slows a call down. stop() writes what is left, so a graceful shutdown loses
 * nothing; a killed process loses at most what arrived since the last write began (one interval and that
 * write's own time).
 */
import type { RequestLogEntry } from './entry.ts';
import { LogBuffer } from './log-buffer.ts';

/** The most calls one write takes (the bench's floor for the log inserts batches this large). */
export const MAX_BATCH = 2_000;
/** The server's write interval: a killed process loses at most this much of the log (docs/guide.md, "Usage"). */
export const WRITE_INTERVAL_MS = 250;

export interface BatchWriterOptions {
  write: (batch: RequestLogEntry[]) => Promise<void>;
  capacity: number;
  intervalMs: number;
  /** Default MAX_BATCH; tests ask for less. */
  maxBatch?: number;
  /** Called at most every warnEveryMs while calls are being dropped or writes fail. */
  warn: (details: Record<string, unknown>, message: string) => void;
  warnEveryMs?: number;
}

export interface RequestLogStats {
  buffered: number;
  dropped: number;
  written: number;
  failedWrites: number;
  /** Public calls without a known token: counted here only, never logged per user. */
  unattributed: number;
}

export class BatchWriter {
  private readonly buffer: LogBuffer;
  private timer: ReturnType<typeof setInterval> | undefined;
  private writing: Promise<void> | undefined;
  private written = 0;
  private failedWrites = 0;
  private unattributed = 0;
  private droppedWarned = 0;
  private readonly lastWarnAt = new Map<string, number>();

  private readonly maxBatch: number;

  constructor(private readonly options: BatchWriterOptions) {
    this.maxBatch = options.maxBatch ?? MAX_BATCH;
    this.buffer = new LogBuffer(options.capacity);
  }

  start(): void {
    this.timer = setInterval(() => {
      // Warned from the timer, not after a write: while the database hangs, no write finishes.
      this.warnOfDrops();
      // A write under way (a slow database) keeps going with whole batches; the next tick takes the rest.
      if (this.writing === undefined) void this.flush();
    }, this.options.intervalMs);
    this.timer.unref();
  }

  add(entry: RequestLogEntry): void {
    this.buffer.push(entry);
    if (this.buffer.size >= this.maxBatch && this.writing === undefined) void this.flush();
  }

  countUnattributed(): void {
    this.unattributed += 1;
  }

  stats(): RequestLogStats {
    return {
      buffered: this.buffer.size,
      dropped: this.buffer.dropped,
      written: this.written,
      failedWrites: this.failedWrites,
      unattributed: this.unattributed,
    };
  }

  /**
   * Writes everything buffered now, batch by batch, after the write under way if there is one; resolves when
   * done (or when a write failed).
   */
  async flush(): Promise<void> {
    while (this.writing !== undefined) await this.writing;
    this.writing = this.writeAll().finally(() => {
      this.writing = undefined;
    });
    return this.writing;
  }

  /**
   * Writes what was buffered when the write began, then only whole batches. Calls that arrive during a
   * write wait for the next interval: draining them at once kept a busy server writing a stream of small
   * batches (some 50 calls each at 3,000 calls/s), each paying the statement's fixed cost.
   */
  private async writeAll(): Promise<void> {
    let due = this.buffer.size;
    while (due > 0 || this.buffer.size >= this.maxBatch) {
      const batch = this.buffer.take(due > 0 ? Math.min(due, this.maxBatch) : this.maxBatch);
      due = Math.max(0, due - batch.length);
      try {
        await this.options.write(batch);
        this.written += batch.length;
      } catch (error) {
        this.failedWrites += 1;
        this.buffer.putBack(batch);
        if (this.due('write')) this.options.warn({ err: error }, 'request log write failed; will retry');
        return;
      }
    }
  }

  private warnOfDrops(): void {
    const dropped = this.buffer.dropped - this.droppedWarned;
    if (dropped === 0 || !this.due('drops')) return;
    this.droppedWarned = this.buffer.dropped;
    this.options.warn({ dropped, droppedTotal: this.buffer.dropped }, 'request log buffer full: calls dropped from the log');
  }

  /** Rate-limits each kind of warning to one per warnEveryMs. */
  private due(kind: 'write' | 'drops'): boolean {
    const now = Date.now();
    if (now - (this.lastWarnAt.get(kind) ?? 0) < (this.options.warnEveryMs ?? 10_000)) return false;
    this.lastWarnAt.set(kind, now);
    return true;
  }

  /** Stops the timer and writes what is left (graceful shutdown). */
  async stop(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.writing;
    // Until nothing is left or a write fails.
    while (this.buffer.size > 0) {
      const failed = this.failedWrites;
      await this.flush();
      if (this.failedWrites > failed) break;
    }
    this.warnOfDrops();
  }
}
