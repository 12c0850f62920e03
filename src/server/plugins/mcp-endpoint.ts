/**
 * The MCP server at /mcp (Streamable HTTP, @modelcontextprotocol/sdk), stateless: every POST gets a new
 * server and transport and leaves nothing behind, so any replica answers any request. Readers as for the
 * Markdown (plugins/docs-access.ts); without one, 401 with a challenge naming the token header. Tools:
 * mcp/documentation-tools.ts and mcp/call-operation-tool.ts, built once here with their JSON Schemas
 * (mcp/tool-set.ts); per request only the SDK's low-level server is made around them.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { brand } from '../../generated/brand.ts';
import { MCP_PATH } from '../../shared/portal-data/agent-docs.ts';
import type { ServerContext } from '../context.ts';
import type { AgentDocsStore } from '../lib/agent-docs-store.ts';
import { callOperationTool } from '../mcp/call-operation-tool.ts';
import { documentationResources, documentationTools, readDocumentationResource } from '../mcp/documentation-tools.ts';
import type { ToolContext } from '../mcp/tool-set.ts';
import { markdownOrigin } from './agent-docs-routes.ts';
import { canRead, docsReaderOf, refuseReader } from './docs-access.ts';

const INSTRUCTIONS =
  'Documentation and read-only access to the public API. Start with search_docs or list_operations, read an operation with get_operation, then call_operation runs it with your API token.';

const SERVER_INFO = { name: `${brand.name.toLowerCase()}-developer-portal`, version: '1.0.0' };
const SERVER_OPTIONS = { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS };

export function registerMcpEndpoint(app: FastifyInstance, ctx: ServerContext, store: AgentDocsStore): void {
  const tools = [...documentationTools(store), callOperationTool(app, store)];
  const listed = Object.freeze({ tools: tools.map((tool) => tool.definition) });
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));

  app.post(MCP_PATH, async (request, reply) => {
    const reader = await docsReaderOf(ctx, request);
    if (!canRead(reader)) return refuseReader(ctx, reply);
    const context: ToolContext = {
      origin: markdownOrigin(request),
      caller: {
        token: reader.kind === 'token' ? reader.token : undefined,
        tokenHeader: ctx.apiTokenHeader,
        userAgent: request.headers['user-agent'],
        address: request.ip,
      },
    };
    const server = new Server(SERVER_INFO, SERVER_OPTIONS);
    server.setRequestHandler(ListToolsRequestSchema, () => listed);
    server.setRequestHandler(CallToolRequestSchema, (call) => {
      const tool = byName.get(call.params.name);
      if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Tool ${call.params.name} not found`);
      return tool.call(call.params.arguments, context);
    });
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: documentationResources(store, context.origin) }));
    server.setRequestHandler(ReadResourceRequestSchema, (read) => {
      const result = readDocumentationResource(store, context.origin, read.params.uri);
      if (result === undefined) throw new McpError(ErrorCode.InvalidParams, `Resource ${read.params.uri} not found`);
      return result;
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  // Stateless: no stream to open (GET) and no session to end (DELETE).
  const notAllowed = async (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
}
