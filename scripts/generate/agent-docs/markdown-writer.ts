/**
 * The reference-page data (src/shared/portal-data/reference-page.ts) written back out as Markdown for AI
 * assistants: the same blocks, fields and examples the HTML pages draw, so both say the same thing.
 * Links to documentation pages become links to their Markdown copies.
 */
import { MARKDOWN_ORIGIN, markdownHref } from '../../../src/shared/portal-data/agent-docs.ts';
import type { Block, FieldNode, Inline, ReferenceOperation, ReferencePage, ReferenceParameter } from '../../../src/shared/portal-data/reference-page.ts';

export class MarkdownWriter {
  constructor(private readonly operationIds: ReadonlySet<string>) {}

  href(href: string): string {
    return markdownHref(href, this.operationIds);
  }

  inline(nodes: readonly Inline[] | undefined): string {
    return (nodes ?? [])
      .map((node) => {
        if (typeof node === 'string') return node;
        if (node.t === 'code') return node.v.includes('`') ? `\`\` ${node.v} \`\`` : `\`${node.v}\``;
        if (node.t === 'a') return `[${this.inline(node.c)}](${this.href(node.href)})`;
        return node.t === 'strong' ? `**${this.inline(node.c)}**` : `*${this.inline(node.c)}*`;
      })
      .join('');
  }

  /** One line: table cells and list items cannot hold line breaks. */
  private oneLine(nodes: readonly Inline[] | undefined): string {
    return this.inline(nodes).replace(/\s*\n\s*/g, ' ');
  }

  /** Blocks, with headings moved `shift` levels down (a page's guide text under its own H1). */
  blocks(blocks: readonly Block[] | undefined, shift = 0): string {
    return (blocks ?? []).map((block) => this.block(block, shift)).join('\n\n');
  }

  private block(block: Block, shift: number): string {
    switch (block.t) {
      case 'h':
        return `${'#'.repeat(Math.min(6, block.level + shift))} ${this.oneLine(block.c)}`;
      case 'p':
        return this.inline(block.c);
      case 'pre':
        return fence(block.v, block.lang);
      case 'ul':
      case 'ol':
        return block.items
          .map((item, index) => {
            const marker = block.t === 'ul' ? '- ' : `${index + 1}. `;
            const body = this.blocks(item, shift).replace(/\n/g, `\n${' '.repeat(marker.length)}`);
            return marker + body;
          })
          .join('\n');
      case 'quote':
        return this.blocks(block.c, shift)
          .split('\n')
          .map((line) => `> ${line}`.trimEnd())
          .join('\n');
      case 'table': {
        const row = (cells: readonly (readonly Inline[])[]) => `| ${cells.map((cell) => this.oneLine(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
        return [row(block.head), `|${block.head.map(() => '---').join('|')}|`, ...block.rows.map(row)].join('\n');
      }
    }
  }

  /** A body's fields as a nested list: name, type, required, limits, then the description. */
  fields(nodes: readonly FieldNode[] | undefined, depth = 0): string {
    return (nodes ?? [])
      .map((node) => {
        const facts = [node.type + (node.format ? ` (${node.format})` : ''), node.required ? 'required' : 'optional'];
        if (node.deprecated) facts.push('deprecated');
        if (node.limits) facts.push(...node.limits);
        if (node.enum) facts.push(`one of ${node.enum.map((value) => `\`${value}\``).join(', ')}`);
        if (node.default !== undefined) facts.push(`default \`${node.default}\``);
        const description = this.oneLine(node.description);
        const line = `${'  '.repeat(depth)}- \`${node.name ?? '(item)'}\` (${facts.join(', ')})${description ? `: ${description}` : ''}`;
        const children = node.children && node.children.length > 0 ? `\n${this.fields(node.children, depth + 1)}` : '';
        return line + children;
      })
      .join('\n');
  }

  parameters(parameters: readonly ReferenceParameter[]): string {
    const rows = parameters.map((parameter) => {
      const type = parameter.type + (parameter.format ? ` (${parameter.format})` : '');
      const bounds = [...(parameter.limits ?? []), ...(parameter.enum ? [`one of ${parameter.enum.join(', ')}`] : [])].join('; ');
      const cells = [
        `\`${parameter.name}\``,
        parameter.in,
        type,
        parameter.required ? 'yes' : 'no',
        bounds || '-',
        parameter.default ?? '-',
        this.oneLine(parameter.description) || '-',
      ];
      return `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
    });
    return ['| Name | In | Type | Required | Bounds | Default | Description |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
  }
}

export function fence(code: string, lang = ''): string {
  const ticks = code.includes('```') ? '````' : '```';
  return `${ticks}${lang}\n${code}\n${ticks}`;
}

/** The plain first sentence of some blocks, for one-line summaries. */
export function firstSentence(blocks: readonly Block[] | undefined, writer: MarkdownWriter): string {
  const paragraph = blocks?.find((block) => block.t === 'p');
  if (paragraph?.t !== 'p') return '';
  const text = writer.inline(paragraph.c).replace(/\s*\n\s*/g, ' ');
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

/** `https://…/api/v1/seller/warehouses`: the page's server with the portal's origin. */
export function operationUrl(page: ReferencePage, operation: ReferenceOperation): string {
  return `${MARKDOWN_ORIGIN}${new URL(page.serverUrl.replace(/\{[^}]+\}/g, 'host.invalid')).pathname}${operation.path}`;
}
