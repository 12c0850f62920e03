/**
 * Documentation for AI assistants (src/generated/agent-docs.json): each reference page and each operation
 * as Markdown, llms.txt and llms-full.txt (llmstxt.org), the schemas and the operation list the MCP server
 * answers from. Written from the reference-page data the HTML pages are rendered from, so the two cannot
 * differ. Addresses: src/shared/portal-data/agent-docs.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Brand } from '../../src/shared/brand.ts';
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import {
  AGENT_FILE_MAX_CHARS,
  LLMS_FULL_PATH,
  MARKDOWN_ORIGIN,
  MCP_PATH,
  OPERATIONS_SEGMENT,
  llmsPointer,
  operationMarkdownPath,
  pageMarkdownPath,
  type AgentDocs,
  type AgentEvent,
  type AgentOperation,
} from '../../src/shared/portal-data/agent-docs.ts';
import type { ChangelogVersion } from '../../src/shared/portal-data/changelog.ts';
import { versionMarkdown, versionView } from '../../src/shared/portal-data/changelog-view.ts';
import { EXPORT_FILES, downloadHref } from '../../src/shared/portal-data/downloads.ts';
import { documentationHref, pageKeyOf } from '../../src/shared/portal-data/links.ts';
import { operationLine } from '../../src/shared/portal-data/operation-label.ts';
import type { FieldNode, ReferenceOperation, ReferencePage } from '../../src/shared/portal-data/reference-page.ts';
import { eventMarkdown, requestBodyMarkdown } from './agent-docs/event-markdown.ts';
import { MarkdownWriter, fence, firstSentence, operationUrl } from './agent-docs/markdown-writer.ts';

export interface AgentDocsInput {
  brand: Brand;
  publicSpec: OpenApiDocument;
  pages: ReferencePage[];
}

const SEPARATOR = '\n\n';

function pageHeading(page: ReferencePage): string {
  return page.title === page.groupTitle ? page.title : `${page.groupTitle} · ${page.title}`;
}

/** One operation's (or event's) document; `level` is its title's heading level (1 alone, 2 inside its page). */
function operationMarkdown(page: ReferencePage, op: ReferenceOperation, writer: MarkdownWriter, level: number): string {
  if (op.event !== undefined) return eventMarkdown(page, op, writer, level);
  const h = (offset: number) => '#'.repeat(level + offset);
  const out: string[] = [];
  out.push(`${h(0)} ${op.summary}${op.deprecated ? ' (deprecated)' : ''}`);
  out.push(`\`${op.method.toUpperCase()} ${operationUrl(page, op)}\``);
  out.push(
    `Operation \`${op.operationId}\` of the ${page.groupTitle} (${page.title}). HTML page: ${MARKDOWN_ORIGIN}${documentationHref(page, op.operationId)}`,
  );
  if (op.deprecated) out.push(`Deprecated${op.deprecatedSince ? ` since ${op.deprecatedSince}` : ''}: still answered, to be removed in a later major version.`);
  if (op.description) out.push(writer.blocks(op.description, level));

  out.push(`${h(1)} Authentication`);
  out.push(
    op.securityHeader
      ? `Send an API token of your account in the \`${op.securityHeader}\` request header (create one under Settings in the portal). Keep it in the environment variable \`${page.tokenVariable}\`; never put it in a URL.`
      : 'No authentication.',
  );

  out.push(`${h(1)} Parameters`);
  out.push(op.parameters.length === 0 ? 'None.' : writer.parameters(op.parameters));

  if (op.requestBody) {
    out.push(`${h(1)} Request body`);
    out.push(...requestBodyMarkdown(op.requestBody, writer, 'Example request body'));
  }

  out.push(`${h(1)} Responses`);
  for (const response of op.responses) {
    out.push(`${h(2)} ${response.status}`);
    const lines: string[] = [];
    if (response.description) lines.push(writer.inline(response.description));
    if (response.contentType) lines.push(`Content type: \`${response.contentType}\`.`);
    if (lines.length > 0) out.push(lines.join('\n\n'));
    if (response.headers && response.headers.length > 0) {
      out.push(
        `Headers:\n\n${response.headers.map((header) => `- \`${header.name}\` (${header.type})${header.description ? `: ${writer.inline(header.description).replace(/\s*\n\s*/g, ' ')}` : ''}`).join('\n')}`,
      );
    }
    const success = response.status.startsWith('2');
    if (success && response.body) {
      out.push(
        `Body fields (${response.body.type}${response.body.schema ? `, schema \`${response.body.schema}\`` : ''}):\n\n${writer.fields(response.body.children)}`,
      );
      const example = response.examples?.[0];
      if (example) out.push(`Example response:\n\n${fence(example.json, 'json')}`);
    } else if (!success) {
      // Error bodies are short and exact: every named example, as the API sends it.
      for (const example of response.examples ?? []) {
        out.push(`Body${example.summary ? ` (${example.summary})` : ''}:\n\n${fence(example.json, 'json')}`);
      }
    }
  }

  const curl = op.samples.find((sample) => sample.lang === 'curl');
  if (curl) {
    out.push(`${h(1)} Example request`);
    out.push(fence(curl.code.replaceAll(page.sampleOrigin, MARKDOWN_ORIGIN), 'bash'));
  }
  return out.join(SEPARATOR);
}

function changelogMarkdown(versions: readonly ChangelogVersion[], writer: MarkdownWriter): string {
  return changelogEntries(versions, writer)
    .map((entry) => entry.markdown)
    .join(SEPARATOR);
}

function changelogEntries(versions: readonly ChangelogVersion[], writer: MarkdownWriter): AgentDocs['changelog'] {
  return versions.map((version, index) => ({
    version: version.version,
    date: version.date,
    markdown: versionMarkdown(versionView(version, index === versions.length - 1), (href) => writer.href(href)),
  }));
}

function pageMarkdown(page: ReferencePage, writer: MarkdownWriter): string {
  const out: string[] = [llmsPointer(MARKDOWN_ORIGIN), `# ${pageHeading(page)}`];
  out.push(`API version ${page.apiVersion}. HTML page: ${MARKDOWN_ORIGIN}${documentationHref(page)}`);
  if (page.description) out.push(writer.blocks(page.description, 1));
  if (page.verification) out.push(writer.blocks(page.verification, 1));
  if (page.about) out.push(writer.blocks(page.about, 1));
  if (page.changelog) out.push(changelogMarkdown(page.changelog, writer));
  if (page.operations.length > 0) {
    const heading = page.operations.every((op) => op.event !== undefined) ? 'Events' : 'Operations';
    out.push(
      `## ${heading}\n\n${page.operations.map((op) => `- [${op.summary}](${MARKDOWN_ORIGIN}${operationMarkdownPath(op.operationId)}): \`${operationLine(op)}\``).join('\n')}`,
    );
    for (const op of page.operations) out.push(operationMarkdown(page, op, writer, 2));
  }
  // As the HTML page does in its code: the portal's own origin where the spec writes its example host.
  return `${out.join(SEPARATOR).replaceAll(page.sampleOrigin, MARKDOWN_ORIGIN)}\n`;
}

function schemasOf(pages: readonly ReferencePage[], writer: MarkdownWriter): Record<string, string> {
  const schemas: Record<string, string> = {};
  const visit = (node: FieldNode) => {
    if (node.schema && node.children && node.children.length > 0 && schemas[node.schema] === undefined) {
      const description = writer.inline(node.schemaDescription ?? (node.name === undefined ? undefined : node.description));
      schemas[node.schema] = `# ${node.schema}\n\n${description ? `${description}\n\n` : ''}Fields:\n\n${writer.fields(node.children)}\n`;
    }
    for (const child of node.children ?? []) visit(child);
  };
  for (const page of pages)
    for (const op of page.operations) {
      // A payload's or request's schema is asked for by name as a response's is.
      if (op.requestBody?.body) visit(op.requestBody.body);
      for (const response of op.responses) if (response.body) visit(response.body);
    }
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

