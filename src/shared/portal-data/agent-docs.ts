/**
 * Where the build step (scripts/generate/agent-docs.ts) and the server meet over the documentation
 * written for AI assistants: the Markdown addresses, llms.txt and friends, and the shape of
 * src/generated/agent-docs.json. The Markdown is written from the same page data as the HTML pages.
 *
 * Address scheme (docs/guide.md, "For AI assistants"):
 *   /documentation/<category>/<subcategory>.md   one reference page (e.g. /documentation/seller/order.md)
 *   /documentation/operations/<operationId>.md    one operation or event (e.g. /documentation/operations/getSellerReturnOrder.md)
 * The same path without `.md` answers the Markdown to `Accept: text/markdown` and otherwise leads to the
 * page (`/documentation?category=…&subcategory=…#operationId`).
 */
import type { ChangelogVersion } from './changelog.ts';
import { documentationHref, type PageAddress } from './links.ts';
import { ORIGIN_STAND_IN } from './prerendered-pages.ts';

export const LLMS_TXT_PATH = '/llms.txt';
export const LLMS_FULL_PATH = '/llms-full.txt';
export const API_CATALOG_PATH = '/.well-known/api-catalog';
export const MCP_PATH = '/mcp';
/** Upper bound of llms.txt and of each page's Markdown (llms-full.txt is exempt). */
export const AGENT_FILE_MAX_CHARS = 50_000;

/** The segment that holds operations; no documentation category may be called this. */
export const OPERATIONS_SEGMENT = 'operations';

/** Written into generated Markdown where the portal's own origin goes; the server writes in the request's. */
export const MARKDOWN_ORIGIN = ORIGIN_STAND_IN;

export function pageMarkdownPath(page: PageAddress): string {
  return `/documentation/${page.category}/${page.subcategory}.md`;
}

export function operationMarkdownPath(operationId: string): string {
  return `/documentation/${OPERATIONS_SEGMENT}/${operationId}.md`;
}

export type MarkdownAddress = { kind: 'page'; page: PageAddress } | { kind: 'operation'; operationId: string };

/** What a `/documentation/<a>/<b>[.md]` path names, and whether it ends in `.md`; null for anything else. */
export function parseMarkdownPath(pathname: string): { address: MarkdownAddress; markdown: boolean } | null {
  const match = /^\/documentation\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)(\.md)?$/.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  const markdown = match[3] !== undefined;
  if (match[1] === OPERATIONS_SEGMENT) return { address: { kind: 'operation', operationId: match[2] }, markdown };
  return { address: { kind: 'page', page: { category: match[1], subcategory: match[2] } }, markdown };
}

/** The first line of every page's Markdown. */
export function llmsPointer(origin: string): string {
  return `> The index of this documentation for AI assistants is ${origin}${LLMS_TXT_PATH}`;
}

/** One operation as list_operations returns it. */
export interface AgentOperation {
  operationId: string;
  /** The documentation category of its page: `seller`, `warehouse`. */
  family: string;
  method: string;
  /** Full URL with the portal's origin stand-in, e.g. `https://…/api/v1/seller/warehouses`. */
  url: string;
  summary: string;
  deprecated?: boolean;
  parameters: { name: string; in: string; required: boolean }[];
  /** Markdown address (operationMarkdownPath). */
  markdown: string;
  /** Its place on the HTML page. */
  page: string;
}

/** One event (the spec's webhooks) as list_operations returns it beside the operations: sent by the API, never called. */
export interface AgentEvent {
  kind: 'event';
  operationId: string;
  /** The documentation category of its page: `seller`, `warehouse`. */
  family: string;
  /** Its type, e.g. `seller.normal_order.status_changed`. */
  event: string;
  summary: string;
  /** The delivery's headers (the Standard Webhooks signature headers). */
  headers: string[];
  /** The payload's component schema (get_schema answers it). */
  payloadSchema?: string;
  /** Markdown address (operationMarkdownPath). */
  markdown: string;
  /** Its place on the HTML page. */
  page: string;
}

export interface AgentDocs {
  llms: string;
  llmsFull: string;
  /** Keyed by pageKeyOf. */
  pages: Record<string, string>;
  /** Keyed by operationId. */
  operations: Record<string, string>;
  operationList: AgentOperation[];
  eventList: AgentEvent[];
  /** A component schema's fields as Markdown, keyed by its name. */
  schemas: Record<string, string>;
  /** Each version with its Markdown, as the Changelog page's Markdown writes it (get_changelog answers it). */
  changelog: Array<Pick<ChangelogVersion, 'version' | 'date'> & { markdown: string }>;
}

/** The generated Markdown with the portal's own origin written in. */
export function withOrigin(text: string, origin: string): string {
  return text.replaceAll(MARKDOWN_ORIGIN, origin);
}

/** A `/documentation?category&subcategory#anchor` link as its Markdown copy's absolute address (origin stand-in). */
export function markdownHref(href: string, operationIds: ReadonlySet<string>): string {
  if (!href.startsWith('/documentation?')) return href.startsWith('/') ? MARKDOWN_ORIGIN + href : href;
  const url = new URL(href, MARKDOWN_ORIGIN);
  const anchor = decodeURIComponent(url.hash.slice(1));
  if (operationIds.has(anchor)) return MARKDOWN_ORIGIN + operationMarkdownPath(anchor);
  const page = { category: url.searchParams.get('category') ?? '', subcategory: url.searchParams.get('subcategory') ?? '' };
  return MARKDOWN_ORIGIN + pageMarkdownPath(page) + (anchor ? `#${anchor}` : '');
}

/** Where a Markdown address leads a browser (the HTML page, at the operation's anchor). */
export function htmlHrefOf(address: MarkdownAddress, operationPage: (operationId: string) => PageAddress | undefined): string | undefined {
  if (address.kind === 'page') return documentationHref(address.page);
  const page = operationPage(address.operationId);
  return page === undefined ? undefined : documentationHref(page, address.operationId);
}
