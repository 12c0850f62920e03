/**
 * Ranks search-index entries for a query: every word must appear somewhere in the entry; a word in the
 * title counts most, an exact or prefix title match most of all. Pure and fast enough to run on every
 * keystroke over tens of thousands of entries (one lower-cased haystack per entry, built once).
 */
import type { SearchEntry, SearchKind } from '../../../../shared/portal-data/reference-page';

export interface PreparedEntry {
  entry: SearchEntry;
  title: string;
  haystack: string;
}

const KIND_BONUS: Record<SearchKind, number> = { operation: 4, page: 3, schema: 2, field: 1 };

export function prepareEntries(entries: readonly SearchEntry[]): PreparedEntry[] {
  return entries.map((entry) => ({
    entry,
    title: entry.title.toLowerCase(),
    haystack: `${entry.title} ${entry.detail} ${entry.keywords ?? ''} ${entry.page}`.toLowerCase(),
  }));
}

export function search(prepared: readonly PreparedEntry[], query: string, limit = 50): SearchEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const joined = words.join(' ');
  const scored: { entry: SearchEntry; score: number; index: number }[] = [];
  prepared.forEach((item, index) => {
    let score = 0;
    for (const word of words) {
      if (!item.haystack.includes(word)) return;
      if (item.title.includes(word)) score += 10;
    }
    if (item.title === joined) score += 100;
    else if (item.title.startsWith(joined)) score += 40;
    else if (item.title.split(/[\s/{}.]+/).some((part) => part.startsWith(joined))) score += 20;
    scored.push({ entry: item.entry, score: score + KIND_BONUS[item.entry.kind], index });
  });
  // Stable: equal scores keep the index order (pages, then operations, then schemas and fields).
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, limit).map((item) => item.entry);
}
