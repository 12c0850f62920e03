/**
 * call_operation: runs one public GET as the token the MCP client sent, and only then, through the real
 * route (operation-request.ts). Errors come back as the API wrote them, as tool errors.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import type { AgentDocsStore } from '../io/agent-docs-store.ts';
import { READ_ONLY, text } from './documentation-tools.ts';
import { callForClient } from './operation-request.ts';
import { defineTool, type McpTool } from './tool-set.ts';

export function callOperationTool(app: FastifyInstance, store: AgentDocsStore): McpTool {
  return defineTool(
    'call_operation',
    {
      title: 'Call a public API operation',
      description:
        'Runs one GET operation of the public API as the API token this MCP connection sent, and returns status, headers and body. Path, query and header parameters go in `parameters` by name (e.g. {"returnId": 77} or {"page": 0, "size": 10}). Sandbox simulations (POST) go through simulate_in_sandbox.',
      inputSchema: {
        operationId: z.string().describe('e.g. listSellerReturnOrders (list_operations names them all)'),
        parameters: z
          .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
          .optional()
          .describe('Parameter values by name'),
      },
      annotations: { ...READ_ONLY, openWorldHint: true },
    },
    async ({ operationId, parameters = {} }, { caller }) => {
      const op = store.docs.operationList.find((candidate) => candidate.operationId === operationId);
      if (op === undefined || op.method !== 'GET') {
        const hint = op?.method === 'POST' ? ' It is a sandbox simulation: call it with simulate_in_sandbox.' : ' list_operations names them all.';
        return text(`No public GET operation "${operationId}".${hint}`, true);
      }
      return callForClient(app, op, caller, parameters);
    },
  );
}
