/**
 * Before hydrating a page rendered ahead of time, everything its first frame needs must be here: the
 * lazy route modules the URL matches (React Router would otherwise render its fallback first) and the
 * documentation page's data. Then the first client render draws exactly what the HTML shows.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { loadReferencePage } from '../features/docs/lib/load-reference-page';
import type { PrerenderState } from '../lib/prerender-state';

async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

export async function prepareHydration(routes: RouteObject[], state: PrerenderState, pathname: string): Promise<void> {
  const [category = '', subcategory = ''] = splitPageKey(state.page);
  await Promise.all([resolveLazyRoutes(routes, pathname), loadReferencePage(category, subcategory)]);
}

/** `seller-warehouse` -> [`seller`, `warehouse`] (a category has no dash; a subcategory may). */
function splitPageKey(key: string): [string, string] {
  const dash = key.indexOf('-');
  return [key.slice(0, dash), key.slice(dash + 1)];
}
