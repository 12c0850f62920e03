/**
 * Stops the server when the process that started it goes away. `npm start` runs the server under
 * `sh -c`; a signal sent to npm alone (a process manager, `kill <npm pid>`) can end npm and the shell
 * while the server, re-parented, would keep DATA_DIR locked and the port taken.
 */
export function watchParent(onOrphaned: () => void, readParent: () => number = () => process.ppid, everyMs = 1000): () => void {
  const parent = readParent();
  const timer = setInterval(() => {
    if (readParent() !== parent) {
      clearInterval(timer);
      onOrphaned();
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
