/**
 * call_operation: runs one public GET as the token the MCP client sent, and only then. The call is made
 * with Fastify's inject on the real route, with the client's token, user agent and address, so it passes
 * every hook an API call passes (token, scopes, lifetime, rate limit, ETag, response cache, request log)
 * and shows in Usage like any other call. Errors come back as the API wrote them, as tool errors.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { FORBIDDEN_MESSAGE } from '../lib/http-error.ts';
import type { AgentDocsStore } from '../io/agent-docs-store.ts';
import { fillPathTemplate } from '../../shared/openapi/path-template.ts';
import { MARKDOWN_ORIGIN } from '../../shared/portal-data/agent-docs.ts';
import { READ_ONLY, text } from './documentation-tools.ts';
import { defineTool, type McpTool } from './tool-set.ts';

/** Headers of the API's answer worth showing an assistant. */
const SHOWN_HEADERS = ['etag', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after'];

export function callOperationTool(app: FastifyInstance, store: AgentDocsStore): McpTool {
  return defineTool(
    'call_operation',
    {
      title: 'Call a public API operation',
      description:
        'Runs one GET operation of the public API as the API token this MCP connection sent, and returns status, headers and body. Path, query and header parameters go in `parameters` by name (e.g. {"returnId": 77} or {"page": 0, "size": 10}).',
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
      if (op === undefined || op.method !== 'GET') return text(`No public GET operation "${operationId}". list_operations names them all.`, true);
      if (caller.token === undefined) {
        return text(
          `HTTP 401\n\n${JSON.stringify({ status: 401, message: FORBIDDEN_MESSAGE })}\n\nConnect with an API token in the ${caller.tokenHeader.toUpperCase()} header (or Authorization: Bearer) to call the API.`,
          true,
        );
      }
      const known = new Map(op.parameters.map((parameter) => [parameter.name, parameter]));
      const unknown = Object.keys(parameters).filter((name) => !known.has(name));
      if (unknown.length > 0)
        return text(`Unknown parameter(s) for ${operationId}: ${unknown.join(', ')}. It takes: ${[...known.keys()].join(', ') || 'none'}.`, true);
      const query = new URLSearchParams();
      const headers: Record<string, string> = { [caller.tokenHeader]: caller.token, ...(caller.userAgent ? { 'user-agent': caller.userAgent } : {}) };
      for (const parameter of op.parameters) {
        const value = parameters[parameter.name];
        if (value === undefined) {
          if (parameter.in === 'path') return text(`Missing path parameter ${parameter.name}.`, true);
          continue;
        }
        if (parameter.in === 'query') query.set(parameter.name, String(value));
        else if (parameter.in === 'header') headers[parameter.name.toLowerCase()] = String(value);
      }
      // The URL is a template as written (`…/{returnId}`): a URL parser would percent-encode its braces.
      const path = fillPathTemplate(op.url.slice(MARKDOWN_ORIGIN.length), (name) => (parameters[name] === undefined ? undefined : String(parameters[name])));
      const search = query.toString();
      const response = await app.inject({ method: 'GET', url: path + (search ? `?${search}` : ''), headers, remoteAddress: caller.address });
      const shown = SHOWN_HEADERS.filter((name) => response.headers[name] !== undefined).map((name) => `${name}: ${String(response.headers[name])}`);
      const answer = [`HTTP ${response.statusCode}`, ...shown, '', response.body].join('\n').trimEnd();
      return text(answer, response.statusCode >= 400);
    },
  );
}
