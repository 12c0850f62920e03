/**
 * The ceiling: a bare node:http server answering every request with the same JSON body, the most a single
 * Node process on this machine can serve. The body is padded to BYTES (default 2048, the fixed 2 KB body;
 * run.ts also runs it at the size of our list answer). Usage: npx tsx bench/ceiling-server.ts PORT [BYTES]
 */
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 8430);
const bytes = Number(process.argv[3] ?? 2048);
const order = { id: 1, orderNumber: 'SO-2026-000001', status: 'SHIPPED', buyerName: 'Ada Lovelace', city: 'London', courier: 'DHL' };
const data = Array.from({ length: 12 }, (_, index) => ({ ...order, id: index + 1 }));
// Padded to exactly `bytes`: the body size that measure-server.ts and bench/REPORT.md state.
const unpadded = JSON.stringify({ page: 0, size: 10, lastPage: 99, data, pad: '' });
const body = JSON.stringify({ page: 0, size: 10, lastPage: 99, data, pad: 'x'.repeat(Math.max(0, bytes - Buffer.byteLength(unpadded))) });
const payload = Buffer.from(body);

createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.length });
  res.end(payload);
}).listen(port, '127.0.0.1', () => console.log(`ceiling: ${payload.length} bytes on http://127.0.0.1:${port}`));
