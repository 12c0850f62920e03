/**
 * The build-time render of one documentation page (run by scripts/prerender through Vite's SSR build):
 * the whole app, shell included, for a signed-in user of one type, with the same routes, providers and
 * components the browser hydrates. Emotion's server package extracts the CSS the HTML uses
 * (https://mui.com/material-ui/guides/server-rendering/). React Router renders through its static
 * handler without its inline hydration script: the strict CSP allows none, and no route has a loader.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import type { PrerenderedPage, PrerenderRequest } from '../../shared/portal-data/prerendered-pages';
import { currentUserQueryKey, type CurrentUser } from '../lib/current-user';
import { createQueryClient } from '../lib/query-client';
import { setPrerenderState } from '../lib/prerender-state';
import { loadReferencePage, pageKey } from '../features/docs/lib/load-reference-page';

export async function renderDocumentationPage(request: PrerenderRequest): Promise<PrerenderedPage> {
  // Loaded before rendering, so the page renders whole in one pass (no loading state).
  const page = await loadReferencePage(request.category, request.subcategory);
  const user = request.user as CurrentUser;
  setPrerenderState({ user, origin: request.origin, page: pageKey(request.category, request.subcategory) });
  try {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(request.url, request.origin)));
    if (context instanceof Response) throw new Error(`${request.url} answered ${context.status} instead of rendering`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, user);
    const cache = createCache({ key: 'css' });
    const emotion = createEmotionServer(cache);
    const html = renderToString(
      <StrictMode>
        <CacheProvider value={cache}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </CacheProvider>
      </StrictMode>,
    );
    const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
    const title = page.groupTitle === page.title ? page.title : `${page.title} · ${page.groupTitle}`;
    return { html, styles, title: `${title} · Documentation` };
  } finally {
    setPrerenderState(null);
  }
}
