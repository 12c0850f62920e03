/**
 * /usage: the logged-in user's public API calls. Filters (in the URL), the chart of calls over time with
 * the range's totals, calls per operation, and the request log with its detail; Download CSV of the
 * filtered log with a progress indicator. The newest log page updates itself while the screen is open.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { PageHeader } from '../../../components/page-header';
import { countOf } from '../../../../shared/plural';
import { useTokenUsage } from '../../../lib/token-usage';
import { downloadRequestLogCsv } from '../api/download-csv';
import { useOperationChoices, useOperationUsage, useRequestLog, useUsageSeries } from '../api/usage-queries';
import { filtersToParams, parseFilters, rangeBounds, type UsageFilters } from '../lib/usage-filters';
import { OperationUsageTable } from './operation-usage-table';
import { RequestDetailDialog } from './request-detail-dialog';
import { RequestLogTable, type RequestLogEntry } from './request-log-table';
import { UsageChart } from './usage-chart';
import { UsageFilterBar } from './usage-filter-bar';
import { UsageTotals } from './usage-totals';

function Section({ title, children, actions }: { title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  const id = `usage-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={id} variant="h2" component="h2" sx={{ mr: 'auto' }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

export function UsageScreen() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  /** Cursors of the pages below the newest one, newest first; empty: the newest page. */
  const [cursors, setCursors] = useState<string[]>([]);
  const [open, setOpen] = useState<RequestLogEntry | undefined>(undefined);
  const [download, setDownload] = useState<{ rows: number; done: boolean; error?: string } | undefined>(undefined);

  const tokens = useTokenUsage();
  const environments = useMemo(() => new Map((tokens.data ?? []).map((token) => [token.tokenId, token.environment])), [tokens.data]);
  const series = useUsageSeries(filters);
  const operations = useOperationUsage(filters);
  const operationChoices = useOperationChoices(filters);
  const log = useRequestLog(filters, cursors[cursors.length - 1]);
  // The chart's time axis: fixed when the series arrives, so bars line up with the answer's buckets.
  const bounds = useMemo(() => rangeBounds(filters, series.dataUpdatedAt || Date.now()), [filters, series.dataUpdatedAt]);

  const setFilters = (next: UsageFilters) => {
    setCursors([]);
    setParams(filtersToParams(next), { replace: true });
  };
  const startDownload = () => {
    setDownload({ rows: 0, done: false });
    downloadRequestLogCsv(filters, (rows) => setDownload({ rows, done: false })).then(
      (rows) => setDownload({ rows, done: true }),
      (error: unknown) => setDownload({ rows: 0, done: true, error: error instanceof Error ? error.message : String(error) }),
    );
  };
  const downloading = download !== undefined && !download.done;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PageHeader title="Usage" description="Every call made with your API tokens: what it asked, what it got back, and how long it took." />
      <UsageFilterBar filters={filters} tokens={tokens.data ?? []} operations={operationChoices.data ?? []} onChange={setFilters} />
      <Section title="Requests over time">
        {series.isError ? <Alert severity="error">{series.error.message}</Alert> : null}
        {series.data ? (
          <>
            <UsageChart series={series.data} from={new Date(bounds.from)} to={new Date(bounds.to)} />
            <UsageTotals totals={series.data.totals} statusFiltered={filters.status !== undefined} />
          </>
        ) : (
          <Skeleton variant="rounded" height={260} />
        )}
      </Section>
      <Section title="Calls per operation">
        {operations.data ? <OperationUsageTable rows={operations.data} /> : <Skeleton variant="rounded" height={80} />}
      </Section>
      <Section
        title="Request log"
        actions={
          <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={startDownload} loading={downloading}>
            Download CSV
          </Button>
        }
      >
        {download ? (
          <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {downloading ? <LinearProgress aria-label="Download progress" /> : null}
            <Typography variant="body2" color={download.error ? 'error' : 'text.secondary'}>
              {download.error ?? (download.done ? `Downloaded ${countOf(download.rows, 'row')}.` : `Downloading… ${countOf(download.rows, 'row')} so far`)}
            </Typography>
          </Box>
        ) : null}
        {log.isError ? <Alert severity="error">{log.error.message}</Alert> : null}
        {log.data ? (
          <RequestLogTable
            rows={log.data.data}
            environments={environments}
            onOpen={setOpen}
            hasNewer={cursors.length > 0}
            hasOlder={log.data.nextCursor !== null}
            onNewer={() => setCursors((stack) => stack.slice(0, -1))}
            onOlder={() => {
              const next = log.data?.nextCursor;
              if (next) setCursors((stack) => [...stack, next]);
            }}
          />
        ) : (
          <Skeleton variant="rounded" height={200} />
        )}
      </Section>
      <RequestDetailDialog entry={open} environment={open === undefined ? undefined : environments.get(open.tokenId)} onClose={() => setOpen(undefined)} />
    </Box>
  );
}
