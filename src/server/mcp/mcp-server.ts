/**
 * The MCP server's tools and the per-request low-level server around them (@modelcontextprotocol/sdk),
 * stateless: every POST gets a new server and transport and leaves nothing behind. Loaded by
 * plugins/mcp-endpoint.ts on the first call, so the SDK and the tools' JSON Schemas cost a start nothing.
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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brand } from '../../generated/brand.ts';
import type { AgentDocsStore } from '../io/agent-docs-store.ts';
import { callOperationTool } from './call-operation-tool.ts';
import { simulateTool } from './simulate-tool.ts';
import { documentationResources, documentationTools, readDocumentationResource } from './documentation-tools.ts';
import type { ToolContext } from './tool-set.ts';

const INSTRUCTIONS =
  'Documentation and read-only access to the public API. Start with search_docs or list_operations, read an operation with get_operation, then call_operation runs it with your API token.';

const SERVER_INFO = { name: `${brand.name.toLowerCase()}-developer-portal`, version: '1.0.0' };
const SERVER_OPTIONS = { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS };

export type McpHandler = (request: FastifyRequest, reply: FastifyReply, context: ToolContext) => Promise<void>;

/** The tools, built once with their JSON Schemas; per request only the SDK's low-level server is made around them. */
export function createMcpHandler(app: FastifyInstance, store: AgentDocsStore): McpHandler {
  const tools = [...documentationTools(store), callOperationTool(app, store), simulateTool(app, store)];
  const listed = Object.freeze({ tools: tools.map((tool) => tool.definition) });
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));

  return async (request, reply, context) => {
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
  };
}
