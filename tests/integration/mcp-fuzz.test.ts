/**
 * Every MCP tool, through the SDK's own client, with arguments an assistant (or anyone holding a token)
 * might send: names that are properties of every JavaScript object (`__proto__`, `constructor`,
 * `toString`...), empty and very long strings, unicode, wrong types, extra keys. Each answer is a clean tool
 * error (isError, a plain message), a plain result, or a JSON-RPC invalid-params error, never an internal
 * error, a stack or a detail of the code.
 */
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let client: McpClient;

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__', 'isPrototypeOf'];
const ODD_STRINGS = ['', ' ', 'x'.repeat(10_000), 'ñ漢字🙂\u202e', '\u0000', '../../etc/passwd', '%2e%2e', '{"a":1}', '<script>', 'getSellerReturnOrder\n'];
const WRONG_TYPES: unknown[] = [null, 42, true, [], {}, ['getSellerReturnOrder']];
/** What a tool answer must never show: an internal error, a JavaScript error's text, a stack, a path of the code. */
const CODE_DETAIL = /is not a function|Cannot read propert|undefined is not|TypeError|ReferenceError|at .+\.ts:\d+|node_modules|src\/server|Internal error/i;

/** Argument objects for one string-valued argument of a tool, every odd value. */
function variants(name: string, rest: Record<string, unknown> = {}): Record<string, unknown>[] {
  return [...PROTOTYPE_NAMES, ...ODD_STRINGS, ...WRONG_TYPES].map((value) => ({ ...rest, [name]: value }));
}

const CASES: Record<string, Record<string, unknown>[]> = {
  search_docs: variants('query'),
  list_operations: variants('family'),
  get_operation: variants('operationId'),
  get_schema: variants('name'),
  get_changelog: variants('since'),
  call_operation: [
    ...variants('operationId'),
    ...PROTOTYPE_NAMES.map((name) => ({ operationId: 'getSellerReturnOrder', parameters: { [name]: 1 } })),
    ...variants('returnId').map((parameters) => ({ operationId: 'getSellerReturnOrder', parameters })),
    { operationId: 'getSellerReturnOrder', parameters: JSON.parse('{"__proto__": {"returnId": 1}}') as unknown },
    { operationId: 'getSellerReturnOrder', parameters: 'returnId=1' },
  ],
  simulate_in_sandbox: [
    ...variants('operationId'),
    ...PROTOTYPE_NAMES.map((name) => ({ operationId: 'advanceSellerNormalOrder', parameters: { [name]: 1 } })),
    { operationId: 'advanceSellerNormalOrder', parameters: { orderId: 1 }, body: JSON.parse('{"__proto__": {"x": 1}}') as unknown },
    { operationId: 'advanceSellerNormalOrder', parameters: { orderId: 1 }, body: 'not an object' },
  ],
};

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const portal = server.client();
  await portal.login();
  const token = await portal.createToken('MCP fuzz');
  client = new McpClient({ name: 'mcp-fuzz-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { requestInit: { headers: { [TOKEN_HEADER]: token } } }));
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('names that every object has name nothing', () => {
  it('on the Markdown routes: 404 in the API shape, as an operation and as a page', async () => {
    const portal = server.client();
    await portal.login();
    for (const name of PROTOTYPE_NAMES.filter((candidate) => /^[A-Za-z0-9_-]+$/.test(candidate))) {
      for (const path of [`/documentation/operations/${name}.md`, `/documentation/${name}/${name}.md`, `/documentation/operations/${name}`]) {
        const response = await fetch(server.baseUrl + path, { headers: { cookie: portal.cookie ?? '', accept: 'text/markdown' } });
        expect(response.status, path).toBe(404);
        expect(await response.json(), path).toEqual({ status: 404, message: expect.any(String) });
      }
    }
  });

  it('and nothing on the downloads, the documentation pages or the public API: 4xx in the API shape, never 5xx', async () => {
    const portal = server.client();
    await portal.login();
    const token = await portal.createToken('Prototype names');
    for (const name of PROTOTYPE_NAMES) {
      for (const path of [
        `/downloads/${name}`,
        `/downloads/seller/${name}`,
        `/documentation?category=${name}&subcategory=${name}`,
        `/api/v1/seller/orders/return/${name}`,
        `/api/v1/seller/warehouses?${name}=1&page=0&size=1`,
        `/api/auth/token/${name}`,
      ]) {
        const response = await fetch(server.baseUrl + path, { headers: { cookie: portal.cookie ?? '', [TOKEN_HEADER]: token, accept: 'text/markdown' } });
        expect(response.status, path).toBeLessThan(500);
        const text = await response.text();
        expect(text, path).not.toMatch(CODE_DETAIL);
      }
    }
  });
});

describe('every tool answers odd arguments cleanly', () => {
  it('covers every tool the server lists', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES))('%s', async (name) => {
    for (const args of CASES[name] ?? []) {
      const label = `${name} ${JSON.stringify(args).slice(0, 120)}`;
      let result: CallToolResult;
      try {
        result = (await client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult;
      } catch (error) {
        // The SDK's own check of the request's shape: invalid params, never an internal error.
        expect(error, label).toBeInstanceOf(McpError);
        expect((error as McpError).code, label).toBe(ErrorCode.InvalidParams);
        expect((error as McpError).message, label).not.toMatch(CODE_DETAIL);
        continue;
      }
      const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
      expect(text, label).not.toMatch(CODE_DETAIL);
      expect(text.length, label).toBeGreaterThan(0);
      // A prototype's name names no operation, schema or family: always the tool's "no such" error.
      if (PROTOTYPE_NAMES.includes(String(Object.values(args)[0])) && ['get_operation', 'get_schema', 'list_operations'].includes(name))
        expect(result.isError, label).toBe(true);
    }
    expect(server.logs()).not.toMatch(/"level":50/);
  });
});
