/**
 * The header of every documentation page: title, the API's current version with a link to the changelog,
 * the base URL with a copy button, the page menu (its Markdown for AI assistants), search, the explorer, and the downloads that `npm run export` produces
 * (public API only; see downloads-menu.tsx).
 */
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import Button from '@mui/material/Button';
import ExploreIcon from '@mui/icons-material/ExploreOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { CopyButton } from '../../../components/copy-button';
import { PageHeader } from '../../../components/page-header';
import { catalogue } from '../../../../generated/catalogue';
import { documentationHref } from '../../../../shared/portal-data/links';
import { DownloadsMenu } from './downloads-menu';
import { PageMenu } from './page-menu';
import type { PageAddress } from '../../../../shared/portal-data/links';

/** The Changelog page (the tag marked `x-changelog: true` in openapi/openapi.yaml). */
const CHANGELOG_HREF = documentationHref(catalogue.changelogPage);

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const neverChanges = () => () => undefined;
export const SEARCH_SHORTCUT = isMac() ? '⌘K' : 'Ctrl K';

/** The shortcut's label; a page rendered ahead of time says Ctrl K, and a Mac shows ⌘K once hydrated. */
function useSearchShortcutLabel(): string {
  return useSyncExternalStore(
    neverChanges,
    () => SEARCH_SHORTCUT,
    () => 'Ctrl K',
  );
}

interface DocsHeaderProps {
  title: string;
  eyebrow: string;
  baseUrl: string;
  /** `info.version` of the public API. */
  apiVersion: string;
  /** This is the Changelog page: the version line does not link to the page it is on. */
  isChangelog?: boolean;
  onSearch: () => void;
  /** The page, for its Markdown copy (the page menu). */
  page: PageAddress;
}

export function DocsHeader({ title, eyebrow, baseUrl, apiVersion, isChangelog = false, onSearch, page }: DocsHeaderProps) {
  const shortcut = useSearchShortcutLabel();
  return (
    <header>
      <PageHeader
        title={title}
        description={eyebrow}
        actions={
          <>
            <PageMenu page={page} />
            <Button variant="outlined" size="small" startIcon={<SearchIcon />} onClick={onSearch} aria-keyshortcuts="Control+K Meta+K /" data-search-launcher>
              Search
              <span className="kbd keyboard-hint" aria-hidden>
                {shortcut}
              </span>
            </Button>
          </>
        }
      />
      <div className="base-url">
        <span className="base-url-label">Base URL</span>
        <code data-testid="base-url">{baseUrl}</code>
        <CopyButton label="Copy base URL" text={baseUrl} variant="text" />
      </div>
      <p className="api-version">
        API version <strong data-testid="api-version">{apiVersion}</strong>
        {isChangelog ? null : (
          <>
            {' · '}
            <Link to={CHANGELOG_HREF}>Changelog</Link>
          </>
        )}
      </p>
      <nav aria-label="Downloads and explorer" className="toolbar" style={{ marginTop: 12 }}>
        <DownloadsMenu />
        <Button component={Link} to="/documentation/explorer" size="small" startIcon={<ExploreIcon />}>
          Explorer (Swagger UI)
        </Button>
      </nav>
    </header>
  );
}
