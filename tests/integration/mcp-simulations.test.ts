/**
 * simulate_in_sandbox, the MCP tool for the sandbox's simulations: every simulation of both families runs
 * through it with the connection's token and answers as the API does (200 with what changed, 409 at the end
 * of a lifecycle); call_operation refuses them and points to it, and it refuses the reads.
 */
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/generated/catalogue.ts';
import type { CatalogueOperation } from '../../src/shared/portal-data/catalogue.ts';
import { simulationOperations } from './support/catalogue-calls.ts';
import { TOKEN_HEADER } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
const tokens: Record<'seller' | 'warehouse', string> = { seller: '', warehouse: '' };

async function mcpClient(headers: Record<string, string>): Promise<McpClient> {
  const client = new McpClient({ name: 'mcp-simulations-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

/** The list whose rows a simulation takes its id from: the family's list of the same domain and order type. */
function listFor(simulation: CatalogueOperation): CatalogueOperation {
  const list = catalogue.operations.find(
    (op) => op.mode === 'list' && op.family === simulation.family && op.domain === simulation.domain && op.orderType === simulation.orderType,
  );
  if (list === undefined) throw new Error(`no list for ${simulation.operationId}`);
  return list;
}

async function rowIds(list: CatalogueOperation, token: string): Promise<number[]> {
  const response = await fetch(`${server.baseUrl}/api/v1${list.path}?page=0&size=30`, { headers: { [TOKEN_HEADER]: token } });
  const page = (await response.json()) as { data: Array<Record<string, unknown>> };
  return page.data.map((row) => Number((list.rowId ?? ['id']).reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], row)));
}

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '5000' } });
  for (const [family, email, userType] of [
    ['seller', 'seller@example.com', 'SELLER'],
    ['warehouse', 'warehouse@example.com', 'WAREHOUSE'],
  ] as const) {
    const client = server.client();
    await client.login(email, userType);
    tokens[family] = await client.createToken('MCP simulations');
  }
});
afterAll(async () => server?.close());

describe('simulate_in_sandbox', () => {
  it.each(['seller', 'warehouse'] as const)('runs every %s simulation as the API answers it', async (family) => {
    const client = await mcpClient({ [TOKEN_HEADER]: tokens[family] });
    const simulations = simulationOperations(family);
    expect(simulations.length).toBe(6);
    for (const simulation of simulations) {
      const idParam = simulation.idParam ?? '';
      const body = simulation.operationId.endsWith('Stock') ? { quantityChange: 3 } : undefined;
      let answered = '';
      for (const id of await rowIds(listFor(simulation), tokens[family])) {
        const result = await client.callTool({
          name: 'simulate_in_sandbox',
          arguments: { operationId: simulation.operationId, parameters: { [idParam]: id }, ...(body ? { body } : {}) },
        });
        answered = textOf(result);
        if (answered.startsWith('HTTP 409')) continue;
        expect(result.isError, `${simulation.operationId} ${answered}`).toBeFalsy();
        expect(answered.split('\n')[0]).toBe('HTTP 200');
        const parsed = JSON.parse(answered.slice(answered.indexOf('\n\n') + 2)) as { resourceId: number; changes: Record<string, unknown> };
        expect(parsed.resourceId, simulation.operationId).toBe(id);
        expect(Object.keys(parsed.changes).length, simulation.operationId).toBeGreaterThan(0);
        break;
      }
      expect(answered.split('\n')[0], `${simulation.operationId}: no row of the first page could move`).toBe('HTTP 200');
    }
    await client.close();
  });

  it('is refused by call_operation, which points to it, and takes only simulations', async () => {
    const client = await mcpClient({ [TOKEN_HEADER]: tokens.seller });
    const refused = await client.callTool({ name: 'call_operation', arguments: { operationId: 'advanceSellerNormalOrder', parameters: { orderId: 1 } } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('simulate_in_sandbox');
    const readOnly = await client.callTool({ name: 'simulate_in_sandbox', arguments: { operationId: 'listSellerNormalOrders' } });
    expect(readOnly.isError).toBe(true);
    await client.close();
  });

  it('passes a bad body to the API, which names the field', async () => {
    const client = await mcpClient({ [TOKEN_HEADER]: tokens.seller });
    const [productId] = await rowIds(listFor(simulationOperations('seller').find((op) => op.domain === 'products') as CatalogueOperation), tokens.seller);
    const answer = await client.callTool({
      name: 'simulate_in_sandbox',
      arguments: { operationId: 'changeSellerProductStock', parameters: { productId }, body: { quantityChange: 'many' } },
    });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/^HTTP 400/);
    expect(textOf(answer)).toContain('quantityChange');
    await client.close();
  });
});
