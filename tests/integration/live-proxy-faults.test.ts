/**
 * A live call when the provider's API misbehaves, against a small fake upstream whose behaviour each test
 * chooses (UPSTREAM_TIMEOUT_MS=500, UPSTREAM_MAX_IN_FLIGHT=2): hanging is 504 by the deadline, a 500 is
 * 502, a body outside the contract is 502 naming the operation with the violation in the log, a huge body
 * is 502 and a slow trickle 504, the third concurrent call past the bound is 503 with Retry-After at once
 * while a sandbox call is answered as fast as ever, and a refused connection is 502. Every answer carries
 * the rate-limit headers and is the spec's, and no exchange keeps its connection past its bound.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperation, validateOperationResponse } from './support/spec-validator.ts';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const TIMEOUT_MS = 500;
const LIST = '/api/v1/seller/orders/normal?page=0&size=10';
const DETAIL = '/api/v1/seller/orders/normal/101';
const VALID_PAGE = '{"page":0,"size":10,"lastPage":0,"data":[]}';

type Mode = 'ok' | 'hang' | 'fail' | 'outside' | 'huge' | 'huge-declared' | 'trickle';

let mode: Mode = 'ok';
let fake: Server;
let server: TestServer;
let client: Client;
let live: string;
let sandbox: string;
/** The socket of each request the fake received, newest last. */
const sockets: Socket[] = [];
/** The URL of each request the fake received, newest last. */
const urls: string[] = [];
const pending = new Set<ServerResponse>();

async function writeHuge(response: ServerResponse): Promise<void> {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('{"page":0,"size":10,"lastPage":0,"data":[');
  const chunk = `${'{"id":1},'.repeat(7000)}`;
  for (let sent = 0; sent < 12 * 1024 * 1024 && !response.destroyed; sent += chunk.length) {
    if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve).once('close', resolve));
  }
  if (!response.destroyed) response.end('{"id":1}]}');
}

function answer(request: IncomingMessage, response: ServerResponse): void {
  sockets.push(request.socket);
  urls.push(request.url ?? '');
  pending.add(response);
  response.on('close', () => pending.delete(response));
  switch (mode) {
    case 'ok':
      response.writeHead(200, { 'content-type': 'application/json', etag: '"fake-1"', 'cache-control': 'no-store' }).end(VALID_PAGE);
      return;
    case 'hang':
      return;
    case 'fail':
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"status":500,"message":"upstream broke"}');
      return;
    case 'outside':
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(request.url?.includes('?') ? '{"page":0,"size":10,"lastPage":0,"data":"rows"}' : '{"id":"x"}');
      return;
    case 'huge':
      void writeHuge(response);
      return;
    case 'huge-declared':
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(9 * 1024 * 1024) });
      response.write('{');
      return;
    case 'trickle': {
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => response.write(' '), 50);
      response.on('close', () => clearInterval(timer));
      return;
    }
  }
}

/** A public call, checked against the spec's answer for its status (502-504 included). */
async function call(path: string, token: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await client.api<{ status: number; message: string }>(path, token, { headers, unchecked: true });
  const op = findOperation('GET', path);
  if (op === undefined) throw new Error(`no operation for ${path}`);
  validateOperationResponse(op, response.status, response.body, { gatewayAnswers: true });
  return { ...response, ms: performance.now() - started };
}

/** The fake's socket of its last request is closed within `ms`. */
async function lastSocketClosed(ms = 300): Promise<void> {
  const socket = sockets.at(-1);
  expect(socket).toBeDefined();
  await expect.poll(() => socket?.destroyed, { timeout: ms, interval: 10 }).toBe(true);
  expect(pending.size).toBe(0);
}

function expectRateHeaders(response: { headers: Headers }): void {
  expect(response.headers.get('ratelimit-limit')).not.toBeNull();
  expect(response.headers.get('ratelimit-remaining')).not.toBeNull();
}

