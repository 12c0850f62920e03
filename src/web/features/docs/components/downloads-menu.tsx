/**
 * The reference pages' downloads: the files of the user's own API first ("Seller API: OpenAPI, Postman,
 * Insomnia, .http, types"), and every file of every scope (whole API, Seller, Warehouse) behind a button,
 * as a grid of formats by scope.
 * The list is the one `npm run export` writes (src/shared/portal-data/downloads.ts).
 */
import { Suspense, lazy, useId, useState } from 'react';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { EXPORT_FILES, HEADLINE_FILES, downloadHref, scopeTitle, type ExportScope } from '../../../../shared/portal-data/downloads';
import { familyOfUserType } from '../../../../shared/api-family';
import { useCurrentUser } from '../../../lib/current-user';

/** The user's own API; the whole API while the profile is unknown. */
const loadMenuList = () => import('./downloads-menu-list');
const DownloadsMenuList = lazy(loadMenuList);

function useOwnScope(): ExportScope {
  const user = useCurrentUser();
  return user.data ? familyOfUserType(user.data.userType) : 'all';
}

export function DownloadsMenu() {
  const scope = useOwnScope();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so closing keeps the menu's exit transition.
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const headline = HEADLINE_FILES.flatMap((name) => EXPORT_FILES.filter((file) => file.file === name));
  return (
    <>
      <span className="downloads-label">{scopeTitle(scope)}:</span>
      {headline.map((file) => (
        <Button
          key={file.file}
          component="a"
          href={downloadHref(scope, file.file)}
          download
          size="small"
          startIcon={<DownloadIcon />}
          aria-label={`${scopeTitle(scope)} ${file.label}`}
        >
          {file.short}
        </Button>
      ))}
      <Button
        size="small"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="dialog"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={() => void loadMenuList()}
        onFocus={() => void loadMenuList()}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        All downloads
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <DownloadsMenuList id={menuId} anchor={anchor} scope={scope} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
