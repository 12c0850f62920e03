/**
 * Before hydrating a page rendered ahead of time, everything its first frame needs must be here: the
 * screens the URL matches (they would otherwise suspend and draw their fallback first) and the
 * documentation page's data. Then the first client render draws exactly what the HTML shows.
 */
import { loadReferencePage } from '../features/docs/lib/load-reference-page';
import type { PrerenderState } from '../lib/prerender-state';
import { preloadScreens } from './routes';

export async function prepareHydration(state: PrerenderState, pathname: string): Promise<void> {
  const [category = '', subcategory = ''] = splitPageKey(state.page);
  await Promise.all([preloadScreens(pathname), loadReferencePage(category, subcategory)]);
}

/** `seller-warehouse` -> [`seller`, `warehouse`] (a category has no dash; a subcategory may). */
function splitPageKey(key: string): [string, string] {
  const dash = key.indexOf('-');
  return [key.slice(0, dash), key.slice(dash + 1)];
}
