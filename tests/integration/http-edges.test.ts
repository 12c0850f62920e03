/**
 * The HTTP edges answer in the API's own shape: errors from Fastify's routing and Node's parser carry the
 * spec's {status, message} body and the security headers, echo nothing; slow requests are cut off with
 * 408; idle connections are closed; any other method on a known path is 405 whatever its body; a request
 * arriving while the server closes gets 503.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/server/plugins/security-headers.ts';
import { TOKEN_HEADER } from './support/http-client.ts';
import { parseResponses, rawConnection, sendRaw, type RawResponse } from './support/raw-http.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// Every answer here is JSON: the API's set (plugins/security-headers.ts).
const SECURITY_HEADERS = securityHeaders({ hsts: false }).api;
let server: TestServer;
let token: string;
/** Set by the last test: the warehouse list then answers with this stream, whose end the test chooses. */
let heldBody: PassThrough | undefined;

beforeAll(async () => {
  server = await startTestServer({
    testing: { httpTimeouts: { headersMs: 1_000, requestMs: 1_500, checkIntervalMs: 100, keepAliveMs: 1_000 } },
    handlers: (defaults) => ({
      ...defaults,
      listSellerWarehouses: {
        handle: async (request, reply, route) =>
          heldBody === undefined ? defaults.listSellerWarehouses.handle(request, reply, route) : reply.type('application/json').send(heldBody),
      },
    }),
  });
  const client = server.client();
  await client.login();
  token = await client.createToken();
});
afterAll(async () => server?.close());

function expectApiError(response: RawResponse | undefined, status: number): void {
  expect(response?.status).toBe(status);
  const body = JSON.parse(response?.body ?? '') as { status: number; message: string };
  expect(body).toEqual({ status, message: expect.any(String) });
  expect(body.message).not.toMatch(/FST_|ERR_|HPE_|\/api\//);
  expect(response?.headers['content-type']).toMatch(/^application\/json/);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response?.headers[name], name).toBe(value);
}

