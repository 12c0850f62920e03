/**
 * The MCP server at /mcp (Streamable HTTP, @modelcontextprotocol/sdk), stateless: every POST gets a new
 * server and transport and leaves nothing behind, so any replica answers any request. Readers as for the
 * Markdown (plugins/docs-access.ts); without one, 401 with a challenge naming the token header. Tools:
 * mcp/documentation-tools.ts and mcp/call-operation-tool.ts.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { brand } from '../../generated/brand.ts';
import { MCP_PATH } from '../../shared/portal-data/agent-docs.ts';
import type { ServerContext } from '../context.ts';
import type { AgentDocsStore } from '../lib/agent-docs-store.ts';
import { registerCallOperation } from '../mcp/call-operation-tool.ts';
import { registerDocumentationTools } from '../mcp/documentation-tools.ts';
import { markdownOrigin } from './agent-docs-routes.ts';
import { canRead, docsReaderOf, refuseReader } from './docs-access.ts';

const INSTRUCTIONS =
  'Documentation and read-only access to the public API. Start with search_docs or list_operations, read an operation with get_operation, then call_operation runs it with your API token.';

export function registerMcpEndpoint(app: FastifyInstance, ctx: ServerContext, store: AgentDocsStore): void {
  app.post(MCP_PATH, async (request, reply) => {
    const reader = await docsReaderOf(ctx, request);
    if (!canRead(reader)) return refuseReader(ctx, reply);
    const server = new McpServer({ name: `${brand.name.toLowerCase()}-developer-portal`, version: '1.0.0' }, { instructions: INSTRUCTIONS });
    registerDocumentationTools(server, store, markdownOrigin(request));
    const userAgent = request.headers['user-agent'];
    registerCallOperation(server, app, store, {
      token: reader.kind === 'token' ? reader.token : undefined,
      tokenHeader: ctx.apiTokenHeader,
      userAgent,
      address: request.ip,
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
