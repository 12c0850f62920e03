/**
 * The documentation for AI assistants as the server holds it: src/generated/agent-docs.json (Markdown,
 * llms.txt, operation list, schemas; written by scripts/generate/agent-docs.ts) and the search index the
 * Ctrl+K dialog ranks, read once at start-up. The public OpenAPI document is read only when asked for.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AgentDocs } from '../../shared/portal-data/agent-docs.ts';
import type { PageAddress } from '../../shared/portal-data/links.ts';
import type { SearchIndex } from '../../shared/portal-data/reference-page.ts';
import { prepareEntries, type PreparedEntry } from '../../shared/portal-data/search-ranking.ts';

const generated = (path: string) => fileURLToPath(new URL(`../../generated/${path}`, import.meta.url));

export interface AgentDocsStore {
  docs: AgentDocs;
  /**
   * The Markdown of a page (links.ts pageKeyOf), an operation or event, a schema, by a name a client sent.
   * Maps, not the JSON's objects: a name such as `__proto__` or `constructor` must find nothing, not a
   * property every object has.
   */
  pageMarkdown(pageKey: string): string | undefined;
  operationMarkdown(operationId: string): string | undefined;
  schemaMarkdown(name: string): string | undefined;
  search: PreparedEntry[];
  operationIds: ReadonlySet<string>;
  /** The page an operation is documented on. */
  pageOf(operationId: string): PageAddress | undefined;
  /** The public OpenAPI document (JSON text), as /downloads/openapi.json holds it. */
  openapi(): string;
}

export function loadAgentDocs(): AgentDocsStore {
  const docs = JSON.parse(readFileSync(generated('agent-docs.json'), 'utf8')) as AgentDocs;
  const index = JSON.parse(readFileSync(generated('reference/search-index.json'), 'utf8')) as SearchIndex;
  const pages = new Map(
    [...docs.operationList, ...docs.eventList].map((op) => {
      const query = new URL(op.page).searchParams;
      return [op.operationId, { category: query.get('category') ?? '', subcategory: query.get('subcategory') ?? '' }];
    }),
  );
  let openapi: string | undefined;
  const pageTexts = new Map(Object.entries(docs.pages));
  const operationTexts = new Map(Object.entries(docs.operations));
  const schemaTexts = new Map(Object.entries(docs.schemas));
  return {
    docs,
    pageMarkdown: (pageKey) => pageTexts.get(pageKey),
    operationMarkdown: (operationId) => operationTexts.get(operationId),
    schemaMarkdown: (name) => schemaTexts.get(name),
    search: prepareEntries(index.entries),
    operationIds: new Set(pages.keys()),
    pageOf: (operationId) => pages.get(operationId),
    openapi: () => (openapi ??= readFileSync(generated('openapi.public.json'), 'utf8')),
  };
}
