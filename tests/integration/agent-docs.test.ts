/**
 * Documentation for AI assistants on the real server: who may read the Markdown, llms.txt and /mcp
 * (session, token header, bearer token, bad tokens, PUBLIC_DOCS), content negotiation (Accept, Vary,
 * Link), the llms.txt format and sizes, the API catalog, and the MCP server through the SDK's own client:
 * every documentation tool, call_operation through the API's path (request log, 401, 403), and no token
 * value in any answer or log line.
 */
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { AGENT_FILE_MAX_CHARS, type AgentDocs } from '../../src/shared/portal-data/agent-docs.ts';
import { catalogueCalls } from './support/catalogue-calls.ts';
import { TOKEN_HEADER, type Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const USER_AGENT = 'agent-docs-test-assistant/1.0';
let server: TestServer;
let publicServer: TestServer;
let seller: Client;
let sellerToken: string;
let warehouseToken: string;
let ordersOnlyToken: string;
let expiredToken: string;

const get = (base: string, path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers, redirect: 'manual' });

async function mcpClient(base: string, headers: Record<string, string>): Promise<McpClient> {
  const client = new McpClient({ name: 'agent-docs-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { 'user-agent': USER_AGENT, ...headers } } }));
  return client;
}

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

beforeAll(async () => {
  [server, publicServer] = await Promise.all([startTestServer(), startTestServer({ env: { PUBLIC_DOCS: 'true' } })]);
  seller = server.client();
  await seller.login();
  sellerToken = await seller.createToken('Assistant');
  const warehouse = server.client();
  await warehouse.login('warehouse@example.com', 'WAREHOUSE');
  warehouseToken = await warehouse.createToken('Assistant');
  const scoped = await seller.post<{ data: { token: string } }>('/api/auth/token', { title: 'Products only', description: 'scoped', scopes: ['products'] });
  ordersOnlyToken = scoped.body.data.token;
  expiredToken = await seller.createToken('Expired');
  await server.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 day' WHERE title = 'Expired'`);
  server.evictCachedTokens();
});
afterAll(async () => Promise.all([server?.close(), publicServer?.close()]));

describe('who may read the Markdown', () => {
  const page = '/documentation/seller/order.md';

  it('answers a session, the token header and a bearer token', async () => {
    const readers: Record<string, string>[] = [{ cookie: seller.cookie ?? '' }, { [TOKEN_HEADER]: sellerToken }, { authorization: `Bearer ${sellerToken}` }];
    for (const headers of readers) {
      const response = await get(server.baseUrl, page, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(await response.text()).toContain('# Seller API · Order');
    }
  });

  it('answers the API 401 body to no credential, an expired and a malformed token, with a challenge naming the header', async () => {
    for (const headers of [{}, { [TOKEN_HEADER]: expiredToken }, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const response = await get(server.baseUrl, page, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ status: 401, message: 'forbidden' });
      expect(response.headers.get('www-authenticate')).toContain(`header="${TOKEN_HEADER}"`);
    }
    expect((await get(server.baseUrl, '/llms.txt')).status).toBe(401);
  });

  it('publishes the reference with PUBLIC_DOCS=true, but a bad token is still refused and the screens stay behind login', async () => {
    expect((await get(publicServer.baseUrl, page)).status).toBe(200);
    expect((await get(publicServer.baseUrl, '/llms.txt')).status).toBe(200);
    expect((await get(publicServer.baseUrl, page, { [TOKEN_HEADER]: 'acme_s_broken' })).status).toBe(401);
    for (const screen of ['/api/auth/me', '/api/auth/token', '/api/usage/requests']) expect((await get(publicServer.baseUrl, screen)).status).toBe(401);
    // The HTML pages themselves: documentation-pages.test.ts.
  });
});

describe('GET /api/portal/settings', () => {
  it('tells anyone, logged in or not, whether the reference is public', async () => {
    for (const [base, publicDocs] of [
      [server.baseUrl, false],
      [publicServer.baseUrl, true],
    ] as const) {
      const response = await get(base, '/api/portal/settings');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ publicDocs, loginForm: true, signInWith: null, liveTokens: false });
    }
    expect(await (await get(server.baseUrl, '/api/portal/settings', { cookie: seller.cookie ?? '' })).json()).toEqual({
      publicDocs: false,
      loginForm: true,
      signInWith: null,
      liveTokens: false,
    });
  });
});

describe('content negotiation', () => {
  it('answers Markdown on the page URL to Accept: text/markdown, HTML (or login) otherwise, with Vary: Accept on both', async () => {
    const markdown = await get(server.baseUrl, '/documentation?category=seller&subcategory=order', { accept: 'text/markdown', [TOKEN_HEADER]: sellerToken });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    expect(markdown.headers.get('vary')).toMatch(/accept/i);
    expect(await markdown.text()).toContain('# Seller API · Order');
    const html = await get(server.baseUrl, '/documentation?category=seller&subcategory=order', { accept: 'text/html' });
    expect(html.status).toBe(302);
    expect(html.headers.get('vary')).toMatch(/accept/i);
  });

  it('answers an operation address without .md as Markdown when asked, and leads a browser to the page', async () => {
    const asked = await get(server.baseUrl, '/documentation/operations/getSellerReturnOrder', { accept: 'text/markdown', [TOKEN_HEADER]: sellerToken });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('# Get a return order');
    const browser = await get(server.baseUrl, '/documentation/operations/getSellerReturnOrder', { accept: 'text/html' });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/documentation?category=seller&subcategory=order#getSellerReturnOrder');
    expect(browser.headers.get('vary')).toMatch(/accept/i);
    expect((await get(server.baseUrl, '/documentation/operations/noSuchOperation.md', { [TOKEN_HEADER]: sellerToken })).status).toBe(404);
    // An address naming no page is a 404, not a redirect to a page that says "not found".
    for (const path of ['/documentation/seller/no-such-page', '/documentation/operations/noSuchOperation'])
      expect((await get(server.baseUrl, path, { accept: 'text/html' })).status, path).toBe(404);
  });

  it('writes the request origin into the Markdown, and every page begins with the llms.txt line', async () => {
    const text = await (await get(server.baseUrl, '/documentation/operations/getSellerReturnOrder.md', { [TOKEN_HEADER]: sellerToken })).text();
    expect(text.split('\n')[0]).toBe(`> The index of this documentation for AI assistants is ${server.baseUrl}/llms.txt`);
    expect(text).toContain(`GET ${server.baseUrl}/api/v1/seller/orders/return/{returnId}`);
    expect(text).not.toContain('.invalid');
    expect(text).toContain('$ACME_API_TOKEN');
  });
});

describe('events', () => {
  const { eventList } = JSON.parse(readFileSync('src/generated/agent-docs.json', 'utf8')) as AgentDocs;

  it.each(['seller', 'warehouse'])('%s: each event’s Markdown answers at its address, its page lists only its family’s', async (family) => {
    const own = eventList.filter((event) => event.family === family);
    const others = eventList.filter((event) => event.family !== family);
    expect(own.length).toBeGreaterThan(0);
    const page = await (await get(server.baseUrl, `/documentation/${family}/events.md`, { [TOKEN_HEADER]: sellerToken })).text();
    expect(page).toContain('## How to verify');
    for (const event of own) {
      expect(page).toContain(`\`EVENT ${event.event}\``);
      const markdown = await get(server.baseUrl, `/documentation/operations/${event.operationId}.md`, { [TOKEN_HEADER]: sellerToken });
      expect(markdown.status).toBe(200);
      expect(await markdown.text()).toContain(`\`EVENT ${event.event}\``);
      const browser = await get(server.baseUrl, `/documentation/operations/${event.operationId}`, { accept: 'text/html' });
      expect(browser.headers.get('location')).toBe(`/documentation?category=${family}&subcategory=events#${event.operationId}`);
    }
    for (const event of others) expect(page).not.toContain(event.event);
  });

  it('are listed, searched and answered by the MCP tools, marked as events, per family', async () => {
    const client = await mcpClient(server.baseUrl, { [TOKEN_HEADER]: sellerToken });
    for (const family of ['seller', 'warehouse']) {
      const listed = JSON.parse(textOf(await client.callTool({ name: 'list_operations', arguments: { family } }))) as {
        kind?: string;
        event?: string;
        family: string;
      }[];
      const events = listed.filter((entry) => entry.kind === 'event');
      expect(events.map((entry) => entry.event)).toEqual(eventList.filter((event) => event.family === family).map((event) => event.event));
      expect(events.every((entry) => entry.family === family)).toBe(true);
    }
    const [first] = eventList;
    if (!first) throw new Error('no event');
    const found = textOf(await client.callTool({ name: 'search_docs', arguments: { query: first.event } }));
    expect(found.split('\n')[0]).toContain(`EVENT ${first.event}`);
    expect(found.split('\n')[0]).toContain(`event \`${first.operationId}\``);
    const markdown = textOf(await client.callTool({ name: 'get_operation', arguments: { operationId: first.operationId } }));
    expect(markdown).toContain(`\`EVENT ${first.event}\``);
    expect(markdown).toContain('## Payload');
    expect(textOf(await client.callTool({ name: 'get_schema', arguments: { name: first.payloadSchema ?? '' } }))).toContain('`resourceUrl`');
    // An event is nothing to call.
    expect((await client.callTool({ name: 'call_operation', arguments: { operationId: first.operationId } })).isError).toBe(true);
    await client.close();
  });
});

describe('llms.txt and the API catalog', () => {
  it('has the llmstxt.org shape and stays under the size limit; llms-full.txt holds every page', async () => {
    const llms = await (await get(publicServer.baseUrl, '/llms.txt')).text();
    const lines = llms.split('\n');
    expect(lines[0]).toBe('# ACME Fulfillment API');
    expect(lines[2]).toMatch(/^> \S/);
    expect(llms).toMatch(/If-None-Match/);
    expect(llms).toContain('## Seller API');
    expect(llms).toContain('## Warehouse API');
    // Every link leads to Markdown (the exports are named in the text, not linked).
    for (const [, href] of llms.matchAll(/\]\((\S+?)\)/g)) expect(href, href).toMatch(/\.(md|txt)$/);
    expect(llms).toContain(`- [Get a return order](${publicServer.baseUrl}/documentation/operations/getSellerReturnOrder.md): `);
    expect(llms).toMatch(/## Optional\n\n- \[Changelog\]/);
    expect(llms.length).toBeLessThan(AGENT_FILE_MAX_CHARS);
    const full = await (await get(publicServer.baseUrl, '/llms-full.txt')).text();
    for (const title of ['# Getting started', '# Authentication', '# Seller API · Order', '# Warehouse API · Inventory']) expect(full).toContain(title);
    // Every linked Markdown address answers.
    for (const [, url] of llms.matchAll(/\]\((http[^)]+\.md)\)/g)) expect((await fetch(url as string)).status).toBe(200);
  });

  it('serves the RFC 9727 linkset without login', async () => {
    const response = await get(server.baseUrl, '/.well-known/api-catalog');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/linkset+json');
    const body = (await response.json()) as { linkset: Record<string, { href: string }[]>[] };
    const entry = body.linkset[0] ?? {};
    expect(entry['service-desc']?.[0]?.href).toBe(`${server.baseUrl}/downloads/openapi.json`);
    expect(entry['service-doc']?.[0]?.href).toContain('/documentation?');
    expect(entry.status?.[0]?.href).toBe(`${server.baseUrl}/healthz`);
  });
});

