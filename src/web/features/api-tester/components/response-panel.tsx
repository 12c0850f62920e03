/**
 * The response: status, time, size, the rate-limit chip and a copy button above the response in one of
 * three views, JSON, Table or Headers (at most 800 px high, scrolling), with Download CSV; 'No response
 * yet' before any call; a red alert with the response's message, or the error's own message; a
 * plain-words explanation for a 401, a 403 and a 429 (status-help.tsx); Previous/Next for list responses.
 */
import { useMemo, useState, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { RESPONSE_PANEL_MAX_HEIGHT_PX } from '../../../../shared/limits';
import { CopyButton } from '../../../components/copy-button';
import { messageOf } from '../../../lib/api-error';
import type { TesterResponse } from '../api/call-public-api';
import { responseFields } from '../../../../generated/response-fields';
import { readRateLimit } from '../lib/rate-limit';
import { formatBytes, formatDuration, listEnvelope } from '../lib/response-info';
import { columnsOf, rowsOf } from '../lib/table-columns';
import { CsvDownload, type FetchPage } from './csv-download';
import { ListPager } from './list-pager';
import { RateLimitChip } from './rate-limit-gauge';
import { RESPONSE_VIEWS, ResponseView, type ResponseViewName, type TableData } from './response-views';
import { responseBoxSx } from './response-box';
import { StatusHelp } from './status-help';

export const NO_RESPONSE = 'No response yet';

interface ResponsePanelProps {
  response: TesterResponse | undefined;
  /** A failure without a response (network error, timeout, abort). */
  error: Error | null;
  running: boolean;
  /** Set when list rows can be opened in detail view. */
  onOpenId?: (id: string) => void;
  onPage: (page: number) => void;
  /** Fetches another page of the call shown (same token and size), for "Download CSV: all pages". */
  fetchPage?: FetchPage;
  /** The panel, scrolled into view when an answer arrives off screen. */
  ref?: Ref<HTMLElement>;
}

function ErrorAlert({ response, error }: { response: TesterResponse | undefined; error: Error | null }) {
  if (error) {
    return (
      <Alert severity="error" variant="filled">
        {error.message}
      </Alert>
    );
  }
  if (!response || response.ok) return null;
  const message = messageOf(response.body) ?? `${response.status} ${response.statusText}`.trim();
  return (
    <Alert severity="error" variant="filled">
      {response.status === 401 ? <AlertTitle>401 Unauthorized</AlertTitle> : null}
      {response.status === 403 ? <AlertTitle>403 Forbidden</AlertTitle> : null}
      {response.status === 429 ? <AlertTitle>429 Too Many Requests</AlertTitle> : null}
      {message}
    </Alert>
  );
}

/** The spec's shape for the operation answered, and the rows of this response: only for a successful JSON answer. */
function tableOf(response: TesterResponse | undefined): TableData | null {
  const shape = response?.ok && response.isJson ? responseFields[response.operation.operationId] : undefined;
  if (!response || !shape) return null;
  return { rows: shape.rows, columns: columnsOf(shape.fields), items: rowsOf(shape, response.body) };
}

/** Beside Status when the API answered 304: the body shown is the last call's, confirmed current. */
function NotModifiedChip({ response }: { response: TesterResponse }) {
  if (!response.notModified) return null;
  return (
    <Chip
      size="small"
      color="info"
      label="Unchanged since last call"
      title="The API answered 304 Not Modified to this call's If-None-Match: the data is unchanged since the last call, shown below. A 304 does not count against the rate limit."
    />
  );
}

export function ResponsePanel({ response, error, running, onOpenId, onPage, fetchPage, ref }: ResponsePanelProps) {
  const envelope = response?.ok ? listEnvelope(response.body) : null;
  const [view, setView] = useState<ResponseViewName>('json');
  const table = useMemo(() => tableOf(response), [response]);
  const rateLimit = useMemo(() => (response ? readRateLimit(new Headers(response.headers)) : null), [response]);
  const shape = response ? responseFields[response.operation.operationId] : undefined;
  return (
    <Paper
      variant="outlined"
      component="section"
      ref={ref}
      aria-labelledby="response-heading"
      // Clear of the sticky top bar when scrolled to.
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0, gridRow: { lg: 'span 2' }, scrollMarginTop: 72 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="response-heading" variant="h2" component="h2" sx={{ mr: 'auto' }}>
          Response
        </Typography>
        {response ? (
          <Stack direction="row" spacing={1} useFlexGap aria-label="Response summary" role="group" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" color={response.ok ? 'success' : 'error'} label={`Status ${response.status}`} />
            <NotModifiedChip response={response} />
            <Chip size="small" variant="outlined" label={`Time ${formatDuration(response.durationMs)}`} />
            {/* The copy button wraps with the last chips, never onto a line of its own. */}
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
              <Chip size="small" variant="outlined" label={`Size ${formatBytes(response.sizeBytes)}`} />
              {rateLimit ? <RateLimitChip state={rateLimit} receivedAt={response.receivedAt} /> : null}
              <CopyButton label="Copy response" text={() => (response.isJson ? JSON.stringify(response.body, null, 2) : response.text)} />
            </Stack>
          </Stack>
        ) : null}
      </Box>
      <ErrorAlert response={response} error={error} />
      {response ? <StatusHelp response={response} /> : null}
      {response ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Tabs value={view} onChange={(_, next: ResponseViewName) => setView(next)} aria-label="Response view" sx={{ minHeight: 40 }}>
            {RESPONSE_VIEWS.map((option) => (
              <Tab
                key={option.value}
                value={option.value}
                label={option.label}
                id={`response-tab-${option.value}`}
                aria-controls="response-body"
                sx={{ minHeight: 40, py: 1 }}
              />
            ))}
          </Tabs>
          {table && table.items.length > 0 ? (
            <CsvDownload
              key={response.receivedAt}
              response={response}
              columns={table.columns}
              rows={table.items}
              rowsOf={(body) => (shape ? rowsOf(shape, body) : [])}
              fetchPage={table.rows === 'list' ? fetchPage : undefined}
            />
          ) : null}
        </Box>
      ) : null}
      <Box
        id="response-body"
        role="region"
        aria-label="Response body"
        aria-busy={running}
        tabIndex={0}
        sx={{ ...responseBoxSx(running), maxHeight: RESPONSE_PANEL_MAX_HEIGHT_PX, minHeight: 160, p: { xs: 1, sm: 2 } }}
      >
        {response ? (
          <ResponseView view={view} response={response} table={table} rateLimit={rateLimit} onOpenId={envelope ? onOpenId : undefined} />
        ) : (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 5 }}>
            {running ? 'Calling the API…' : NO_RESPONSE}
          </Typography>
        )}
      </Box>
      {envelope ? <ListPager envelope={envelope} running={running} onPage={onPage} /> : null}
    </Paper>
  );
}
