/**
 * The documentation for AI assistants over HTTP (docs/guide.md, "For AI assistants"):
 *   /llms.txt, /llms-full.txt                      the index and every page in one file
 *   /documentation/<category>/<subcategory>.md     a page's Markdown; /documentation/operations/<id>.md an operation's
 *   the same paths without `.md`                   Markdown to `Accept: text/markdown`, else a redirect to the page
 *   /.well-known/api-catalog                       RFC 9727 linkset: OpenAPI export, documentation, /healthz
 * Links in them start with the portal's own origin (lib/public-origin.ts), never the request's Host.
 * Readers: plugins/docs-access.ts. Not API operations: like /healthz and /downloads they are not in openapi/.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_CATALOG_PATH,
  LLMS_FULL_PATH,
  LLMS_TXT_PATH,
  htmlHrefOf,
  parseMarkdownPath,
  withOrigin,
  type MarkdownAddress,
} from '../../shared/portal-data/agent-docs.ts';
import { downloadHref } from '../../shared/portal-data/downloads.ts';
import { documentationHref, pageKeyOf } from '../../shared/portal-data/links.ts';
import type { ServerContext } from '../context.ts';
import type { AgentDocsStore } from '../io/agent-docs-store.ts';
import { NOT_FOUND_BODY } from '../lib/http-error.ts';
import { prefersMarkdown } from '../lib/prefers-markdown.ts';
import { canRead, docsReaderOf, refuseReader } from './docs-access.ts';

const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

export function markdownOf(store: AgentDocsStore, address: MarkdownAddress): string | undefined {
  return address.kind === 'page' ? store.pageMarkdown(pageKeyOf(address.page)) : store.operationMarkdown(address.operationId);
}

/** Answers Markdown (or the API's 401 / 404) for a reader; `Vary: Accept` because the same URL also answers HTML. */
export async function sendMarkdown(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, text: string | undefined, type = MARKDOWN_TYPE) {
  void reply.header('vary', 'Accept');
  if (!canRead(await docsReaderOf(ctx, request))) return refuseReader(ctx, reply);
  if (text === undefined) return reply.code(404).header('cache-control', 'no-store').send(NOT_FOUND_BODY);
  return reply.header('content-type', type).header('cache-control', 'private, no-cache').send(withOrigin(text, ctx.publicOrigin.value));
}

/** The `Link` header of an HTML page that has a Markdown copy. */
export function markdownLink(path: string): string {
  return `<${path}>; rel="alternate"; type="text/markdown"`;
}

function apiCatalog(origin: string): object {
  return {
    linkset: [
      {
        anchor: `${origin}/api/v1`,
        'service-desc': [{ href: `${origin}${downloadHref('all', 'openapi.json')}`, type: 'application/json' }],
        'service-doc': [
          { href: `${origin}${documentationHref({ category: 'guide', subcategory: 'getting-started' })}`, type: 'text/html' },
          { href: `${origin}${LLMS_TXT_PATH}`, type: 'text/markdown' },
        ],
        status: [{ href: `${origin}/healthz`, type: 'application/json' }],
      },
    ],
  };
}

export function registerAgentDocsRoutes(app: FastifyInstance, ctx: ServerContext, store: AgentDocsStore): void {
  app.get(LLMS_TXT_PATH, (request, reply) => sendMarkdown(ctx, request, reply, store.docs.llms, 'text/plain; charset=utf-8'));
  app.get(LLMS_FULL_PATH, (request, reply) => sendMarkdown(ctx, request, reply, store.docs.llmsFull, 'text/plain; charset=utf-8'));

  app.get('/documentation/:first/:second', async (request, reply) => {
    const parsed = parseMarkdownPath(request.url.split('?')[0] ?? '');
    if (parsed === null) return reply.code(404).send(NOT_FOUND_BODY);
    if (parsed.markdown || prefersMarkdown(request.headers.accept)) return sendMarkdown(ctx, request, reply, markdownOf(store, parsed.address));
    // A browser on the Markdown address without `.md` goes to the page itself; an address with no
    // Markdown names no page (a 404, not a redirect to a page that says "not found").
    const href = markdownOf(store, parsed.address) === undefined ? undefined : htmlHrefOf(parsed.address, (operationId) => store.pageOf(operationId));
    void reply.header('vary', 'Accept');
    return href === undefined ? reply.code(404).send(NOT_FOUND_BODY) : reply.redirect(href, 302);
  });

  app.get(API_CATALOG_PATH, async (request, reply) =>
    reply
      .header('content-type', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(apiCatalog(ctx.publicOrigin.value))),
  );
}
