/**
 * One public operation called for an MCP client: the URL filled from its parameters by name, the client's
 * token, user agent and address, and Fastify's inject on the real route, so the call passes every hook an
 * API call passes (token, scopes, lifetime, rate limit, ETag, response cache, request log) and shows in
 * Usage like any other. The answer comes back as the API wrote it: status, the headers worth showing, body.
 */
import type { FastifyInstance } from 'fastify';
import { FORBIDDEN_MESSAGE } from '../lib/http-error.ts';
import { fillPathTemplate } from '../../shared/openapi/path-template.ts';
import { MARKDOWN_ORIGIN, type AgentOperation } from '../../shared/portal-data/agent-docs.ts';
import { text } from './documentation-tools.ts';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpCaller } from './tool-set.ts';

/** Headers of the API's answer worth showing an assistant. */
const SHOWN_HEADERS = ['etag', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after'];

export type ParameterValues = Record<string, string | number | boolean>;

export async function callForClient(
  app: FastifyInstance,
  op: AgentOperation,
  caller: McpCaller,
  parameters: ParameterValues,
  body?: Record<string, unknown>,
): Promise<CallToolResult> {
  if (caller.token === undefined) {
    return text(
      `HTTP 401\n\n${JSON.stringify({ status: 401, message: FORBIDDEN_MESSAGE })}\n\nConnect with an API token in the ${caller.tokenHeader.toUpperCase()} header (or Authorization: Bearer) to call the API.`,
      true,
    );
  }
  const known = new Map(op.parameters.map((parameter) => [parameter.name, parameter]));
  const unknown = Object.keys(parameters).filter((name) => !known.has(name));
  if (unknown.length > 0)
    return text(`Unknown parameter(s) for ${op.operationId}: ${unknown.join(', ')}. It takes: ${[...known.keys()].join(', ') || 'none'}.`, true);
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
  const response = await app.inject({
    method: op.method === 'POST' ? 'POST' : 'GET',
    url: path + (search ? `?${search}` : ''),
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    remoteAddress: caller.address,
  });
  const shown = SHOWN_HEADERS.filter((name) => response.headers[name] !== undefined).map((name) => `${name}: ${String(response.headers[name])}`);
  const answer = [`HTTP ${response.statusCode}`, ...shown, '', response.body].join('\n').trimEnd();
  return text(answer, response.statusCode >= 400);
}
