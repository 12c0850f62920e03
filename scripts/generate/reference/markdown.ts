/**
 * Markdown from the spec (tag and operation descriptions) turned into the small, safe tree of
 * reference-data.ts at build time: the browser renders it with React elements, so it needs no Markdown
 * library and no innerHTML. Raw HTML is dropped, and links keep only http(s), relative and #anchor targets.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import type { Block, Inline } from '../../../src/shared/portal-data/reference-page.ts';

const SAFE_HREF = /^(https?:\/\/|\/(?!\/)|#|mailto:)/i;

/** `Create a token` -> `create-a-token`, for heading anchors. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** Joins neighbouring strings so the tree stays small. */
function pushInline(out: Inline[], node: Inline): void {
  const last = out[out.length - 1];
  if (typeof node === 'string' && typeof last === 'string') out[out.length - 1] = last + node;
  else if (node !== '') out.push(node);
}

function inlineText(tokens: Token[] | undefined): string {
  return (tokens ?? []).map((token) => ('text' in token && typeof token.text === 'string' ? token.text : '')).join('');
}

export function toInline(tokens: Token[] | undefined): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text':
      case 'escape': {
        const text = token as Tokens.Text;
        if (text.tokens && text.tokens.length > 0) for (const node of toInline(text.tokens)) pushInline(out, node);
        else pushInline(out, decode(text.text));
        break;
      }
      case 'codespan':
        out.push({ t: 'code', v: decode((token as Tokens.Codespan).text) });
        break;
      case 'strong':
      case 'em':
        out.push({ t: token.type, c: toInline((token as Tokens.Strong).tokens) });
        break;
      case 'del':
        for (const node of toInline((token as Tokens.Del).tokens)) pushInline(out, node);
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const children = toInline(link.tokens);
        if (SAFE_HREF.test(link.href)) out.push({ t: 'a', href: link.href, c: children });
        else for (const node of children) pushInline(out, node);
        break;
      }
      case 'br':
        pushInline(out, '\n');
        break;
      case 'html':
        break; // raw HTML never reaches the page
      default:
        pushInline(out, decode(inlineText([token])));
    }
  }
  return out;
}

function toBlocks(tokens: Token[]): Block[] {
  const blocks: Block[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        blocks.push({ t: 'h', level: heading.depth, id: slugify(heading.text), c: toInline(heading.tokens) });
        break;
      }
      case 'paragraph':
        blocks.push({ t: 'p', c: toInline((token as Tokens.Paragraph).tokens) });
        break;
      case 'text': {
        // A list item's loose text: a paragraph without the margin.
        const text = token as Tokens.Text;
        blocks.push({ t: 'p', c: text.tokens ? toInline(text.tokens) : [decode(text.text)] });
        break;
      }
      case 'code': {
        const code = token as Tokens.Code;
        blocks.push({ t: 'pre', lang: code.lang ?? '', v: code.text });
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        blocks.push({ t: list.ordered ? 'ol' : 'ul', items: list.items.map((item) => toBlocks(item.tokens)) });
        break;
      }
      case 'blockquote':
        blocks.push({ t: 'quote', c: toBlocks((token as Tokens.Blockquote).tokens) });
        break;
      case 'table': {
        const table = token as Tokens.Table;
        blocks.push({
          t: 'table',
          head: table.header.map((cell) => toInline(cell.tokens)),
          rows: table.rows.map((row) => row.map((cell) => toInline(cell.tokens))),
        });
        break;
      }
      default:
        break; // space, hr, html: nothing to show
    }
  }
  return blocks;
}

/** Block Markdown (a tag's or an operation's description) as a safe tree. */
export function markdownBlocks(markdown: string | undefined): Block[] | undefined {
  if (!markdown || markdown.trim() === '') return undefined;
  return toBlocks(new Lexer({ gfm: true }).lex(markdown));
}

/** One-line Markdown (a field's or a parameter's description) as inline nodes. */
export function markdownInline(markdown: string | undefined): Inline[] | undefined {
  if (!markdown || markdown.trim() === '') return undefined;
  const text = markdown.trim();
  // Most descriptions are plain sentences: skip the lexer for them.
  if (!/[`*_[\]<&\\]/.test(text)) return [text];
  return toInline(new Lexer({ gfm: true }).inlineTokens(text));
}

/** Plain text of inline nodes, for the search index. */
export function inlinePlain(nodes: Inline[] | undefined): string {
  return (nodes ?? []).map((node) => (typeof node === 'string' ? node : 'v' in node ? node.v : inlinePlain(node.c))).join('');
}
