/** The range's totals: calls, error rate, p50 and p95 server latency, busiest operation. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BreakableText } from '../../../components/breakable-text';
import { camelCaseParts } from '../../../lib/break-points';
import { formatErrorRate } from '../../../lib/token-usage';
import { formatMs } from '../lib/status-explanation';
import type { UsageSeries } from './usage-chart';

function Stat({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: '0.05em' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="h3" sx={{ m: 0, mt: 0.5, overflowWrap: 'break-word' }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** `statusFiltered`: the rollups keep latency per operation, not per status, so the server sends none. */
export function UsageTotals({ totals, statusFiltered }: { totals: UsageSeries['totals']; statusFiltered: boolean }) {
  return (
    <>
      <Box
        component="dl"
        aria-label="Totals for the range"
        sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' } }}
      >
        <Stat label="Calls" value={totals.calls.toLocaleString()} />
        <Stat label="Error rate" value={formatErrorRate(totals.errorRate)} />
        <Stat label="p50 latency" value={formatMs(totals.p50Ms)} />
        <Stat label="p95 latency" value={formatMs(totals.p95Ms)} />
        {/* An operationId wraps only between its camelCase words. */}
        <Stat label="Busiest operation" value={totals.busiestOperation ? <BreakableText parts={camelCaseParts(totals.busiestOperation)} /> : '–'} />
      </Box>
      {statusFiltered ? (
        <Typography variant="body2" color="text.secondary">
          Latency is kept per operation, not per status: clear the Status filter to see it.
        </Typography>
      ) : null}
    </>
  );
}
