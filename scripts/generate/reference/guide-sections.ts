/**
 * Search entries for the prose of a page's description (Getting started, Authentication) and of an events
 * page's "How to verify": one per section,
 * a heading with the text up to the next heading, linked to the heading's anchor. The whole text is
 * matched, so "rate limit" or "etag" finds the section that explains it, not only its heading.
 */
import { documentationHref } from '../../../src/shared/portal-data/links.ts';
import type { Block, ReferencePage, SearchEntry } from '../../../src/shared/portal-data/reference-page.ts';
import { inlinePlain } from './markdown.ts';

/** A block's readable text; code blocks are left out (shell and JSON would match nearly any query). */
function blockText(block: Block): string {
  switch (block.t) {
    case 'h':
    case 'p':
      return inlinePlain(block.c);
    case 'ul':
    case 'ol':
      return block.items.flatMap((item) => item.map(blockText)).join(' ');
    case 'quote':
      return block.c.map(blockText).join(' ');
    case 'table':
      return [...block.head, ...block.rows.flat()].map(inlinePlain).join(' ');
    case 'pre':
      return '';
  }
}

export function guideSectionEntries(page: ReferencePage, where: string, trim: (text: string) => string): SearchEntry[] {
  const entries: SearchEntry[] = [];
  let current: { id: string; title: string; text: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const text = current.text.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
    entries.push({ kind: 'section', title: current.title, detail: trim(text), page: where, keywords: text, href: documentationHref(page, current.id) });
  };
  // An events page's "How to verify" is prose of the same kind, found the same way.
  for (const block of [...(page.description ?? []), ...(page.verification ?? [])]) {
    if (block.t === 'h') {
      flush();
      current = { id: block.id, title: inlinePlain(block.c), text: [] };
    } else current?.text.push(blockText(block));
  }
  flush();
  return entries;
}
