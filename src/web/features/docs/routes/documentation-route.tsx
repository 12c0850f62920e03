/**
 * Route module for `/` and `/documentation?category=...&subcategory=...` (lazy-loaded by the app's router).
 * Picks the page from the URL (and the user type: `/` is the first page of the user's own API), loads that
 * page's generated data (its own small chunk), and preloads search (the shell owns Ctrl/Cmd+K).
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { catalogue } from '../../../../generated/catalogue';
import { DocumentationPage } from '../components/documentation-page';
import { DocsRoot } from '../components/docs-root';
import { NoSuchPage } from '../components/no-such-page';
import { hasPage, loadReferencePage, loadedReferencePage } from '../lib/load-reference-page';
import { loadSearchDialog } from '../lib/load-search-dialog';
import { useOpenSearch } from '../../../lib/search-opener';
import type { ReferencePage } from '../../../../shared/portal-data/reference-page';
import { pageKeyOf, resolvePage, type PageRef } from '../../../../shared/portal-data/links';
import { familyOfUserType, type ApiFamily } from '../../../../shared/api-family';
import { useOrigin } from '../lib/use-origin';
import { lastUserType, useCurrentUser } from '../../../lib/current-user';

/** Once the page has settled, fetch search in the background so Ctrl+K opens at once. */
function usePreloadSearch(): void {
  useEffect(() => {
    const idle = (callback: () => void) =>
      'requestIdleCallback' in window ? window.requestIdleCallback(callback, { timeout: 5000 }) : setTimeout(callback, 2000);
    const timer = window.setTimeout(() => idle(() => void loadSearchDialog().catch(() => undefined)), 1500);
    return () => window.clearTimeout(timer);
  }, []);
}

// Start loading the page this URL names as soon as this module runs: the route's code loads alongside
// the shell's, so the page's data is usually here by the time the session check lets the page render.
// (Not in the build-time render, which loads its page itself: there is no window there.) The user is not
// known yet: the type of the last user of this browser is a good guess (a wrong one costs only one page's
// data fetched in vain).
if (typeof window !== 'undefined') {
  const initial = resolvePage(catalogue.groups, new URLSearchParams(window.location.search), lastUserType());
  if (window.location.pathname.startsWith('/documentation') || window.location.pathname === '/') {
    if (initial.found && hasPage(initial.page.category, initial.page.subcategory))
      void loadReferencePage(initial.page.category, initial.page.subcategory).catch(() => undefined);
  }
}

/**
 * The page's data: synchronously when already loaded, otherwise after its chunk arrives. Plain state
 * rather than Suspense: React holds a revealed Suspense boundary back for up to 300 ms, which would
 * cost more than loading the data itself.
 */
function usePageData(pageRef: PageRef): ReferencePage | undefined {
  const { category, subcategory } = pageRef;
  const [state, setState] = useState<{ page?: ReferencePage; error?: unknown }>(() => ({ page: loadedReferencePage(category, subcategory) }));
  const ready = loadedReferencePage(category, subcategory);
  useEffect(() => {
    let live = true;
    // Always subscribe, also when the data is already here: the module-level preload can finish between
    // this render and the effect, and returning early then would leave the page "Loading…" for good.
    loadReferencePage(category, subcategory).then(
      (page) => live && setState((current) => (current.page === page ? current : { page })),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [category, subcategory]);
  if (state.error) throw state.error; // to the route's error boundary
  return ready ?? (state.page && state.page.category === category && state.page.subcategory === subcategory ? state.page : undefined);
}

function LoadedPage({ pageRef, onSearch, family }: { pageRef: PageRef; onSearch: () => void; family?: ApiFamily }) {
  const page = usePageData(pageRef);
  const origin = useOrigin();
  if (!page) return <PageLoading pageRef={pageRef} />;
  return <DocumentationPage page={page} origin={origin} onSearch={onSearch} family={family} />;
}

function PageLoading({ pageRef }: { pageRef: PageRef }) {
  return (
    <DocsRoot aria-busy="true">
      <h1 style={{ fontSize: '1.75rem', margin: 0 }}>{pageRef.title}</h1>
      <p className="muted">Loading…</p>
    </DocsRoot>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const openSearch = useOpenSearch();
  usePreloadSearch();

  // `/` and `/documentation` open the first page of the user's own API.
  const resolution = resolvePage(catalogue.groups, params, user.data?.userType);
  // Reference data for a page the catalogue does not list (a generated test spec) still opens.
  const pageRef: PageRef | null = resolution.found
    ? resolution.page
    : resolution.subcategory && hasPage(resolution.category, resolution.subcategory)
      ? { category: resolution.category, subcategory: resolution.subcategory, title: resolution.subcategory, groupTitle: resolution.category }
      : null;

  return (
    <>
      {pageRef && hasPage(pageRef.category, pageRef.subcategory) ? (
        <LoadedPage key={pageKeyOf(pageRef)} pageRef={pageRef} onSearch={openSearch} family={user.data ? familyOfUserType(user.data.userType) : undefined} />
      ) : (
        <NoSuchPage
          groups={catalogue.groups}
          category={resolution.found ? resolution.page.category : resolution.category}
          subcategory={resolution.found ? resolution.page.subcategory : resolution.subcategory}
        />
      )}
    </>
  );
}
