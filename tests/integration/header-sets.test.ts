/**
 * Each family of the server's answers carries the security header set it should
 * (plugins/security-headers.ts; docs/decisions/026 and 036): the API's set on every JSON answer and every
 * error in the API's shape, wherever it is answered (the public and portal APIs, the provider and gateway
 * routes, the MCP endpoint including what its SDK transport writes itself, JSON files, Node's parser), and
 * the document set on what a browser renders (the app, its files, prerendered pages, Markdown, llms.txt,
 * the HTML reference).
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/server/plugins/security-headers.ts';
import { TOKEN_HEADER } from './support/http-client.ts';
import { sendRaw } from './support/raw-http.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const SETS = securityHeaders({ hsts: false });
/** The headers only a document's set has: an API answer must not carry them. */
const DOCUMENT_ONLY = Object.keys(SETS.document).filter((name) => !(name in SETS.api));
const MCP_ACCEPT = 'application/json, text/event-stream';

let server: TestServer;
let token: string;
let cookie: string;

type Family = 'api' | 'document';
interface Case {
  name: string;
  family: Family;
  path: string;
  init?: RequestInit;
  /** The status the case is about, so a case that stops reaching its route is noticed. */
  status: number;
}

const rpc = (method: string, params: object = {}) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

function cases(): Case[] {
  const asset = readdirSync(resolve('dist/web/assets')).find((name) => name.endsWith('.js'));
  const reader = { [TOKEN_HEADER]: token };
  const mcpPost = (headers: Record<string, string>, body: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return [
    { name: 'public API answer', family: 'api', path: '/api/v1/seller/warehouses?page=0&size=1', init: { headers: reader }, status: 200 },
    { name: 'public API 401', family: 'api', path: '/api/v1/seller/warehouses', status: 401 },
    { name: 'portal API answer', family: 'api', path: '/api/auth/me', init: { headers: { cookie } }, status: 200 },
    { name: 'portal API 401', family: 'api', path: '/api/auth/me', status: 401 },
    // No provider secret configured: the provider routes answer 404.
    {
      name: 'provider route',
      family: 'api',
      path: '/api/provider/account-events',
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      status: 404,
    },
    // No provider API configured: the gateway routes answer 404 saying so.
    { name: 'gateway check', family: 'api', path: '/api/gateway/check', status: 404 },
    {
      name: 'introspection',
      family: 'api',
      path: '/api/gateway/introspect',
      init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=x' },
      status: 401,
    },
    { name: 'health', family: 'api', path: '/healthz', status: 200 },
    { name: 'MCP, no credential', family: 'api', path: '/mcp', init: mcpPost({ accept: MCP_ACCEPT }, rpc('tools/list')), status: 401 },
    { name: 'MCP, GET', family: 'api', path: '/mcp', status: 405 },
    { name: 'MCP, a result', family: 'api', path: '/mcp', init: mcpPost({ ...reader, accept: MCP_ACCEPT }, rpc('tools/list')), status: 200 },
    { name: "MCP, the SDK's own 406", family: 'api', path: '/mcp', init: mcpPost({ ...reader, accept: 'text/html' }, rpc('tools/list')), status: 406 },
    { name: 'MCP, a JSON-RPC error', family: 'api', path: '/mcp', init: mcpPost({ ...reader, accept: MCP_ACCEPT }, rpc('no/such/method')), status: 200 },
    { name: 'MCP, not JSON', family: 'api', path: '/mcp', init: mcpPost({ ...reader, accept: MCP_ACCEPT }, '{'), status: 400 },
    { name: 'API catalog (JSON)', family: 'api', path: '/.well-known/api-catalog', status: 200 },
    { name: 'OpenAPI download (JSON)', family: 'api', path: '/downloads/openapi.json', init: { headers: reader }, status: 200 },
    { name: 'unknown page file', family: 'api', path: '/no-such-file.js', status: 404 },
    { name: 'llms.txt', family: 'document', path: '/llms.txt', init: { headers: reader }, status: 200 },
    { name: 'Markdown page', family: 'document', path: '/documentation/seller/order.md', init: { headers: reader }, status: 200 },
    { name: 'HTML reference download', family: 'document', path: '/downloads/reference.html', init: { headers: reader }, status: 200 },
    { name: 'static app', family: 'document', path: '/login', status: 200 },
    { name: 'static asset', family: 'document', path: `/assets/${asset}`, status: 200 },
    { name: 'prerendered page', family: 'document', path: '/documentation?category=seller&subcategory=order', init: { headers: { cookie } }, status: 200 },
  ];
}

function expectSet(family: Family, headers: Record<string, string | null>, label: string): void {
  for (const [name, value] of Object.entries(SETS[family])) expect(headers[name], `${label}: ${name}`).toBe(value);
  if (family === 'api') for (const name of DOCUMENT_ONLY) expect(headers[name], `${label}: ${name}`).toBeFalsy();
}

beforeAll(async () => {
  server = await startTestServer({ env: { WEB_DIR: resolve('dist/web'), EXPORT_DIR: resolve('dist/export') } });
  const client = server.client();
  await client.login();
  token = await client.createToken('Headers');
  cookie = client.cookie ?? '';
});
afterAll(async () => server?.close());

describe('every route family carries its header set', () => {
  it('answers over fetch', async () => {
    const all = cases();
    expect(new Set(all.map((one) => one.family))).toEqual(new Set(['api', 'document']));
    for (const { name, family, path, init, status } of all) {
      // Uncompressed: a first request for a compressed copy makes it (brotli 11), which is not under test here.
      const response = await fetch(server.baseUrl + path, {
        redirect: 'manual',
        ...init,
        headers: { 'accept-encoding': 'identity', ...(init?.headers as Record<string, string> | undefined) },
      });
      expect(
        response.status,
        `${name} ${await response
          .clone()
          .text()
          .then((text) => text.slice(0, 200))}`,
      ).toBe(status);
      const headers = Object.fromEntries(Object.keys(SETS.document).map((header) => [header, response.headers.get(header)]));
      expectSet(family, headers, name);
      if (family === 'api' && path === '/mcp') expect(response.headers.get('cache-control'), name).toBe('no-store');
    }
  });

  it("answers Node's parser and the Host and Expect checks give", async () => {
    for (const [name, bytes, status] of [
      ['no Host', 'GET /login HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
      ['two Hosts', 'GET /llms.txt HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n', 400],
      ['an unknown Expect', 'GET /login HTTP/1.1\r\nHost: a\r\nExpect: nothing\r\nConnection: close\r\n\r\n', 417],
      ['not HTTP', 'HELLO\r\n\r\n', 400],
    ] as const) {
      const [response] = await sendRaw(server.baseUrl, bytes);
      expect(response?.status, name).toBe(status);
      expectSet('api', response?.headers ?? {}, name);
    }
  });
});
