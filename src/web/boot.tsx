/**
 * The app: providers around the router. Everything route-specific is loaded lazily by the router.
 * A documentation page the server sent already rendered (build-time HTML) is hydrated; any other
 * screen is rendered here from scratch. `main.ts` imports this module (after the first paint when the
 * page came rendered).
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { useLocation } from 'react-router';
import { CacheProvider } from '@emotion/react';
import { AppProviders } from './app/providers';
import { prepareHydration } from './app/prepare-hydration';
import { AppRouter } from './app/router';
import { answerNotLoggedIn, currentUserQueryKey, getCurrentUser } from './lib/current-user';
import { settingsInPage } from './lib/page-settings';
import { portalSettingsQueryKey } from './lib/portal-settings';
import { replayHeldClicks } from './lib/early-input';
import { leaveFirstScreen, readPrerenderState } from './lib/prerender-state';
import { createQueryClient } from './lib/query-client';
import { createEmotionCache } from './theme/emotion-cache';
import type { PrerenderState } from '../shared/portal-data/prerendered-pages';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

const queryClient = createQueryClient();
const emotionCache = createEmotionCache();
const prerendered = container.firstElementChild ? readPrerenderState() : null;

/**
 * Marks <html data-hydrated> once the server's HTML is live, then clicks again the buttons clicked before
 * (lib/early-input.ts; the search asked for before is opened by the shell's SearchLauncher).
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
    // React hydrates the routes' Suspense boundaries in tasks after this commit, and a click on a part not
    // hydrated yet is dropped: the clicks wait until the browser is idle, the page's hydration done.
    if ('requestIdleCallback' in window) window.requestIdleCallback(replayHeldClicks, { timeout: 2_000 });
    else setTimeout(replayHeldClicks, 500);
  }, []);
  return null;
}

/**
 * The first client-side navigation leaves the page the HTML held: from then on pages render as in a plain
 * client app. Decided while rendering, before the screens (it is the router's first child), so the new
 * location's screens already see it; leaving is idempotent and never undone.
 */
function FirstScreenWatch() {
  const { key } = useLocation();
  const [first] = useState(key);
  if (key !== first) leaveFirstScreen();
  return null;
}

/**
 * React recovers from a page that does not match its HTML by rendering it again on the client, and in a
 * production build says so only as a minified error. Said in words, so the end-to-end test that hydrates
 * every page (and anyone reading the console) sees it.
 */
function reportHydrationError(error: unknown): void {
  console.error('Hydration failed: the page rendered at build time does not match the app.', error);
}

function app() {
  return (
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <AppProviders queryClient={queryClient}>
          <AppRouter>{prerendered ? <FirstScreenWatch /> : null}</AppRouter>
        </AppProviders>
      </CacheProvider>
      {prerendered ? <HydratedMark /> : null}
    </StrictMode>
  );
}

/**
 * The server checked the session and wrote the user into the page: no profile request. A page rendered for
 * a logged-out reader comes with the portal's settings (the reference is public), which the shell asks for.
 */
async function seedFromPage(state: PrerenderState): Promise<void> {
  if (state.user !== null) {
    queryClient.setQueryData(currentUserQueryKey, state.user);
    return;
  }
  await answerNotLoggedIn(queryClient);
  const settings = settingsInPage();
  if (settings !== undefined) queryClient.setQueryData(portalSettingsQueryKey, settings);
}

if (prerendered) {
  void Promise.all([seedFromPage(prerendered), prepareHydration(prerendered, window.location.pathname)]).then(() =>
    hydrateRoot(container, app(), { onRecoverableError: reportHydrationError }),
  );
} else {
  // Every screen but /login waits for the profile: ask for it now, while the route chunks are still
  // loading, instead of after the shell's chunk has arrived and rendered (one round trip off the path).
  if (window.location.pathname !== '/login') {
    void queryClient.prefetchQuery({ queryKey: currentUserQueryKey, queryFn: ({ signal }) => getCurrentUser(signal), retry: false, staleTime: Infinity });
  }
  createRoot(container).render(app());
}