function llmsTxt(input: AgentDocsInput, writer: MarkdownWriter): string {
  const { publicSpec, brand, pages } = input;
  const title = String(publicSpec.info?.title ?? `${brand.name} API`);
  const summary = String((publicSpec.info as { summary?: string } | undefined)?.summary ?? '');
  const out: string[] = [`# ${title}`, `> ${summary}`];
  out.push(
    [
      `Every call is a \`GET\` (the sandbox's simulations a \`POST\`) under ${MARKDOWN_ORIGIN}/api/v1 with an API token in the \`${brand.apiTokenHeader}\` header (keep it in \`$${brand.tokenVariable}\`; create it under Settings in the portal); a seller token reads the Seller API, a warehouse token the Warehouse API.`,
      'Lists take `page` (zero-based) and `size` (1 to 100) and answer `{page, size, lastPage, data}`; errors answer `{status, message}`.',
      'To poll, send the `ETag` of your last answer in `If-None-Match`: while nothing changed the answer is `304 Not Modified`, which does not count against the rate limit.',
      'Events (`EVENT` below) are not calls: the API sends them to your webhook endpoints, signed to the Standard Webhooks specification.',
      `Each link below is Markdown; an MCP server at ${MARKDOWN_ORIGIN}${MCP_PATH} (Streamable HTTP) searches this documentation and calls the API with your token.`,
      // The exports are named, not linked: every link here leads to Markdown, as readers of llms.txt expect.
      `The whole API as OpenAPI: ${MARKDOWN_ORIGIN}${downloadHref('all', 'openapi.yaml')} (or openapi.json); the same folder holds ${EXPORT_FILES.filter(
        (file) => !file.file.startsWith('openapi') && file.file !== 'reference.html',
      )
        .map((file) => file.file)
        .join(', ')} (Postman, Insomnia, .http requests, TypeScript types).`,
    ].join(' '),
  );
  const changelogPages = pages.filter((page) => page.changelog !== undefined);
  const groups = new Map<string, ReferencePage[]>();
  for (const page of pages) if (!page.changelog) groups.set(page.groupTitle, [...(groups.get(page.groupTitle) ?? []), page]);
  for (const [groupTitle, groupPages] of groups) {
    const lines: string[] = [];
    for (const page of groupPages) {
      const line = firstSentence(page.description, writer);
      lines.push(`- [${page.title}](${MARKDOWN_ORIGIN}${pageMarkdownPath(page)})${line ? `: ${line}` : ''}`);
      for (const op of page.operations) {
        lines.push(
          `- [${op.summary}](${MARKDOWN_ORIGIN}${operationMarkdownPath(op.operationId)}): \`${operationLine(op)}\`${op.deprecated ? ' (deprecated)' : ''}`,
        );
      }
    }
    out.push(`## ${groupTitle}\n\n${lines.join('\n')}`);
  }
  const optional = [
    ...changelogPages.map((page) => `- [${page.title}](${MARKDOWN_ORIGIN}${pageMarkdownPath(page)}): every version of the API and what changed in it`),
    `- [Full documentation](${MARKDOWN_ORIGIN}${LLMS_FULL_PATH}): every page above in one Markdown file`,
  ];
  out.push(`## Optional\n\n${optional.join('\n')}`);
  return `${out.join(SEPARATOR)}\n`;
}