describe('the MCP server', () => {
  it('refuses a client without a credential with 401 and the challenge', async () => {
    const response = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(`header="${TOKEN_HEADER}"`);
    await expect(mcpClient(server.baseUrl, {})).rejects.toThrow();
  });

  it('lists its tools, read-only but for simulate_in_sandbox, and answers each documentation tool', async () => {
    const client = await mcpClient(server.baseUrl, { authorization: `Bearer ${sellerToken}` });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'call_operation',
      'get_changelog',
      'get_operation',
      'get_schema',
      'list_operations',
      'search_docs',
      'simulate_in_sandbox',
    ]);
    // Every tool reads, but the one that runs the sandbox's simulations.
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(tool.name !== 'simulate_in_sandbox');

    const found = textOf(await client.callTool({ name: 'search_docs', arguments: { query: 'return order' } }));
    expect(found.split('\n')[0]).toMatch(/return order/i);
    expect(found).toContain('.md)');
    const listed = JSON.parse(textOf(await client.callTool({ name: 'list_operations', arguments: { family: 'warehouse' } }))) as { family: string }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((op) => op.family === 'warehouse')).toBe(true);
    expect(textOf(await client.callTool({ name: 'get_operation', arguments: { operationId: 'getSellerReturnOrder' } }))).toContain('# Get a return order');
    const missing = await client.callTool({ name: 'get_operation', arguments: { operationId: 'nope' } });
    expect(missing.isError).toBe(true);
    expect(textOf(await client.callTool({ name: 'get_schema', arguments: { name: 'ReturnOrder' } }))).toContain('`returnReason`');
    // The same sentences as the Changelog page's Markdown, with this portal's origin in the links.
    const changelog = textOf(await client.callTool({ name: 'get_changelog', arguments: {} }));
    expect(changelog).toMatch(/^## /);
    const changelogPage = await (await get(server.baseUrl, '/documentation/authentication/changelog.md', { [TOKEN_HEADER]: sellerToken })).text();
    expect(changelogPage).toContain(changelog);
    expect(changelog).not.toContain('portal-prerender.invalid');
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.name).sort()).toEqual(['llms.txt', 'openapi']);
    const llms = await client.readResource({ uri: `${server.baseUrl}/llms.txt` });
    expect((llms.contents[0] as { text: string }).text).toMatch(/^# ACME Fulfillment API/);
    await client.close();
  });

  it('calls an operation as the client token, through the request log, with the API texts as tool errors', async () => {
    const client = await mcpClient(server.baseUrl, { [TOKEN_HEADER]: sellerToken });
    const ok = await client.callTool({ name: 'call_operation', arguments: { operationId: 'listSellerWarehouses', parameters: { page: 0, size: 2 } } });
    expect(ok.isError).toBeFalsy();
    expect(textOf(ok)).toMatch(/^HTTP 200\netag: "/);
    const bad = await client.callTool({ name: 'call_operation', arguments: { operationId: 'listSellerWarehouses', parameters: { size: 1000 } } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('"status":400');
    // The other API is refused as the API refuses it: like a missing token.
    const otherFamily = await client.callTool({ name: 'call_operation', arguments: { operationId: 'listWarehouseQuotations', parameters: {} } });
    expect(otherFamily.isError).toBe(true);
    expect(textOf(otherFamily)).toContain('{"status":401,"message":"forbidden"}');
    await client.close();

    const scoped = await mcpClient(server.baseUrl, { [TOKEN_HEADER]: ordersOnlyToken });
    const outside = await scoped.callTool({ name: 'call_operation', arguments: { operationId: 'listSellerNormalOrders', parameters: {} } });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toContain('{"status":403,"message":"This token has no access to orders."}');
    await scoped.close();

    await server.app.flushRequestLog();
    const log = await seller.get<{ data: { operationId: string; status: number; userAgent: string | null; tokenTitle: string | null }[] }>(
      '/api/usage/requests',
    );
    const mine = log.body.data.filter((entry) => entry.userAgent === USER_AGENT);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operationId: 'listSellerWarehouses', status: 200, tokenTitle: 'Assistant' }),
        expect.objectContaining({ operationId: 'listSellerWarehouses', status: 400 }),
        expect.objectContaining({ operationId: 'listSellerNormalOrders', status: 403, tokenTitle: 'Products only' }),
      ]),
    );
  });

  it.each([
    ['seller', () => sellerToken],
    ['warehouse', () => warehouseToken],
  ] as const)('calls every %s operation with its path and query values as numbers and as strings, as a direct call answers', async (family, tokenOf) => {
    const token = tokenOf();
    const direct = async (path: string) => {
      const response = await fetch(`${server.baseUrl}/api/v1${path}`, { headers: { [TOKEN_HEADER]: token } });
      return { status: response.status, body: await response.text() };
    };
    const calls = await catalogueCalls(family, async (path) => JSON.parse((await direct(path)).body) as unknown);
    expect(calls.some((call) => Object.keys(call.pathValues).length > 0)).toBe(true);
    const client = await mcpClient(server.baseUrl, { [TOKEN_HEADER]: token });
    for (const { operation, pathValues, path } of calls) {
      const query = Object.fromEntries(
        operation.parameters
          .filter((parameter) => parameter.in === 'query' && parameter.default !== undefined)
          .map((parameter) => [parameter.name, parameter.default as number | string]),
      );
      const search = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)])).toString();
      const expected = await direct(`${path}${search ? `?${search}` : ''}`);
      expect(expected.status, operation.operationId).toBe(200);
      const asGiven = { ...pathValues, ...query };
      const asStrings = Object.fromEntries(Object.entries(asGiven).map(([name, value]) => [name, String(value)]));
      for (const parameters of [asGiven, asStrings]) {
        const answer = await client.callTool({ name: 'call_operation', arguments: { operationId: operation.operationId, parameters } });
        expect(answer.isError, `${operation.operationId} ${JSON.stringify(parameters)}`).toBeFalsy();
        const [head = '', body] = textOf(answer).split('\n\n');
        expect(head.split('\n')[0], operation.operationId).toBe('HTTP 200');
        expect(body, operation.operationId).toBe(expected.body);
      }
    }
    await client.close();
  });

  it('answers the documentation tools with PUBLIC_DOCS and no credential, but call_operation needs a token', async () => {
    const client = await mcpClient(publicServer.baseUrl, {});
    expect(textOf(await client.callTool({ name: 'get_operation', arguments: { operationId: 'listSellerWarehouses' } }))).toContain('# List warehouses');
    const call = await client.callTool({ name: 'call_operation', arguments: { operationId: 'listSellerWarehouses' } });
    expect(call.isError).toBe(true);
    expect(textOf(call)).toContain('{"status":401,"message":"forbidden"}');
    await client.close();
  });

  it('never shows a token value in a tool result or a log line', async () => {
    const client = await mcpClient(server.baseUrl, { [TOKEN_HEADER]: sellerToken });
    const answers = await Promise.all([
      client.callTool({ name: 'call_operation', arguments: { operationId: 'getSellerWarehouse', parameters: { warehouseId: 1 } } }),
      client.callTool({ name: 'list_operations', arguments: {} }),
      client.callTool({ name: 'search_docs', arguments: { query: 'token' } }),
    ]);
    await client.close();
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(sellerToken);
    expect(server.logs()).not.toContain(sellerToken);
    expect(server.logs()).not.toContain(ordersOnlyToken);
  });
});
