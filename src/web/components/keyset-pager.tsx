/** Newer and Older under a list paged by keyset (the request log, the activity log): no page numbers, only a direction. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

export interface KeysetPagerProps {
  hasNewer: boolean;
  hasOlder: boolean;
  onNewer: () => void;
  onOlder: () => void;
}

export function KeysetPager({ hasNewer, hasOlder, onNewer, onOlder }: KeysetPagerProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <Button size="small" variant="outlined" startIcon={<ChevronLeftIcon />} disabled={!hasNewer} onClick={onNewer}>
        Newer
      </Button>
      <Button size="small" variant="outlined" endIcon={<ChevronRightIcon />} disabled={!hasOlder} onClick={onOlder}>
        Older
      </Button>
    </Box>
  );
}
