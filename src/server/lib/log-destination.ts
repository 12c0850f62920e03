/**
 * Where the server's log lines go unless a test gives its own stream: standard output, written
 * asynchronously. While one write is in flight, the lines logged meanwhile wait in memory and leave together
 * in the next write, so a busy server makes a few large writes instead of one blocking write(2) per request
 * (and, on a pipe, one wake-up of the reader per line); a quiet server's line leaves at once. What is still
 * waiting is written synchronously when the process exits for any reason but SIGKILL. A reader stalled so
 * long that MAX_WAITING_BYTES pile up loses lines rather than the server its memory.
 */
import SonicBoom from 'sonic-boom';

const MAX_WAITING_BYTES = 16 * 2 ** 20;

export function standardOutputLog(): SonicBoom {
  const destination = new SonicBoom({ fd: 1, sync: false, maxLength: MAX_WAITING_BYTES });
  // A closed pipe (its reader gone) must not crash the server; parent-watch.ts stops it when its parent is gone.
  destination.on('error', () => undefined);
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Standard output is gone: nothing left to write to.
    }
  });
  return destination;
}
