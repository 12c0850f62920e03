/**
 * Creates an empty PGlite data directory (initdb), then exits: `node pglite-initdb.js <pgdata dir>`.
 * Run as a child process by pglite-database.ts on first start. PGlite's initdb runs a second WASM
 * instance beside the server's, and the half gigabyte it touches is not given back to the OS while the
 * process lives; in a short-lived child it is gone when the child exits. Plain JavaScript: runs with no
 * TypeScript loader, from the sources and from the compiled server alike.
 */
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node pglite-initdb.js <pgdata dir>');
  process.exit(2);
}
const pg = new PGlite(dir);
await pg.waitReady;
await pg.close();
