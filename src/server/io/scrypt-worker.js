/**
 * Runs in a worker thread of the password-hashing pool (password-hasher.ts) and derives one scrypt key.
 * Plain JavaScript: worker threads load it without the TypeScript loader (under tests too).
 *
 * Synchronous scrypt keeps the work on this thread; the asynchronous one would queue on libuv's shared
 * thread pool, which also serves file reads and compression. On Linux this thread runs at a lower CPU
 * priority than the event loop (nice is per thread there), so a burst of logins takes only the CPU
 * that API requests leave idle.
 */
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';

/** nice 10: a hashing thread competing with the event loop gets about a tenth of a core. */
const NICE = 10;

if (process.platform === 'linux') {
  try {
    setPriority(0, NICE);
  } catch {
    // Not allowed in this environment: hashing still works, at normal priority.
  }
}

/**
 * @param {{ password: string, salt: Uint8Array, keyLength: number, N: number, r: number, p: number, maxmem: number }} task
 * @returns {Uint8Array}
 */
export default function derive({ password, salt, keyLength, N, r, p, maxmem }) {
  return scryptSync(password, salt, keyLength, { N, r, p, maxmem });
}
