/**
 * Runs at most `concurrency` tasks at once and lets at most `queueLength` wait; a task beyond that, or one
 * that has waited `maxWaitMs` without starting, is refused with QueueFullError, whose retryAfterSeconds
 * estimates when a place frees up (from the average time recent tasks held their place). Used in front of
 * password checks (password-hasher.ts), where each check holds a thread and 128 MB for most of a second:
 * refusing early keeps memory bounded and the answer fast, instead of letting requests pile up.
 */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too busy: retry in ${retryAfterSeconds} seconds.`);
    this.name = 'QueueFullError';
  }
}

export interface BoundedQueueOptions {
  concurrency: number;
  queueLength: number;
  maxWaitMs: number;
  /** Assumed duration of a task until one has been measured. */
  initialTaskMs?: number;
  now?: () => number;
}

interface Waiting {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

export class BoundedQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  private averageTaskMs: number;
  private readonly now: () => number;

  constructor(private readonly options: BoundedQueueOptions) {
    if (options.concurrency < 1 || options.queueLength < 0) throw new Error('concurrency must be at least 1 and queueLength at least 0');
    this.averageTaskMs = options.initialTaskMs ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Seconds until a task queued now would start, roughly: the work ahead of it divided among the slots. */
  retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length;
    return Math.max(1, Math.ceil((ahead * this.averageTaskMs) / this.options.concurrency / 1000));
  }

  /**
   * A place among the running tasks: at once when one is free, after waiting otherwise. Throws
   * QueueFullError when the queue is full or the wait exceeds maxWaitMs. Call the returned release once done.
   */
  async acquire(): Promise<() => void> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.queueLength) throw new QueueFullError(this.retryAfterSeconds());
      await new Promise<void>((resolve, reject) => {
        const entry: Waiting = {
          start: () => {
            clearTimeout(entry.timer);
            resolve();
          },
          timer: setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(entry), 1);
            reject(new QueueFullError(this.retryAfterSeconds()));
          }, this.options.maxWaitMs),
        };
        this.waiting.push(entry);
      });
    } else {
      this.running += 1;
    }
    const started = this.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // A moving average: recent tasks count most (the machine's load changes).
      this.averageTaskMs = 0.8 * this.averageTaskMs + 0.2 * Math.max(1, this.now() - started);
      const next = this.waiting.shift();
      // The place passes straight to the next task, so `running` never drops while tasks wait.
      if (next === undefined) this.running -= 1;
      else next.start();
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}
