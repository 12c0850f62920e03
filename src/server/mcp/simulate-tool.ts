/**
 * simulate_in_sandbox: runs one of the sandbox's simulations (the public API's only POSTs) as the token the
 * MCP client sent, through the real route (operation-request.ts). It changes the token's sandbox data and
 * sends webhook events, so it is not read-only; a live token is refused by the API itself.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import type { AgentDocsStore } from '../io/agent-docs-store.ts';
import { text } from './documentation-tools.ts';
import { callForClient } from './operation-request.ts';
import { defineTool, type McpTool } from './tool-set.ts';

export function simulateTool(app: FastifyInstance, store: AgentDocsStore): McpTool {
  return defineTool(
    'simulate_in_sandbox',
    {
      title: 'Run a sandbox simulation',
      description:
        'Runs one sandbox simulation of the public API (a POST that moves the connection\'s sandbox data a step: advance an order, a return, an import or a quotation, receive an import, change stock) as the API token this MCP connection sent, which must be a sandbox token. Each change sends the account\'s webhook events. The id goes in `parameters` by name (e.g. {"orderId": 1042}); a stock change takes `body` {"quantityChange": -3}.',
      inputSchema: {
        operationId: z.string().describe('e.g. advanceSellerNormalOrder (list_operations names them, method POST)'),
        parameters: z
          .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
          .optional()
          .describe('Path parameter values by name'),
        body: z.record(z.string(), z.unknown()).optional().describe('The JSON body, for the operations that take one'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async ({ operationId, parameters = {}, body }, { caller }) => {
      const op = store.docs.operationList.find((candidate) => candidate.operationId === operationId);
      if (op === undefined || op.method !== 'POST') return text(`No sandbox simulation "${operationId}". list_operations names them (method POST).`, true);
      return callForClient(app, op, caller, parameters, body);
    },
  );
}
