/**
 * The MCP server at /mcp (Streamable HTTP, @modelcontextprotocol/sdk), stateless: every POST gets a new
 * server and transport and leaves nothing behind, so any replica answers any request. Readers as for the
 * Markdown (plugins/docs-access.ts); without one, 401 with a challenge naming the token header. Every
 * answer carries the API's security headers (plugins/security-headers.ts). The server
 * itself (mcp/mcp-server.ts: the tools of mcp/documentation-tools.ts and mcp/call-operation-tool.ts) is
 * loaded on the first call, so a start does not load the SDK.
 */
import type { FastifyInstance } from 'fastify';
import { MCP_PATH } from '../../shared/portal-data/agent-docs.ts';
import type { ServerContext } from '../context.ts';
import type { AgentDocsStore } from '../io/agent-docs-store.ts';
import type { McpHandler } from '../mcp/mcp-server.ts';
import type { ToolContext } from '../mcp/tool-set.ts';
import { canRead, docsReaderOf, refuseReader } from './docs-access.ts';
import { setRawApiHeaders, type SecurityHeaders } from './security-headers.ts';

export function registerMcpEndpoint(app: FastifyInstance, ctx: ServerContext, store: AgentDocsStore, headers: SecurityHeaders): void {
  // Loaded on the first call (mcp/mcp-server.ts): the SDK and the tools are not needed to start.
  let handler: Promise<McpHandler> | undefined;
  const loadHandler = () => (handler ??= import('../mcp/mcp-server.ts').then(({ createMcpHandler }) => createMcpHandler(app, store)));

  // Its own scope for its own JSON parser: elsewhere a body key `__proto__` or `constructor.prototype` is a
  // 400 in the API's shape, which an MCP client cannot match to its call. Here they are dropped from the
  // parsed body, so the tools answer as if they were not sent (a missing parameter, an unknown tool).
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, scope.getDefaultJsonParser('remove', 'remove'));
    scope.post(MCP_PATH, async (request, reply) => {
      const reader = await docsReaderOf(ctx, request);
      if (!canRead(reader)) return refuseReader(ctx, reply);
      const context: ToolContext = {
        origin: ctx.publicOrigin.value,
        caller: {
          token: reader.kind === 'token' ? reader.token : undefined,
          tokenHeader: ctx.apiTokenHeader,
          userAgent: request.headers['user-agent'],
          address: request.ip,
        },
      };
      const handle = await loadHandler();
      // The transport writes the response itself, past the onSend hook: every status it answers (the SDK's
      // own 406 and 415, JSON-RPC errors, results) carries the API's headers set here first.
      setRawApiHeaders(reply.raw, headers);
      await handle(request, reply, context);
    });
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
