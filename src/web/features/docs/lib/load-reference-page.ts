/**
 * Loads one documentation page's data. Each src/generated/reference/<category>-<subcategory>.json is its
 * own small chunk (a dynamic import per page), so a page downloads only its own operations.
 * Promises are cached so React's `use()` sees the same one on every render.
 */
import { pageKeyOf } from '../../../../shared/portal-data/links';
import type { ReferencePage, SearchIndex } from '../../../../shared/portal-data/reference-page';
import { prepareEntries, type PreparedEntry } from '../../../../shared/portal-data/search-ranking';

const pageModules = import.meta.glob<ReferencePage>(['../../../../generated/reference/*.json', '!**/search-index.json'], { import: 'default' });
const searchModule = import.meta.glob<SearchIndex>('../../../../generated/reference/search-index.json', { import: 'default' });

function keyOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

const loaders = new Map(Object.entries(pageModules).map(([path, load]) => [keyOf(path), load]));
const cache = new Map<string, Promise<ReferencePage>>();
/** Pages already loaded, readable synchronously so a known page renders without a loading state. */
const loaded = new Map<string, ReferencePage>();

/** True when generated data exists for the page. */
export function hasPage(category: string, subcategory: string): boolean {
  return loaders.has(pageKeyOf({ category, subcategory }));
}

export function loadReferencePage(category: string, subcategory: string): Promise<ReferencePage> {
  const key = pageKeyOf({ category, subcategory });
  let promise = cache.get(key);
  if (!promise) {
    const load = loaders.get(key);
    promise = load ? load() : Promise.reject(new Error(`No reference data for ${key}`));
    promise.then(
      (page) => loaded.set(key, page),
      () => cache.delete(key), // a failed chunk load may be retried
    );
    cache.set(key, promise);
  }
  return promise;
}

export function loadedReferencePage(category: string, subcategory: string): ReferencePage | undefined {
  return loaded.get(pageKeyOf({ category, subcategory }));
}

let searchPromise: Promise<SearchIndex> | undefined;

export function loadSearchIndex(): Promise<SearchIndex> {
  const load = Object.values(searchModule)[0];
  searchPromise ??= load ? load() : Promise.resolve({ entries: [] });
  return searchPromise;
}

let preparedPromise: Promise<PreparedEntry[]> | undefined;

/**
 * The search index ready to query. Loading (a chunk to parse) and preparing (lower-casing every entry)
 * run as separate tasks, so neither blocks the page for long even with thousands of entries.
 */
export function loadPreparedSearchIndex(): Promise<PreparedEntry[]> {
  preparedPromise ??= loadSearchIndex().then((index) => new Promise<PreparedEntry[]>((resolve) => setTimeout(() => resolve(prepareEntries(index.entries)), 0)));
  return preparedPromise;
}
