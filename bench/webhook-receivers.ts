/**
 * The webhook bench's receivers, in a process of their own so their work is not counted as the portal's
 * or the bare loop's: `count` endpoints on consecutive ports from `basePort`, each answering 200 at once
 * and noting (endpoint, resourceId, time) for every delivery; one told to hang holds every request until
 * the sender gives up. A control port gives the notes (GET /receipts) and sets which endpoint hangs
 * (POST /hang/<index>, POST /hang/none).
 */
import { createServer } from 'node:http';

const [basePort = 8490, count = 10, controlPort = 8489] = process.argv.slice(2).map(Number);
let receipts: number[] = [];
let hanging = -1;

for (let index = 0; index < count; index += 1) {
  createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      if (index === hanging) return;
      const resourceId = Number(/"resourceId":(\d+)/.exec(body)?.[1] ?? -1);
      receipts.push(index, resourceId, Date.now());
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  }).listen(basePort + index, '127.0.0.1');
}

createServer((request, response) => {
  const hang = /^\/hang\/(none|\d+)$/.exec(request.url ?? '');
  if (request.method === 'POST' && hang !== null) {
    hanging = hang[1] === 'none' ? -1 : Number(hang[1]);
    receipts = [];
    return response.writeHead(204).end();
  }
  if (request.url === '/receipts') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(receipts));
  return response.writeHead(request.url === '/' ? 200 : 404).end();
}).listen(controlPort, '127.0.0.1');
