/**
 * The "All downloads" panel itself: every file of every scope as a compact grid, one row per format and
 * one column per scope (the user's own API first), so all of it fits a 768 px tall screen. Loaded on the
 * first hover, focus or click of its button: MUI's Popover (with Modal) is not needed to show a reference
 * page, only to open this panel.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { EXPORT_FILES, EXPORT_SCOPES, downloadHref, scopeTitle, type ExportScope } from '../../../../shared/portal-data/downloads';

interface DownloadsMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  scope: ExportScope;
  onClose: () => void;
}

export default function DownloadsMenuList({ id, anchor, scope, onClose }: DownloadsMenuListProps) {
  // The user's own API, the other API, then the whole API.
  const scopes = [scope, ...EXPORT_SCOPES.filter((other) => other !== scope && other !== 'all'), ...(scope === 'all' ? [] : (['all'] as const))];
  return (
    <Popover
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': 'All downloads', sx: { maxWidth: 'calc(100vw - 16px)', overflowX: 'auto' } } }}
    >
      <Box
        component="table"
        sx={{
          borderCollapse: 'collapse',
          fontSize: '0.875rem',
          m: 1,
          '& th, & td': { px: 1.5, py: 0.25, borderBottom: 1, borderColor: 'divider', textAlign: 'left', whiteSpace: 'nowrap' },
          '& thead th': { fontSize: '0.75rem', fontWeight: 700, color: 'text.secondary', py: 1 },
          '& tbody th': { fontWeight: 500 },
          '& td': { textAlign: 'center' },
          '& tr:last-child > *': { borderBottom: 0 },
        }}
      >
        <thead>
          <tr>
            <th scope="col">Format</th>
            {scopes.map((each) => (
              <th key={each} scope="col">
                {scopeTitle(each)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {EXPORT_FILES.map((file) => (
            <tr key={file.file}>
              <th scope="row">{file.label}</th>
              {scopes.map((each) => (
                <td key={each}>
                  <Link
                    href={downloadHref(each, file.file)}
                    download
                    onClick={onClose}
                    aria-label={`${scopeTitle(each)} ${file.label}`}
                    title={`${scopeTitle(each)} ${file.label}`}
                    sx={{ display: 'inline-flex', p: 0.5, borderRadius: 1 }}
                  >
                    <DownloadIcon fontSize="small" />
                  </Link>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Popover>
  );
}
