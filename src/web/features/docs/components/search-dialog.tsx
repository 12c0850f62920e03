/**
 * Ctrl/Cmd+K search over every page's operations, schemas, fields and guide sections (the generated search index,
 * loaded on first open). A combobox with a listbox of results: type, move with the arrow keys, Enter
 * opens the result, Escape closes; the mouse works too. Loaded lazily, so pages do not pay for it.
 */
import { useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import Dialog from '@mui/material/Dialog';
import SearchIcon from '@mui/icons-material/Search';
import { styled } from '@mui/material/styles';
import { loadPreparedSearchIndex } from '../lib/load-reference-page';
import type { SearchEntry } from '../../../../shared/portal-data/reference-page';
import { search, type PreparedEntry } from '../../../../shared/portal-data/search-ranking';
import type { SearchDialogProps } from '../lib/search-dialog-props';
import { BreakableText } from '../../../components/breakable-text';
import { takeSearch } from '../../../lib/early-input';
import { nameParts } from '../../../lib/break-points';

const KIND_LABEL: Record<SearchEntry['kind'], string> = {
  operation: 'Operation',
  event: 'Event',
  schema: 'Schema',
  field: 'Field',
  page: 'Page',
  section: 'Guide',
};

const Panel = styled('div')(({ theme }) => {
  // The theme uses CSS variables; `vars` is typed optional, the palette is the fallback with the same shape.
  const v = theme.vars ?? theme;
  return {
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '70vh',
    '.search-box': {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(1),
      padding: theme.spacing(1.5, 2),
      borderBottom: `1px solid ${v.palette.divider}`,
    },
    '.search-input': {
      flex: 1,
      font: 'inherit',
      fontSize: '1rem',
      border: 'none',
      outline: 'none',
      background: 'none',
      color: v.palette.text.primary,
      padding: theme.spacing(0.5, 0),
    },
    '.search-results': { listStyle: 'none', margin: 0, padding: theme.spacing(1), overflowY: 'auto' },
    '.search-option': {
      display: 'grid',
      gridTemplateColumns: '88px minmax(0, 1fr)',
      gap: theme.spacing(0.25, 1.5),
      padding: theme.spacing(1, 1.5),
      borderRadius: theme.shape.borderRadius,
      cursor: 'pointer',
    },
    '.search-option[aria-selected="true"]': { background: v.palette.action.selected },
    '.search-kind': {
      gridRow: 'span 2',
      fontSize: '0.75rem',
      fontWeight: 700,
      color: v.palette.text.secondary,
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
      paddingTop: 2,
    },
    // Wraps only at the <wbr>s after a slash or dot and between camelCase words, never inside a word.
    '.search-title': { fontFamily: 'monospace', fontWeight: 600, fontSize: '0.875rem', overflow: 'hidden', textOverflow: 'ellipsis' },
    '.search-detail': { fontSize: '0.8125rem', color: v.palette.text.secondary, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    // A phone has no room for the page and the detail on one line: the detail (a field's schema first) gets
    // a line of its own across the whole result, and the kind moves beside the page.
    [theme.breakpoints.down('sm')]: {
      '.search-option': {
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        gridTemplateAreas: '"title title" "kind page" "about about"',
        columnGap: theme.spacing(1),
      },
      '.search-kind': { gridArea: 'kind', paddingTop: 0, lineHeight: 'inherit', alignSelf: 'center' },
      '.search-title': { gridArea: 'title' },
      '.search-detail': { display: 'contents' },
      '.search-separator': { display: 'none' },
      '.search-page, .search-about': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
      '.search-page': { gridArea: 'page' },
      '.search-about': { gridArea: 'about' },
    },
    '.search-hint': { padding: theme.spacing(2, 2.5), color: v.palette.text.secondary, fontSize: '0.875rem', margin: 0 },
    '.visually-hidden': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    '.search-foot': { padding: theme.spacing(1, 2), borderTop: `1px solid ${v.palette.divider}`, fontSize: '0.75rem', color: v.palette.text.secondary },
  };
});

export default function SearchDialog({ open, onClose, preferredCategory }: SearchDialogProps) {
  const [prepared, setPrepared] = useState<PreparedEntry[] | null>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const deferredQuery = useDeferredValue(query);
  const navigate = useNavigate();
  const listId = useId();
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // Reopened with the last query: select it once per opening, so typing replaces it rather than appending.
  // The callback ref covers an input mounted by this opening (also one the dialog mounts again while the
  // reader types, after a reopening during the closing transition: it keeps the focus, not the selection);
  // the layout effect covers a reopening that keeps the same input. Layout effects run before the next
  // keystroke is handled; a plain effect may run after it and select what was typed since.
  const inputRef = useRef<HTMLInputElement | null>(null);
  const selectedThisOpening = useRef(false);
  const takeFocus = useCallback((input: HTMLInputElement | null) => {
    inputRef.current = input;
    if (!input) return;
    input.focus();
    // Keys typed before the dialog could open (its code was loading, or the app not yet running) are the
    // query in progress: taken once the input has the focus, so none falls between; the caret goes after them.
    const typed = takeSearch();
    if (typed) {
      setQuery(typed);
      selectedThisOpening.current = true;
    }
    if (selectedThisOpening.current) input.setSelectionRange(input.value.length, input.value.length);
    else input.select();
    selectedThisOpening.current = true;
  }, []);
  useLayoutEffect(() => {
    if (!open) {
      selectedThisOpening.current = false;
      return;
    }
    if (!selectedThisOpening.current) takeFocus(inputRef.current);
  }, [open, takeFocus]);

  useEffect(() => {
    let live = true;
    void loadPreparedSearchIndex().then((entries) => {
      if (live) setPrepared(entries);
    });
    return () => {
      live = false;
    };
  }, []);

  const results = useMemo(() => (prepared ? search(prepared, deferredQuery, { preferredCategory }) : []), [prepared, deferredQuery, preferredCategory]);
  const activeIndex = Math.min(active, Math.max(results.length - 1, 0));

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, results]);

  const choose = (entry: SearchEntry | undefined) => {
    if (!entry) return;
    onClose();
    void navigate(entry.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[activeIndex]);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start', pt: '10vh' } }}
    >
      <Panel>
        <h2 id={titleId} className="visually-hidden">
          Search the documentation
        </h2>
        <div className="search-box">
          <SearchIcon color="action" />
          <input
            className="search-input"
            ref={takeFocus}
            role="combobox"
            aria-label="Search operations, schemas and fields"
            aria-expanded={results.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results.length > 0 ? optionId(activeIndex) : undefined}
            placeholder="Search operations, schemas and fields"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
        </div>
        {query.trim() === '' ? (
          <p className="search-hint">Type a path, an operation, a schema or a field name, e.g. “inventory” or “returnReason”.</p>
        ) : prepared === null ? (
          <p className="search-hint">Loading the index…</p>
        ) : results.length === 0 && deferredQuery === query ? (
          <p className="search-hint" role="status">
            No results for “{query}”.
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label="Results" className="search-results" ref={listRef}>
          {results.map((entry, index) => (
            <li
              key={`${entry.kind}:${entry.href}:${entry.title}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className="search-option"
              onMouseMove={() => index !== activeIndex && setActive(index)}
              onClick={() => choose(entry)}
            >
              <span className="search-kind">{KIND_LABEL[entry.kind]}</span>
              <span className="search-title">
                <BreakableText parts={nameParts(entry.title)} />
              </span>
              <span className="search-detail">
                <span className="search-page">{entry.page}</span>
                <span className="search-separator"> · </span>
                <span className="search-about">{entry.detail}</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="search-foot keyboard-hint" aria-hidden>
          ↑ ↓ to move · Enter to open · Esc to close
        </div>
      </Panel>
    </Dialog>
  );
}
