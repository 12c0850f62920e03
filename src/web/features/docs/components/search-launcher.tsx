/**
 * The documentation search on every screen of the shell: Ctrl+K (Cmd+K on a Mac) opens it from anywhere,
 * also from inside a text field, `/` from outside one, and screens open it through useOpenSearch(). The dialog and the index
 * load on first use (the documentation screen preloads them when idle).
 */
import { useCallback, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { holdSearchKeys, isSearchKey, searchAsked } from '../../../lib/early-input';
import { SearchOpenerContext } from '../../../lib/search-opener';
import { loadSearchDialog, type SearchDialogComponent } from '../lib/load-search-dialog';

/** Listens from the commit on, not after the next paint (when effects run): a key pressed as soon as the screen shows is not lost. */
function useSearchShortcut(open: () => void): void {
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isSearchKey(event)) {
        event.preventDefault();
        open();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

export function SearchLauncher({ preferredCategory, children }: { preferredCategory?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [SearchDialog, setSearchDialog] = useState<SearchDialogComponent | null>(null);
  const openSearch = useCallback(() => {
    // Once loaded, the dialog opens within this very keypress: the keys typed right after Ctrl+K must replace
    // the selected last query. Waiting for import() (settled a task later) let them reach the input of the
    // dialog still closing from the last search, appended to that query.
    if (SearchDialog) {
      setOpen(true);
      return;
    }
    // The first time, the keys typed while the dialog loads are kept: its input takes them as its query.
    holdSearchKeys();
    void loadSearchDialog().then((component) => {
      setSearchDialog(() => component);
      setOpen(true);
    });
  }, [SearchDialog]);
  useSearchShortcut(openSearch);
  // A search asked for before the app ran (a page rendered at build time), with the keys typed since.
  useEffect(() => {
    if (searchAsked()) openSearch();
    // Once, when the page becomes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <SearchOpenerContext.Provider value={openSearch}>
      {children}
      {SearchDialog ? <SearchDialog open={open} onClose={() => setOpen(false)} preferredCategory={preferredCategory} /> : null}
    </SearchOpenerContext.Provider>
  );
}
