// @ts-check
/**
 * The floor a restart is compared with (bench/startup.ts): a node process that opens a PGlite data folder
 * and answers SELECT 1, as the server's open does (same shared_buffers), and nothing else.
 * `node bench/lib/bare-pglite.mjs <pgdata dir>`; prints `ready` once the query answered, then closes.
 */
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node bench/lib/bare-pglite.mjs <pgdata dir>');
const pg = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
await pg.query('SELECT 1');
console.log('ready');
await pg.close();
