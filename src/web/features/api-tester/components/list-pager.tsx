/**
 * Previous / Next under a list response, and where this page is: counted from 1 as people count ("Page 1
 * of 9"), with the API's own zero-based `page` beside it ("page=0", as the Page field and the URL hold it).
 * A page past `lastPage` (the API answers it with no rows) says so and offers the last page instead.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LastPageIcon from '@mui/icons-material/LastPage';
import type { ListEnvelope } from '../lib/response-info';

interface ListPagerProps {
  envelope: ListEnvelope;
  running: boolean;
  onPage: (page: number) => void;
}

/** Where the page is: "Page 1 of 9 · page=0". */
export function pagerText({ page, lastPage }: Pick<ListEnvelope, 'page' | 'lastPage'>): string {
  if (page > lastPage) return `page=${page} is past the last page (page=${lastPage})`;
  return `Page ${page + 1} of ${lastPage + 1} · page=${page}`;
}

export function ListPager({ envelope, running, onPage }: ListPagerProps) {
  const { page, lastPage } = envelope;
  const pastEnd = page > lastPage;
  return (
    <Box component="nav" aria-label="Pages" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      {pastEnd ? (
        <Button size="small" variant="outlined" startIcon={<LastPageIcon />} disabled={running} onClick={() => onPage(lastPage)}>
          Last page
        </Button>
      ) : (
        <Button size="small" variant="outlined" startIcon={<ChevronLeftIcon />} disabled={running || page <= 0} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
      )}
      {/* On a phone the text takes its own line above the two buttons. */}
      <Typography
        variant="body2"
        color="text.secondary"
        aria-live="polite"
        sx={{ textAlign: 'center', flexBasis: { xs: '100%', sm: 'auto' }, order: { xs: -1, sm: 0 } }}
      >
        {pagerText(envelope)}
      </Typography>
      <Button size="small" variant="outlined" endIcon={<ChevronRightIcon />} disabled={running || page >= lastPage} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Box>
  );
}
