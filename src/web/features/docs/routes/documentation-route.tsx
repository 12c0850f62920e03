/**
 * Route module for `/` and `/documentation?category=...&subcategory=...` (lazy-loaded by the app's router).
 * Picks the page from the URL, loads that page's generated data (its own small chunk), and owns the
 * Ctrl/Cmd+K search shortcut while a documentation page is open.
 */
import { Suspense, use, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import catalogue from '../../../../generated/catalogue.json';
import { DocumentationPage } from '../components/documentation-page';
import { DocsRoot } from '../components/docs-root';
import { NoSuchPage } from '../components/no-such-page';
import { hasPage, loadReferencePage, loadSearchIndex } from '../lib/load-reference-page';
import { resolvePage, type PageRef } from '../lib/resolve-page';

type SearchDialogComponent = ComponentType<{ open: boolean; onClose: () => void }>;

/** The dialog's code and the index load on first use, together; nothing suspends while they do. */
function loadSearchDialog(): Promise<SearchDialogComponent> {
  return Promise.all([import('../components/search-dialog'), loadSearchIndex()]).then(([module]) => module.default);
}

function LoadedPage({ pageRef, onSearch }: { pageRef: PageRef; onSearch: () => void }) {
  const page = use(loadReferencePage(pageRef.category, pageRef.subcategory));
  return <DocumentationPage page={page} origin={window.location.origin} onSearch={onSearch} />;
}

function PageLoading({ pageRef }: { pageRef: PageRef }) {
  return (
    <DocsRoot aria-busy="true">
      <h1 style={{ fontSize: '1.75rem', margin: 0 }}>{pageRef.title}</h1>
      <p className="muted">Loading…</p>
    </DocsRoot>
  );
}

/** Ctrl+K (Cmd+K on a Mac) opens search from anywhere on the page, also from inside a text field. */
function useSearchShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

export function Component() {
  const [params] = useSearchParams();
  const [searchOpen, setSearchOpen] = useState(false);
  const [SearchDialog, setSearchDialog] = useState<SearchDialogComponent | null>(null);
  const openSearch = useCallback(() => {
    void loadSearchDialog().then((component) => {
      setSearchDialog(() => component);
      setSearchOpen(true);
    });
  }, []);
  useSearchShortcut(openSearch);

  const resolution = resolvePage(catalogue.groups, params);
  // Reference data for a page the catalogue does not list (a generated test spec) still opens.
  const pageRef: PageRef | null = resolution.found
    ? resolution.page
    : resolution.subcategory && hasPage(resolution.category, resolution.subcategory)
      ? { category: resolution.category, subcategory: resolution.subcategory, title: resolution.subcategory, groupTitle: resolution.category }
      : null;

  return (
    <>
      {pageRef && hasPage(pageRef.category, pageRef.subcategory) ? (
        <Suspense fallback={<PageLoading pageRef={pageRef} />}>
          <LoadedPage key={`${pageRef.category}-${pageRef.subcategory}`} pageRef={pageRef} onSearch={openSearch} />
        </Suspense>
      ) : (
        <NoSuchPage
          groups={catalogue.groups}
          category={resolution.found ? resolution.page.category : resolution.category}
          subcategory={resolution.found ? resolution.page.subcategory : resolution.subcategory}
        />
      )}
      {SearchDialog ? <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} /> : null}
    </>
  );
}
