/**
 * The MCP server's documentation tools and resources, answered from the build-time data
 * (io/agent-docs-store.ts): nothing is parsed or rendered per call. Every tool is read-only. Built once
 * at start-up (mcp/tool-set.ts); a request brings only its origin and caller.
 */
import type { CallToolResult, ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { LLMS_TXT_PATH, markdownHref, withOrigin } from '../../shared/portal-data/agent-docs.ts';
import { downloadHref } from '../../shared/portal-data/downloads.ts';
import { search } from '../../shared/portal-data/search-ranking.ts';
import type { AgentDocsStore } from '../io/agent-docs-store.ts';
import { defineTool, type McpTool } from './tool-set.ts';

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;
const SEARCH_LIMIT = 20;

export function text(value: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function documentationTools(store: AgentDocsStore): McpTool[] {
  const { docs } = store;
  return [
    defineTool(
      'search_docs',
      {
        title: 'Search the documentation',
        description:
          "Searches operations, events (webhooks), pages, schemas and fields with the ranking of the portal's search box (Ctrl+K). Returns titles, a line each and Markdown links.",
        inputSchema: { query: z.string().min(1).describe('Words to look for, e.g. "return order status"') },
        annotations: READ_ONLY,
      },
      ({ query }, { origin }) => {
        const results = search(store.search, query, { limit: SEARCH_LIMIT });
        if (results.length === 0) return text(`Nothing matches "${query}".`);
        const lines = results.map((entry) => {
          const where = entry.operationId ? ` (${entry.kind === 'event' ? 'event' : 'operation'} \`${entry.operationId}\`)` : '';
          return `- [${entry.title}](${withOrigin(markdownHref(entry.href, store.operationIds), origin)}) · ${entry.kind} · ${entry.page}${where}: ${entry.detail}`;
        });
        return text(lines.join('\n'));
      },
    ),
    defineTool(
      'list_operations',
      {
        title: 'List the API operations',
        description:
          'Every operation of the public API, or of one family (seller, warehouse): operationId, method, URL, summary and parameters; then the events the API sends to webhook endpoints, marked "kind": "event", with their type, headers and payload schema.',
        inputSchema: { family: z.string().optional().describe('seller or warehouse; all when left out') },
        annotations: READ_ONLY,
      },
      ({ family }, { origin }) => {
        const ofFamily = <T extends { family: string }>(items: readonly T[]) =>
          items.filter((op) => family === undefined || op.family === family.toLowerCase());
        const operations = ofFamily(docs.operationList);
        if (operations.length === 0)
          return text(`No operations for family "${family}". Families: ${[...new Set(docs.operationList.map((op) => op.family))].join(', ')}.`, true);
        return text(withOrigin(JSON.stringify([...operations, ...ofFamily(docs.eventList)], null, 2), origin));
      },
    ),
    defineTool(
      'get_operation',
      {
        title: "Get an operation's documentation",
        description:
          'The whole documentation of one operation as Markdown: URL, authentication, parameters, request body, responses with fields and error bodies, an example and a curl sample. For an event: its signature headers, payload fields and example, the answers the endpoint gives and a receiver.',
        inputSchema: { operationId: z.string().describe('e.g. getSellerReturnOrder or sellerNormalOrderStatusChanged (list_operations names them all)') },
        annotations: READ_ONLY,
      },
      ({ operationId }, { origin }) => {
        const markdown = store.operationMarkdown(operationId);
        return markdown === undefined ? text(`No operation "${operationId}". list_operations names them all.`, true) : text(withOrigin(markdown, origin));
      },
    ),
    defineTool(
      'get_schema',
      {
        title: 'Get a schema',
        description:
          'The fields of one response, request or event payload schema (e.g. ReturnOrder, NormalOrderList, SellerNormalOrderStatusChanged) as a nested Markdown list with types and descriptions.',
        inputSchema: { name: z.string().describe('Schema name, e.g. ReturnOrder') },
        annotations: READ_ONLY,
      },
      ({ name }, { origin }) => {
        const markdown = store.schemaMarkdown(name);
        return markdown === undefined
          ? text(`No schema "${name}". Schemas: ${Object.keys(docs.schemas).join(', ')}.`, true)
          : text(withOrigin(markdown, origin));
      },
    ),
    defineTool(
      'get_changelog',
      {
        title: 'Get the changelog',
        description: 'What changed in the API, newest version first; with `since` (a version like 1.0.0 or a date like 2026-01-31) only what came after it.',
        inputSchema: { since: z.string().optional().describe('A version or a YYYY-MM-DD date') },
        annotations: READ_ONLY,
      },
      ({ since }, { origin }) => {
        let versions = docs.changelog;
        if (since !== undefined && DATE.test(since)) versions = versions.filter((version) => version.date === null || version.date > since);
        else if (since !== undefined) {
          const at = versions.findIndex((version) => version.version === since);
          if (at === -1) return text(`No version "${since}". Versions: ${versions.map((version) => version.version).join(', ')}.`, true);
          versions = versions.slice(0, at);
        }
        // The Changelog page's own Markdown: the same sentences a person reads there.
        if (versions.length === 0) return text('No change since then.');
        return text(withOrigin(versions.map((version) => version.markdown).join('\n\n'), origin));
      },
    ),
  ];
}

/** The resources: llms.txt and the OpenAPI document, at the portal's origin. */
export function documentationResources(store: AgentDocsStore, origin: string): Resource[] {
  return [
    {
      uri: `${origin}${LLMS_TXT_PATH}`,
      name: 'llms.txt',
      title: 'Documentation index (llms.txt)',
      mimeType: 'text/markdown',
      description: 'Every page and operation, each with its Markdown address.',
    },
    { uri: `${origin}${downloadHref('all', 'openapi.json')}`, name: 'openapi', title: 'OpenAPI document of the public API', mimeType: 'application/json' },
  ];
}

export function readDocumentationResource(store: AgentDocsStore, origin: string, uri: string): ReadResourceResult | undefined {
  if (uri === `${origin}${LLMS_TXT_PATH}`) return { contents: [{ uri, mimeType: 'text/markdown', text: withOrigin(store.docs.llms, origin) }] };
  if (uri === `${origin}${downloadHref('all', 'openapi.json')}`) return { contents: [{ uri, mimeType: 'application/json', text: store.openapi() }] };
  return undefined;
}
