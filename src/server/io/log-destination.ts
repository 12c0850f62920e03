/**
 * Where the server's log lines go unless a test gives its own stream: standard output, written
 * asynchronously. A quiet server's line leaves at once. After each write the destination rests
 * PAUSE_AFTER_WRITE_MS, and the lines logged during the write and the rest leave together in the next one:
 * a busy server makes at most a few dozen writes a second. Each asynchronous write costs the main thread
 * several microseconds (handing it to a worker thread and waking that), so one write per event-loop turn
 * had cost a hot call more than its own line. What is still waiting is written synchronously when the
 * process exits for any reason but SIGKILL, which loses at most the last pause's lines. A reader stalled so
 * long that MAX_WAITING_CHARACTERS pile up loses lines rather than the server its memory.
 *
 * Not sonic-boom, the writer pino ships: it measures the byte length of its whole waiting chunk (up to
 * 16 KB) on every line, which made a line cost it about 3 us here, against 0.5 us for lines kept in an
 * array and joined once per write (docs/decisions/027-the-hot-calls-log-destination-and-redaction.md).
 */
import { write, writeSync } from 'node:fs';

const MAX_WAITING_CHARACTERS = 16 * 2 ** 20;
/** The rest after each write, also before what a write did not get out is tried again. */
const PAUSE_AFTER_WRITE_MS = 20;

const errorCode = (error: unknown): unknown => (error as NodeJS.ErrnoException | null)?.code;

export class StandardOutputLog {
  private waiting: string[] = [];
  private waitingCharacters = 0;
  /** What the last write did not get out (a partial write, or a full non-blocking pipe): written first next time. */
  private unwritten: Buffer | undefined;
  /** A write is in flight, or the pause after it has not ended. */
  private busy = false;

  constructor(private readonly fd = 1) {}

  write(line: string): void {
    if (this.waitingCharacters + line.length > MAX_WAITING_CHARACTERS) return;
    this.waiting.push(line);
    this.waitingCharacters += line.length;
    if (!this.busy) this.writeNext();
  }

  /** Writes what is waiting, synchronously (at exit; a write in flight is the kernel's already). */
  flushSync(): void {
    const data = this.takeNext();
    let offset = 0;
    while (offset < data.length) {
      try {
        offset += writeSync(this.fd, data, offset);
      } catch (error) {
        // Standard output is gone: nothing left to write to.
        if (errorCode(error) !== 'EAGAIN') return;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PAUSE_AFTER_WRITE_MS);
      }
    }
  }

  private takeNext(): Buffer {
    const lines = Buffer.from(this.waiting.join(''));
    const data = this.unwritten === undefined ? lines : Buffer.concat([this.unwritten, lines]);
    this.unwritten = undefined;
    this.waiting = [];
    this.waitingCharacters = 0;
    return data;
  }

  private writeNext(): void {
    this.busy = true;
    const data = this.takeNext();
    write(this.fd, data, 0, data.length, null, (error, written) => {
      if (error === null) {
        if (written < data.length) this.unwritten = data.subarray(written);
      } else if (errorCode(error) === 'EAGAIN') this.unwritten = data;
      // Any other error is a reader gone (a closed pipe): those lines are lost.
      // Unreferenced: a pause never keeps the process alive (what waits at exit is written by flushSync).
      setTimeout(() => {
        this.busy = false;
        if (this.unwritten !== undefined || this.waiting.length > 0) this.writeNext();
      }, PAUSE_AFTER_WRITE_MS).unref();
    });
  }
}

export function standardOutputLog(): StandardOutputLog {
  const destination = new StandardOutputLog();
  process.once('exit', () => destination.flushSync());
  return destination;
}
