/**
 * The page menu in a reference page's header: the page for AI assistants (copy its Markdown, view it, and
 * when the reference is public open it in ChatGPT or Claude). The menu itself (page-menu-list.tsx) loads
 * on first hover, focus or click, so it adds nothing to the page's first load.
 */
import { Suspense, lazy, useId, useState } from 'react';
import Button from '@mui/material/Button';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { PageAddress } from '../../../../shared/portal-data/links';

const loadMenuList = () => import('./page-menu-list');
const PageMenuList = lazy(loadMenuList);

export function PageMenu({ page }: { page: PageAddress }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  return (
    <>
      <Button
        size="small"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label="Copy page, or open it as Markdown or in an assistant"
        onPointerEnter={() => void loadMenuList()}
        onFocus={() => void loadMenuList()}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        Copy page
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <PageMenuList id={menuId} anchor={anchor} page={page} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
