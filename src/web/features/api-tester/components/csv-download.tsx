/**
 * Download CSV: this page, or all pages. "All pages" walks page 0 … lastPage with the response's size
 * (lib/page-walk.ts), shows its progress with Cancel, counts down while the rate limit makes it wait, and
 * says when a cap stopped it. The file has the Table view's columns.
 */
import { idValueOf } from '../lib/parameter-values';
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import type { TesterResponse } from '../api/call-public-api';
import { toCsv } from '../lib/csv';
import { csvFileName } from '../lib/csv-file-name';
import { downloadText } from '../lib/download-file';
import { MAX_WALK_PAGES, MAX_WALK_ROWS, walkPages, WalkError, type WalkProgress, type WalkResult } from '../lib/page-walk';
import type { TableColumn } from '../lib/table-columns';

export type FetchPage = (page: number, signal: AbortSignal) => Promise<TesterResponse>;

interface CsvDownloadProps {
  response: TesterResponse;
  columns: readonly TableColumn[];
  /** The rows of this response (one for a detail). */
  rows: readonly unknown[];
  /** Turns a page's body into rows. */
  rowsOf: (body: unknown) => unknown[];
  /** Set for list responses: fetches another page of the same call (same token and size). */
  fetchPage?: FetchPage;
}

type Outcome = { kind: 'note' | 'error'; text: string } | null;

const CSV_TYPE = 'text/csv;charset=utf-8';
const number = (value: number) => value.toLocaleString('en-US');

function noteFor(result: WalkResult): Outcome {
  if (result.stop === 'cancelled') return { kind: 'note', text: 'Download cancelled: no file was saved.' };
  if (result.stop === 'row-cap')
    return {
      kind: 'note',
      text: `Stopped at ${number(MAX_WALK_ROWS)} rows, the most one download holds: the file has the first ${number(result.rows.length)} rows of ${number(result.listPages)} pages.`,
    };
  if (result.stop === 'page-cap')
    return {
      kind: 'note',
      text: `Stopped after ${MAX_WALK_PAGES} pages, the most one download asks for: the file has the first ${number(result.rows.length)} rows of ${number(result.listPages)} pages. A larger size fetches more rows per page.`,
    };
  return null;
}

function progressText(progress: WalkProgress): string {
  const of = progress.totalPages === null ? '' : ` of ${progress.totalPages}`;
  const where = `page ${progress.pages}${of}, ${number(progress.rows)} rows`;
  if (progress.waitingSeconds !== undefined) return `Rate limit reached: waiting ${progress.waitingSeconds} s (${where})`;
  return `Downloading ${where}`;
}

export function CsvDownload({ response, columns, rows, rowsOf, fetchPage }: CsvDownloadProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<WalkProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const walk = useRef<AbortController | null>(null);
  // A walk stops when the panel goes away (another call, another screen).
  useEffect(() => () => walk.current?.abort(), []);

  const fileName = () => csvFileName(response.operation, new Date(), idValueOf(response.operation, response.values));
  const saveThisPage = () => {
    setMenuAnchor(null);
    setOutcome(null);
    downloadText(fileName(), toCsv(columns, rows), CSV_TYPE);
  };
  const saveAllPages = async () => {
    setMenuAnchor(null);
    if (!fetchPage) return;
    const controller = new AbortController();
    walk.current = controller;
    setOutcome(null);
    setProgress({ pages: 0, totalPages: null, rows: 0 });
    try {
      const result = await walkPages({
        signal: controller.signal,
        rowsOf,
        onProgress: setProgress,
        fetchPage: async (page, signal) => {
          const answer = await fetchPage(page, signal);
          return { status: answer.status, body: answer.body, headers: new Headers(answer.headers) };
        },
      });
      if (result.stop !== 'cancelled') downloadText(fileName(), toCsv(columns, result.rows), CSV_TYPE);
      setOutcome(noteFor(result));
    } catch (error) {
      if (controller.signal.aborted) return;
      const text =
        error instanceof WalkError ? `Page ${error.page} answered ${error.status}: ${error.message}` : error instanceof Error ? error.message : String(error);
      setOutcome({ kind: 'error', text: `Download stopped. ${text}` });
    } finally {
      if (walk.current === controller) walk.current = null;
      setProgress(null);
    }
  };

  const walking = progress !== null;
  // A fragment: the button sits at the end of the panel's view bar, progress and notes take their own lines.
  return (
    <>
      <Box sx={{ ml: 'auto' }}>
        {fetchPage ? (
          <>
            <Button
              size="small"
              variant="outlined"
              startIcon={<DownloadIcon />}
              endIcon={<ArrowDropDownIcon />}
              disabled={walking}
              aria-haspopup="menu"
              aria-controls={menuAnchor ? 'csv-menu' : undefined}
              aria-expanded={menuAnchor ? true : undefined}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              Download CSV
            </Button>
            <Menu id="csv-menu" anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
              <MenuItem onClick={saveThisPage}>
                <ListItemText primary="This page" secondary={`${number(rows.length)} rows`} />
              </MenuItem>
              <MenuItem onClick={() => void saveAllPages()}>
                <ListItemText primary="All pages" secondary={`Up to ${number(MAX_WALK_ROWS)} rows or ${MAX_WALK_PAGES} pages`} />
              </MenuItem>
            </Menu>
          </>
        ) : (
          <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={saveThisPage}>
            Download CSV
          </Button>
        )}
      </Box>
      {walking ? (
        <Box role="status" sx={{ flexBasis: '100%', display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {progressText(progress)}
            </Typography>
            <LinearProgress
              variant={progress.totalPages ? 'determinate' : 'indeterminate'}
              color={progress.waitingSeconds !== undefined ? 'warning' : 'primary'}
              value={progress.totalPages ? (progress.pages / progress.totalPages) * 100 : 0}
              aria-label="Pages downloaded"
            />
          </Box>
          <Button size="small" color="inherit" variant="outlined" onClick={() => walk.current?.abort()}>
            Cancel
          </Button>
        </Box>
      ) : null}
      {outcome ? (
        <Alert severity={outcome.kind === 'error' ? 'error' : 'info'} variant="outlined" onClose={() => setOutcome(null)} sx={{ flexBasis: '100%' }}>
          {outcome.text}
        </Alert>
      ) : null}
    </>
  );
}
