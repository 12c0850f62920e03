/**
 * The build-time render of one documentation page (run by scripts/prerender through Vite's SSR build):
 * the whole app, shell included, for a signed-in user of one type or for a logged-out reader of a public
 * reference, with the same routes, providers and components the browser hydrates. Emotion's server package extracts the CSS the HTML uses
 * (https://mui.com/material-ui/guides/server-rendering/). The screens the URL shows are loaded first, so
 * they render in the one pass renderToString makes (it cannot wait for a lazy screen).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProviders } from '../app/providers';
import { AppRoutes, preloadScreens } from '../app/routes';
import { REMINDER_STAND_IN, type PrerenderedPage, type PrerenderRequest } from '../../shared/portal-data/prerendered-pages';
import { pageKeyOf } from '../../shared/portal-data/links';
import { documentationTitle } from '../../shared/portal-data/screens';
import { answerNotLoggedIn, currentUserQueryKey } from '../lib/current-user';
import type { PortalSettings } from '../lib/page-settings';
import { portalSettingsQueryKey } from '../lib/portal-settings';
import { createQueryClient } from '../lib/query-client';
import { setPrerenderState } from '../lib/prerender-state';
import { loadReferencePage } from '../features/docs/lib/load-reference-page';
import { createEmotionCache } from '../theme/emotion-cache';

const LOGGED_OUT_SETTINGS: PortalSettings = { publicDocs: true, loginForm: true, signInWith: null, liveTokens: false };

export async function renderDocumentationPage(request: PrerenderRequest): Promise<PrerenderedPage> {
  // Loaded before rendering, so the page renders whole in one pass (no loading state).
  const url = new URL(request.url, request.origin);
  const [page] = await Promise.all([loadReferencePage(request.category, request.subcategory), preloadScreens(url.pathname)]);
  const { user } = request;
  // The reminder banner is drawn with a stand-in sentence; the server writes in the user's, or removes it.
  setPrerenderState({ user, origin: request.origin, page: pageKeyOf(request), reminder: user === null ? null : REMINDER_STAND_IN });
  try {
    const queryClient = createQueryClient();
    if (user === null) {
      await answerNotLoggedIn(queryClient);
      // The server answers a logged-out reader with this page only when the reference is public; the
      // shell reads nothing else of the settings, and the server writes its own into the page.
      queryClient.setQueryData<PortalSettings>(portalSettingsQueryKey, LOGGED_OUT_SETTINGS);
    } else {
      queryClient.setQueryData(currentUserQueryKey, user);
    }
    const cache = createEmotionCache();
    const emotion = createEmotionServer(cache);
    const html = renderToString(
      <StrictMode>
        <CacheProvider value={cache}>
          <AppProviders queryClient={queryClient}>
            <StaticRouter location={url.pathname + url.search}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </CacheProvider>
      </StrictMode>,
    );
    const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
    return { html, styles, title: documentationTitle(page) };
  } finally {
    setPrerenderState(null);
  }
}
