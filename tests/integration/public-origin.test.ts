/**
 * Every absolute link the server writes starts with the portal's own origin, never the request's Host:
 * llms.txt, llms-full.txt, the API catalog, Markdown pages, the MCP tools and resources, a prerendered page
 * and webhook events all ignore `Host: evil.example`. Without PUBLIC_ORIGIN the origin is the address the
 * server listens on; with it, PUBLIC_ORIGIN, which is also the only Origin the CSRF check accepts when no
 * proxy is trusted.
 */
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const EVIL = 'evil.example';
const CONFIGURED = 'https://developers.example.com';
const LOGIN = { email: 'seller@example.com', password: 'demo-password', userType: 'SELLER' };
// The real build's prerendered pages (npm run build), so the page the server fills is the one users get.
const WEB_DIR = resolve('dist/web');

let listening: TestServer;
let configured: TestServer;
let token: string;
let cookie: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the Host header given (fetch does not let a caller choose it). */
function send(base: string, path: string, options: { host?: string; method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((done, fail) => {
    const outgoing = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        headers: { host: options.host ?? EVIL, ...options.headers, ...(options.body ? { 'content-length': Buffer.byteLength(options.body) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    outgoing.on('error', fail);
    outgoing.end(options.body);
  });
}

/** A JSON-RPC call to /mcp in one POST (the server is stateless: no session to open first). */
async function mcp(base: string, method: string, params: object): Promise<string> {
  const answer = await send(base, '/mcp', {
    method: 'POST',
    headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  expect(answer.status, `${method} ${answer.body}`).toBe(200);
  return answer.body;
}

/** Every link-bearing answer, asked with `Host: evil.example`. */
async function everyLinkBearingAnswer(base: string): Promise<Record<string, string>> {
  const reader = { [TOKEN_HEADER]: token };
  const answers: Record<string, string> = {};
  for (const path of [
    '/llms.txt',
    '/llms-full.txt',
    '/.well-known/api-catalog',
    '/documentation/operations/getSellerReturnOrder.md',
    '/documentation/seller/order.md',
  ]) {
    const answer = await send(base, path, { headers: reader });
    expect(answer.status, path).toBe(200);
    answers[path] = answer.body;
  }
  const page = await send(base, '/documentation?category=seller&subcategory=order', { headers: { cookie } });
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  answers['prerendered page'] = page.body;
  for (const [name, args] of [
    ['list_operations', {}],
    ['get_operation', { operationId: 'getSellerReturnOrder' }],
    ['search_docs', { query: 'return order' }],
    ['get_changelog', {}],
  ] as const)
    answers[`tool ${name}`] = await mcp(base, 'tools/call', { name, arguments: args });
  answers['resources/list'] = await mcp(base, 'resources/list', {});
  return answers;
}

beforeAll(async () => {
  [listening, configured] = await Promise.all([startTestServer({ env: { WEB_DIR } }), startTestServer({ env: { WEB_DIR, PUBLIC_ORIGIN: CONFIGURED } })]);
  const client = listening.client();
  await client.login();
  token = await client.createToken('Origins');
  cookie = client.cookie ?? '';
});
afterAll(async () => Promise.all([listening?.close(), configured?.close()]));

describe('links never follow the Host header', () => {
  it('without PUBLIC_ORIGIN: every link starts with the address the server listens on', async () => {
    const answers = await everyLinkBearingAnswer(listening.baseUrl);
    for (const [name, body] of Object.entries(answers)) {
      expect(body, name).not.toContain(EVIL);
      expect(body, name).toContain(listening.baseUrl);
    }
  });

  it('with PUBLIC_ORIGIN: every link starts with it, and none with the address or Host', async () => {
    const client = configured.client();
    await client.login();
    const previous = { token, cookie };
    token = await client.createToken('Origins');
    cookie = client.cookie ?? '';
    try {
      const answers = await everyLinkBearingAnswer(configured.baseUrl);
      for (const [name, body] of Object.entries(answers)) {
        expect(body, name).not.toContain(EVIL);
        expect(body, name).not.toContain(configured.baseUrl);
        expect(body, name).toContain(CONFIGURED);
      }
    } finally {
      ({ token, cookie } = previous);
    }
  });
});

describe('the CSRF check compares Origin with the portal origin', () => {
  const login = (base: string, origin: string, host?: string) =>
    send(base, '/api/auth/login', {
      method: 'POST',
      ...(host === undefined ? {} : { host }),
      headers: { origin, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(LOGIN),
    });

  it('with PUBLIC_ORIGIN and no trusted proxy: that origin only, whatever the Host says', async () => {
    const host = new URL(configured.baseUrl).host;
    expect((await login(configured.baseUrl, CONFIGURED, host)).status).toBe(200);
    expect((await login(configured.baseUrl, `${CONFIGURED}:443`, host)).status).toBe(200);
    for (const origin of [configured.baseUrl, 'http://developers.example.com', 'https://developers.example.com:8443', `http://${EVIL}`])
      expect((await login(configured.baseUrl, origin, host)).status, origin).toBe(403);
    // A Host naming the page's host does not make a foreign origin ours.
    expect((await login(configured.baseUrl, `http://${EVIL}`, EVIL)).status).toBe(403);
  });

  it('without PUBLIC_ORIGIN: the scheme and Host the request came with', async () => {
    const host = new URL(listening.baseUrl).host;
    expect((await login(listening.baseUrl, listening.baseUrl, host)).status).toBe(200);
    expect((await login(listening.baseUrl, `https://${host}`, host)).status).toBe(403);
  });
});
