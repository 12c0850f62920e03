/** What a simulation did: each field that changed, before → after, the deliveries it queued, and the way to the log. */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { monospace } from '../../../theme/theme';
import type { SimulationResult } from '../api/run-simulation';

export function SimulationResultView({ result, what }: { result: SimulationResult; what: string }) {
  const changes = Object.entries(result.changes);
  const queued = result.deliveriesQueued;
  return (
    <Alert severity="success" role="status" sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {what}: #{result.resourceId}
      </Typography>
      {changes.length === 0 ? (
        <Typography variant="body2">Nothing changed.</Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.25 }}>
          {changes.map(([field, change]) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontFamily: monospace, fontSize: '0.8125rem' }}>
                {field}
              </Box>
              <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, fontSize: '0.875rem' }}>
                <span>{String(change.previous)}</span>
                <ArrowForwardIcon fontSize="inherit" aria-label="to" />
                <strong>{String(change.current)}</strong>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {queued === 0
          ? 'No webhook delivery was queued (no endpoint hears this event).'
          : `${queued} webhook ${queued === 1 ? 'delivery' : 'deliveries'} queued.`}{' '}
        <Link component={RouterLink} to="/webhooks" color="inherit" sx={{ fontWeight: 600 }}>
          Open the delivery log
        </Link>
      </Typography>
    </Alert>
  );
}
