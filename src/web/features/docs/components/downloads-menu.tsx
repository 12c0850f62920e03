/**
 * The reference pages' downloads: the files of the user's own API first ("Seller API: OpenAPI, Postman,
 * Insomnia, .http, types"), and every file of every scope (whole API, Seller, Warehouse) behind a menu.
 * The list is the one `npm run export` writes (src/shared/portal-data/downloads.ts).
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  EXPORT_FILES,
  EXPORT_SCOPES,
  HEADLINE_FILES,
  downloadHref,
  scopeTitle,
  type ExportScope,
} from '../../../../shared/portal-data/downloads';
import { familyOfUserType } from '../../../lib/api-domains';
import { useCurrentUser } from '../../../lib/current-user';

/** The user's own API; the whole API while the profile is unknown. */
function useOwnScope(): ExportScope {
  const user = useCurrentUser();
  return user.data ? familyOfUserType(user.data.userType) : 'all';
}

export function DownloadsMenu() {
  const scope = useOwnScope();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const headline = HEADLINE_FILES.flatMap((name) => EXPORT_FILES.filter((file) => file.file === name));
  // The user's own API first in the menu too.
  const scopes = [scope, ...EXPORT_SCOPES.filter((other) => other !== scope)];
  return (
    <>
      <span className="downloads-label">{scopeTitle(scope)}:</span>
      {headline.map((file) => (
        <Button key={file.file} component="a" href={downloadHref(scope, file.file)} download size="small" startIcon={<DownloadIcon />} aria-label={`${scopeTitle(scope)} ${file.label}`}>
          {file.short}
        </Button>
      ))}
      <Button
        size="small"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        All downloads
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {scopes.flatMap((each) => [
          <ListSubheader key={`${each}-title`}>{scopeTitle(each)}</ListSubheader>,
          ...EXPORT_FILES.map((file) => (
            <MenuItem key={`${each}-${file.file}`} component="a" href={downloadHref(each, file.file)} download onClick={() => setAnchor(null)} aria-label={`${scopeTitle(each)} ${file.label}`}>
              {file.label}
            </MenuItem>
          )),
        ])}
      </Menu>
    </>
  );
}