describe("errors outside the request hooks are the API's errors", () => {
  it('a malformed percent-encoding in the path: 400, the URL not echoed', async () => {
    for (const path of ['/api/v1/seller/orders/normal/%c0%ae', '/api/v1/seller/%E0%A4%A', '/%ZZ']) {
      const [response] = await sendRaw(server.baseUrl, `GET ${path} HTTP/1.1\r\nHost: x\r\n${TOKEN_HEADER}: ${token}\r\nConnection: close\r\n\r\n`);
      expectApiError(response, 400);
      expect(response?.body).not.toContain('%');
      expect(response?.headers['cache-control']).toBe('no-store');
    }
  });

  it('headers over 16 KB: 431', async () => {
    const [response] = await sendRaw(server.baseUrl, `GET /api/v1/seller/warehouses HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectApiError(response, 431);
  });

  it('a request line of 20,000 characters: 431', async () => {
    const [response] = await sendRaw(server.baseUrl, `GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectApiError(response, 431);
  });

  it('bytes that are not HTTP: 400', async () => {
    for (const bytes of [
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'HELLO\r\n\r\n',
      'GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
    ]) {
      const [response] = await sendRaw(server.baseUrl, bytes);
      expectApiError(response, 400);
    }
  });

  it('a path parameter longer than any route takes: 404', async () => {
    const [response] = await sendRaw(server.baseUrl, `GET /api/auth/token/${'b'.repeat(400)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expectApiError(response, 404);
  });
});

describe("the request's Host and Expect headers", () => {
  it('no Host on HTTP/1.1: 400 in the API shape, on an API path and on a page', async () => {
    for (const path of ['/api/v1/seller/warehouses', '/llms.txt', '/']) {
      const [response] = await sendRaw(server.baseUrl, `GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`);
      expectApiError(response, 400);
      expect(response?.body).toContain('Host');
    }
  });

  it('two Host headers: 400 in the API shape, whichever comes first', async () => {
    for (const path of ['/api/v1/seller/warehouses', '/llms.txt', '/.well-known/api-catalog']) {
      const [response] = await sendRaw(server.baseUrl, `GET ${path} HTTP/1.1\r\nHost: x\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
      expectApiError(response, 400);
      expect(response?.body).not.toContain('evil.example');
    }
  });

  it('an unknown Expect: 417 in the API shape, the value not echoed', async () => {
    const [response] = await sendRaw(
      server.baseUrl,
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nExpect: 200-ok-please\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expectApiError(response, 417);
    expect(response?.body).not.toContain('200-ok-please');
  });

  it('Expect: 100-continue still works: 100, then the answer', async () => {
    const [first, second] = await sendRaw(
      server.baseUrl,
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(first?.status).toBe(100);
    expect(second?.status).toBe(400);
  });
});

describe('slow and idle clients are cut off', () => {
  it('a body that stops halfway: 408 and the connection closed', async () => {
    const connection = await rawConnection(server.baseUrl);
    connection.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"');
    const [response] = parseResponses(await connection.closed);
    expectApiError(response, 408);
  });

  it('headers that never end: 408 and the connection closed', async () => {
    const connection = await rawConnection(server.baseUrl);
    connection.socket.write('GET /api/v1/seller/warehouses HTTP/1.1\r\nHost: x\r\nX-Slow: a');
    const [response] = parseResponses(await connection.closed);
    expectApiError(response, 408);
  });

  it('a connection that sends nothing is closed', async () => {
    const connection = await rawConnection(server.baseUrl);
    await connection.closed;
    expect(connection.socket.destroyed).toBe(true);
  });

  it('an idle keep-alive connection is closed after its answer', async () => {
    const connection = await rawConnection(server.baseUrl);
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const [response] = parseResponses(await connection.closed);
    expect(response?.status).toBe(200);
    expect(response?.headers['keep-alive']).toMatch(/^timeout=\d+$/);
  });
});

describe('405 on a known path whatever the body or its content type', () => {
  const cases: Array<[string, string]> = [
    ['PUT, no body', 'PUT /api/v1/seller/warehouses HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['PUT, a body without a content type', 'PUT /api/v1/seller/warehouses HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab'],
    [
      'PATCH, text/plain',
      'PATCH /api/v1/seller/warehouses HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab',
    ],
    [
      'POST, form data',
      'POST /api/v1/seller/warehouses HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b',
    ],
    [
      'POST, invalid JSON',
      'POST /api/v1/seller/warehouses/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1\r\nConnection: close\r\n\r\n{',
    ],
    [
      'DELETE, chunked body',
      'DELETE /api/v1/seller/orders/normal HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\nab\r\n0\r\n\r\n',
    ],
    ['PROPFIND', 'PROPFIND /api/v1/seller/warehouses HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['QUERY', 'QUERY /api/seller/warehouses HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1\r\nConnection: close\r\n\r\nx'],
    ['TRACE', 'TRACE /api/v1/seller/warehouses HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['OPTIONS', 'OPTIONS /api/v1/seller/warehouses HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
  ];
  it.each(cases)('%s', async (_name, bytes) => {
    const [response] = await sendRaw(server.baseUrl, bytes);
    expectApiError(response, 405);
    expect(response?.headers.allow).toBe('GET, HEAD');
  });

  it('the portal paths too: GET on login, HEAD on login, PUT with a body on the token list', async () => {
    for (const [bytes, allow] of [
      ['GET /api/auth/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'POST'],
      ['HEAD /api/auth/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'POST'],
      ['PUT /api/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1\r\nConnection: close\r\n\r\nx', 'GET, POST, HEAD'],
    ] as const) {
      const [response] = await sendRaw(server.baseUrl, bytes);
      expect(response?.status).toBe(405);
      expect(response?.headers.allow).toBe(allow);
    }
  });

  it('an unknown /api path is 404 whatever the body', async () => {
    const [response] = await sendRaw(
      server.baseUrl,
      'POST /api/nope HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab',
    );
    expectApiError(response, 404);
  });
});

// Last: it closes the server.
describe('while closing', () => {
  it('a request arriving on an open connection gets 503 with Retry-After in the API shape', async () => {
    const body = new PassThrough();
    heldBody = body;
    const connection = await rawConnection(server.baseUrl);
    const request = `GET /api/v1/seller/warehouses HTTP/1.1\r\nHost: x\r\n${TOKEN_HEADER}: ${token}\r\n\r\n`;
    // The first answer's headers leave (keep-alive) before the server starts closing.
    connection.socket.write(request);
    body.write('[');
    await connection.until((text) => text.includes('\r\n\r\n'));
    const closed = server.app.close();
    while (server.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    body.end(']');
    await connection.until((text) => text.includes('\r\n0\r\n\r\n'));
    connection.socket.write(request);
    const [first, second] = parseResponses(await connection.closed);
    expect(first?.status).toBe(200);
    expectApiError(second, 503);
    expect(second?.headers['retry-after']).toBe('1');
    await closed;
  });
});
