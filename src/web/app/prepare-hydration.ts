/**
 * Before hydrating a page rendered ahead of time, everything its first frame needs must be here: the
 * screens the URL matches (they would otherwise suspend and draw their fallback first) and the
 * documentation page's data. Then the first client render draws exactly what the HTML shows.
 */
import { pageOfKey } from '../../shared/portal-data/links';
import type { PrerenderState } from '../../shared/portal-data/prerendered-pages';
import { loadReferencePage } from '../features/docs/lib/load-reference-page';
import { preloadScreens } from './routes';

export async function prepareHydration(state: PrerenderState, pathname: string): Promise<void> {
  const { category, subcategory } = pageOfKey(state.page);
  await Promise.all([preloadScreens(pathname), loadReferencePage(category, subcategory)]);
}
