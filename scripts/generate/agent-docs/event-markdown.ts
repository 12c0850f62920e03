/**
 * An event's Markdown (the spec's webhooks), from the same page data its HTML section is drawn from: its
 * type, who receives it, the signature headers, the payload's fields and example, what the endpoint
 * answers and a receiver sample. Also the request body part both events and POST operations share.
 */
import { MARKDOWN_ORIGIN, pageMarkdownPath } from '../../../src/shared/portal-data/agent-docs.ts';
import { documentationHref } from '../../../src/shared/portal-data/links.ts';
import { operationLine } from '../../../src/shared/portal-data/operation-label.ts';
import type { ReferenceOperation, ReferencePage, ReferenceRequestBody } from '../../../src/shared/portal-data/reference-page.ts';
import { fence, type MarkdownWriter } from './markdown-writer.ts';

/** A request body or payload: content type, fields, first example. */
export function requestBodyMarkdown(body: ReferenceRequestBody, writer: MarkdownWriter, exampleLabel: string): string[] {
  const out: string[] = [];
  const lines = [`Content type: \`${body.contentType}\`${body.required ? ', required' : ''}.`];
  if (body.description) lines.unshift(writer.inline(body.description));
  out.push(lines.join('\n\n'));
  if (body.body) out.push(`Fields (${body.body.type}${body.body.schema ? `, schema \`${body.body.schema}\`` : ''}):\n\n${writer.fields(body.body.children)}`);
  const example = body.examples?.[0];
  if (example) out.push(`${exampleLabel}:\n\n${fence(example.json, 'json')}`);
  return out;
}

/** One event's document; `level` is its title's heading level (1 alone, 2 inside its page). */
export function eventMarkdown(page: ReferencePage, op: ReferenceOperation, writer: MarkdownWriter, level: number): string {
  const h = (offset: number) => '#'.repeat(level + offset);
  const out: string[] = [];
  out.push(`${h(0)} ${op.summary}`);
  out.push(`\`${operationLine(op)}\``);
  out.push(
    `Event \`${op.event ?? op.path}\` of the ${page.groupTitle} (${page.title}), operation \`${op.operationId}\`: the API sends it to your webhook endpoints as a \`${op.method.toUpperCase()}\`; you do not call it. HTML page: ${MARKDOWN_ORIGIN}${documentationHref(page, op.operationId)}`,
  );
  if (op.description) out.push(writer.blocks(op.description, level));

  out.push(`${h(1)} Signature headers`);
  out.push(
    `${op.parameters.length === 0 ? 'None.' : writer.parameters(op.parameters)}\n\nHow to check them: ${MARKDOWN_ORIGIN}${pageMarkdownPath(page)}#how-to-verify`,
  );
  if (op.requestBody) {
    out.push(`${h(1)} Payload`);
    out.push(...requestBodyMarkdown(op.requestBody, writer, 'Example payload'));
  }
  out.push(`${h(1)} What your endpoint answers`);
  out.push(op.responses.map((response) => `- \`${response.status}\`: ${writer.inline(response.description).replace(/\s*\n\s*/g, ' ')}`.trimEnd()).join('\n'));

  for (const sample of op.samples) {
    out.push(`${h(1)} Example receiver (${sample.label})`);
    out.push(fence(sample.code.trimEnd(), sample.lang));
  }
  return out.join('\n\n');
}
