/**
 * Ranks search-index entries (the Ctrl+K dialog and the MCP server's search_docs alike) for a query: every word must appear somewhere in the entry. Operations, events and
 * pages come before schemas and fields (a reader looking for "return" wants "List return orders" first),
 * unless a schema or field is named exactly; within that, a word in the title counts most, an exact or
 * prefix title match most of all; at equal score the user's own API comes first. Pure and fast enough to
 * run on every keystroke over tens of thousands of entries (one lower-cased haystack per entry, built once).
 */
import type { SearchEntry, SearchKind } from './reference-page.ts';

export interface PreparedEntry {
  entry: SearchEntry;
  title: string;
  haystack: string;
  /** The documentation category of the entry's page (`seller`, `warehouse`, ...), read from its link. */
  category: string;
}

const KIND_BONUS: Record<SearchKind, number> = { operation: 4, event: 4, page: 3, section: 3, schema: 2, field: 1 };
const LEADING_KINDS: ReadonlySet<SearchKind> = new Set(['operation', 'event', 'page', 'section']);

function categoryOf(href: string): string {
  const query = href.split('?')[1]?.split('#')[0] ?? '';
  return new URLSearchParams(query).get('category') ?? '';
}

export function prepareEntries(entries: readonly SearchEntry[]): PreparedEntry[] {
  return entries.map((entry) => ({
    entry,
    title: entry.title.toLowerCase(),
    haystack: `${entry.title} ${entry.detail} ${entry.keywords ?? ''} ${entry.page}`.toLowerCase(),
    category: categoryOf(entry.href),
  }));
}

export interface SearchOptions {
  limit?: number;
  /** The user's own documentation category: its entries come first among equals. */
  preferredCategory?: string;
}

export function search(prepared: readonly PreparedEntry[], query: string, options: SearchOptions = {}): SearchEntry[] {
  const { limit = 50, preferredCategory } = options;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const joined = words.join(' ');
  const scored: { entry: SearchEntry; tier: number; score: number; own: number; index: number }[] = [];
  prepared.forEach((item, index) => {
    let score = 0;
    for (const word of words) {
      if (!item.haystack.includes(word)) return;
      if (item.title.includes(word)) score += 10;
    }
    const exact = item.title === joined;
    if (exact) score += 100;
    else if (item.title.startsWith(joined)) score += 40;
    else if (item.title.split(/[\s/{}.]+/).some((part) => part.startsWith(joined))) score += 20;
    // Tier 0: a title named exactly; tier 1: operations, pages and guide sections; tier 2: schemas and fields.
    const tier = exact ? 0 : LEADING_KINDS.has(item.entry.kind) ? 1 : 2;
    const own = preferredCategory !== undefined && item.category === preferredCategory ? 0 : 1;
    scored.push({ entry: item.entry, tier, score: score + KIND_BONUS[item.entry.kind], own, index });
  });
  // Stable: equal ranks keep the index order (pages, then operations, then schemas and fields).
  scored.sort((a, b) => a.tier - b.tier || b.score - a.score || a.own - b.own || a.index - b.index);
  return scored.slice(0, limit).map((item) => item.entry);
}