export function buildAgentDocs(input: AgentDocsInput): AgentDocs {
  const { pages } = input;
  if (pages.some((page) => page.category === OPERATIONS_SEGMENT)) throw new Error(`No documentation category may be called "${OPERATIONS_SEGMENT}"`);
  const operationIds = new Set(pages.flatMap((page) => page.operations.map((op) => op.operationId)));
  const writer = new MarkdownWriter(operationIds);

  const pageDocs: Record<string, string> = {};
  const operationDocs: Record<string, string> = {};
  const operationList: AgentOperation[] = [];
  const eventList: AgentEvent[] = [];
  for (const page of pages) {
    pageDocs[pageKeyOf(page)] = pageMarkdown(page, writer);
    for (const op of page.operations) {
      operationDocs[op.operationId] =
        `${llmsPointer(MARKDOWN_ORIGIN)}\n\n${operationMarkdown(page, op, writer, 1).replaceAll(page.sampleOrigin, MARKDOWN_ORIGIN)}\n`;
      if (op.event !== undefined) {
        eventList.push({
          kind: 'event',
          operationId: op.operationId,
          family: page.category,
          event: op.event,
          summary: op.summary,
          headers: op.parameters.map((parameter) => parameter.name),
          ...(op.requestBody?.body?.schema ? { payloadSchema: op.requestBody.body.schema } : {}),
          markdown: MARKDOWN_ORIGIN + operationMarkdownPath(op.operationId),
          page: MARKDOWN_ORIGIN + documentationHref(page, op.operationId),
        });
        continue;
      }
      operationList.push({
        operationId: op.operationId,
        family: page.category,
        method: op.method.toUpperCase(),
        url: operationUrl(page, op),
        summary: op.summary,
        ...(op.deprecated ? { deprecated: true } : {}),
        parameters: op.parameters.map((parameter) => ({ name: parameter.name, in: parameter.in, required: parameter.required })),
        markdown: MARKDOWN_ORIGIN + operationMarkdownPath(op.operationId),
        page: MARKDOWN_ORIGIN + documentationHref(page, op.operationId),
      });
    }
  }
  const llms = llmsTxt(input, writer);
  const llmsFull = pages.map((page) => pageDocs[pageKeyOf(page)]).join('\n---\n\n');
  for (const [name, text] of [['llms.txt', llms], ...Object.entries(pageDocs), ...Object.entries(operationDocs)] as const) {
    if (text.length >= AGENT_FILE_MAX_CHARS) throw new Error(`${name} is ${text.length} characters; the limit is ${AGENT_FILE_MAX_CHARS}`);
  }
  return {
    llms,
    llmsFull,
    pages: pageDocs,
    operations: operationDocs,
    operationList,
    eventList,
    schemas: schemasOf(pages, writer),
    changelog: changelogEntries(pages.find((page) => page.changelog)?.changelog ?? [], writer),
  };
}

export function writeAgentDocs(outDir: string, input: AgentDocsInput): void {
  writeFileSync(join(outDir, 'agent-docs.json'), JSON.stringify(buildAgentDocs(input)));
}
