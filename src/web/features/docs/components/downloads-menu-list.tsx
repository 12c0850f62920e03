/**
 * The "All downloads" menu itself: every file of every scope, the user's own API first. Loaded on the
 * first hover, focus or click of its button: MUI's Menu (with Popover and Modal) is not needed to show a
 * reference page, only to open this menu.
 */
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { EXPORT_FILES, EXPORT_SCOPES, downloadHref, scopeTitle, type ExportScope } from '../../../../shared/portal-data/downloads';

interface DownloadsMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  scope: ExportScope;
  onClose: () => void;
}

export default function DownloadsMenuList({ id, anchor, scope, onClose }: DownloadsMenuListProps) {
  const scopes = [scope, ...EXPORT_SCOPES.filter((other) => other !== scope)];
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {scopes.flatMap((each) => [
        <ListSubheader key={`${each}-title`}>{scopeTitle(each)}</ListSubheader>,
        ...EXPORT_FILES.map((file) => (
          <MenuItem
            key={`${each}-${file.file}`}
            component="a"
            href={downloadHref(each, file.file)}
            download
            onClick={onClose}
            aria-label={`${scopeTitle(each)} ${file.label}`}
          >
            {file.label}
          </MenuItem>
        )),
      ])}
    </Menu>
  );
}