beforeAll(async () => {
  fake = createServer(answer);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({
    env: {
      PUBLIC_ORIGIN: 'http://127.0.0.1:9',
      UPSTREAM_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v2`,
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
      UPSTREAM_MAX_IN_FLIGHT: '2',
      RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  client = server.client();
  await client.login();
  const created = await client.post<{ data: { token: string } }>('/api/auth/token', { title: 'Live', description: 'live calls', environment: 'live' });
  live = created.body.data.token;
  sandbox = await client.createToken('Sandbox');
});
afterAll(async () => {
  await server?.close();
  fake?.closeAllConnections();
  await new Promise((resolve) => fake?.close(resolve));
});

describe('a live call', () => {
  it('reaches UPSTREAM_API_URL with the spec path and the query as sent, and a no-store answer is not kept', async () => {
    mode = 'ok';
    const first = await call(`${LIST}&extra=a%20b`, live);
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"fake-1"');
    expect(urls.at(-1)).toBe('/v2/seller/orders/normal?page=0&size=10&extra=a%20b');
    const before = sockets.length;
    await call(`${LIST}&extra=a%20b`, live);
    expect(sockets.length).toBe(before + 1);
    const alias = await call('/api/seller/orders/normal?size=3&page=0', live);
    expect(alias.status).toBe(200);
    expect(urls.at(-1)).toBe('/v2/seller/orders/normal?size=3&page=0');
  });

  it('is 504 by the deadline when the upstream hangs, and its connection is closed', async () => {
    mode = 'hang';
    const answered = await call(LIST, live);
    expect(answered.status).toBe(504);
    expect(answered.body.message).toBe(`The provider's API did not answer listSellerNormalOrders within ${TIMEOUT_MS} ms.`);
    expect(answered.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(answered.ms).toBeLessThan(TIMEOUT_MS + 400);
    expectRateHeaders(answered);
    await lastSocketClosed();
  });

  it('is 502 when the upstream answers 500', async () => {
    mode = 'fail';
    const answered = await call(DETAIL, live);
    expect(answered.status).toBe(502);
    expect(answered.body).toEqual({ status: 502, message: "The provider's API answered getSellerNormalOrder with 500." });
    expect(answered.text).not.toContain('upstream broke');
    expectRateHeaders(answered);
    expect(pending.size).toBe(0);
  });

  it('is 502 naming the operation for a body outside the contract, with the violation in the log', async () => {
    mode = 'outside';
    const list = await call(LIST, live);
    expect(list.status).toBe(502);
    expect(list.body).toEqual({ status: 502, message: "The provider's API answered listSellerNormalOrders outside its contract." });
    const detail = await call(DETAIL, live);
    expect(detail.body).toEqual({ status: 502, message: "The provider's API answered getSellerNormalOrder outside its contract." });
    expect(detail.text).not.toContain('"x"');
    expectRateHeaders(detail);
    const lines = server
      .logs()
      .split('\n')
      .filter((line) => line.includes('outside its contract'));
    expect(lines.some((line) => line.includes('"operationId":"listSellerNormalOrders"') && line.includes('"violation":"/data must be array"'))).toBe(true);
    expect(lines.some((line) => line.includes('"operationId":"getSellerNormalOrder"') && line.includes('"violation":"/'))).toBe(true);
    expect(lines.every((line) => line.includes('"level":40'))).toBe(true);
    expect(pending.size).toBe(0);
  });

  it('is 502 for a body over the limit, and stops reading it', async () => {
    mode = 'huge';
    const answered = await call(LIST, live);
    expect(answered.status).toBe(502);
    expect(answered.body.message).toBe("The provider's API answered listSellerNormalOrders with a body over 8 MB.");
    expectRateHeaders(answered);
    await lastSocketClosed();

    mode = 'huge-declared';
    const declared = await call(LIST, live);
    expect(declared.status).toBe(502);
    expect(declared.ms).toBeLessThan(TIMEOUT_MS);
    await lastSocketClosed();
  });

  it('is 504 by the same deadline for a slow trickle', async () => {
    mode = 'trickle';
    const answered = await call(LIST, live);
    expect(answered.status).toBe(504);
    expect(answered.ms).toBeLessThan(TIMEOUT_MS + 400);
    await lastSocketClosed();
  });

  it('past UPSTREAM_MAX_IN_FLIGHT is 503 with Retry-After at once, while sandbox calls keep their speed', async () => {
    const warm = await call(LIST, sandbox);
    expect(warm.status).toBe(200);
    mode = 'hang';
    const before = sockets.length;
    const hanging = [call(`${LIST}&h=1`, live), call(`${LIST}&h=2`, live)];
    await expect.poll(() => sockets.length, { timeout: 400, interval: 5 }).toBe(before + 2);
    const third = await call(LIST, live);
    expect(third.status).toBe(503);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    expect(third.ms).toBeLessThan(100);
    expectRateHeaders(third);
    expect(sockets.length).toBe(before + 2);
    const sandboxCall = await call(LIST, sandbox);
    expect(sandboxCall.status).toBe(200);
    expect(sandboxCall.ms).toBeLessThan(Math.max(100, warm.ms * 3));
    expect((await Promise.all(hanging)).map((answered) => answered.status)).toEqual([504, 504]);
    await lastSocketClosed();
    // Places are given back: the next live call reaches the upstream again.
    mode = 'ok';
    expect((await call(LIST, live)).status).toBe(200);
  });

  it('is 502 when the connection is refused, and the token is never in the log', async () => {
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
    const answered = await call(LIST, live);
    expect(answered.status).toBe(502);
    expect(answered.body.message).toBe("The provider's API could not be reached for listSellerNormalOrders.");
    expectRateHeaders(answered);
    expect(server.logs()).toContain('ECONNREFUSED');
    expect(server.logs()).not.toContain(live);
  });
});
