/**
 * The header of every documentation page: title, the base URL with a copy button, search, the explorer,
 * and the downloads that `npm run export` produces (public API only).
 */
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import ExploreIcon from '@mui/icons-material/ExploreOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { CopyButton } from '../../../components/copy-button';
import { PageHeader } from '../../../components/page-header';

export const DOWNLOADS = [
  { file: 'openapi.yaml', label: 'OpenAPI YAML' },
  { file: 'openapi.json', label: 'OpenAPI JSON' },
  { file: 'postman-collection.json', label: 'Postman collection' },
  { file: 'reference.html', label: 'HTML reference' },
] as const;

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const neverChanges = () => () => undefined;
export const SEARCH_SHORTCUT = isMac() ? '⌘K' : 'Ctrl K';

/** The shortcut's label; a page rendered ahead of time says Ctrl K, and a Mac shows ⌘K once hydrated. */
function useSearchShortcutLabel(): string {
  return useSyncExternalStore(neverChanges, () => SEARCH_SHORTCUT, () => 'Ctrl K');
}

interface DocsHeaderProps {
  title: string;
  eyebrow: string;
  baseUrl: string;
  onSearch: () => void;
}

export function DocsHeader({ title, eyebrow, baseUrl, onSearch }: DocsHeaderProps) {
  const shortcut = useSearchShortcutLabel();
  return (
    <header>
      <PageHeader
        title={title}
        description={eyebrow}
        actions={
          <Button variant="outlined" size="small" startIcon={<SearchIcon />} onClick={onSearch} aria-keyshortcuts="Control+K Meta+K">
            Search<span className="kbd" aria-hidden>{shortcut}</span>
          </Button>
        }
      />
      <div className="base-url">
        <span className="base-url-label">Base URL</span>
        <code data-testid="base-url">{baseUrl}</code>
        <CopyButton label="Copy base URL" text={baseUrl} variant="text" />
      </div>
      <nav aria-label="Downloads and explorer" className="toolbar" style={{ marginTop: 12 }}>
        {DOWNLOADS.map((download) => (
          <Button key={download.file} component="a" href={`/downloads/${download.file}`} download size="small" startIcon={<DownloadIcon />}>
            {download.label}
          </Button>
        ))}
        <Button component={Link} to="/documentation/explorer" size="small" startIcon={<ExploreIcon />}>
          Explorer (Swagger UI)
        </Button>
      </nav>
    </header>
  );
}
