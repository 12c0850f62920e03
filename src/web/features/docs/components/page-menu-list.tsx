/** The page menu's items (page-menu.tsx): loaded on first use, with the question whether the reference is public. */
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { pageMarkdownPath } from '../../../../shared/portal-data/agent-docs';
import type { PageAddress } from '../../../../shared/portal-data/links';
import { useToast } from '../../../components/toasts';
import { usePortalSettings } from '../../../lib/portal-settings';
import { assistantPrompt, chatGptHref, claudeHref } from '../lib/assistant-links';

interface PageMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  page: PageAddress;
  onClose: () => void;
}

export default function PageMenuList({ id, anchor, page, onClose }: PageMenuListProps) {
  const settings = usePortalSettings();
  const { enqueueSnackbar } = useToast();
  const path = pageMarkdownPath(page);
  const prompt = assistantPrompt(window.location.origin + path);

  const copyPage = async () => {
    onClose();
    try {
      const response = await fetch(path, { headers: { accept: 'text/markdown' } });
      if (!response.ok) throw new Error(String(response.status));
      await navigator.clipboard.writeText(await response.text());
      enqueueSnackbar('Page copied as Markdown', { variant: 'success' });
    } catch {
      enqueueSnackbar('Could not copy the page', { variant: 'error' });
    }
  };

  const external = (label: string, href: string) => (
    <MenuItem key={label} component="a" href={href} target="_blank" rel="noopener noreferrer" onClick={onClose}>
      <ListItemIcon>
        <OpenInNewIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem onClick={() => void copyPage()}>
        <ListItemIcon>
          <ContentCopyIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText secondary="Markdown for AI assistants">Copy page</ListItemText>
      </MenuItem>
      <MenuItem component="a" href={path} target="_blank" rel="noopener" onClick={onClose}>
        <ListItemIcon>
          <ArticleIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>View as Markdown</ListItemText>
      </MenuItem>
      {settings.data?.publicDocs ? [external('Open in ChatGPT', chatGptHref(prompt)), external('Open in Claude', claudeHref(prompt))] : null}
    </Menu>
  );
}
