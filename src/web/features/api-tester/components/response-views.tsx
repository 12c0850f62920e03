/**
 * The response's three views: JSON (formatted, as before), Table (a list's rows in a grid, a detail as
 * field/value; columns from the spec's response fields) and Headers (every header and the rate-limit gauge).
 */
import { lazy, Suspense } from 'react';
import Typography from '@mui/material/Typography';
import { RESPONSE_PANEL_MAX_HEIGHT_PX } from '../../../../shared/limits';
import type { TesterResponse } from '../api/call-public-api';
import type { RateLimitState } from '../lib/rate-limit';
import type { TableColumn } from '../lib/table-columns';
import { DetailTable } from './detail-table';
import { HeadersView } from './headers-view';
import { JsonView } from './json-view';

const ListTable = lazy(() => import('./list-table'));

export type ResponseViewName = 'json' | 'table' | 'headers';

export const RESPONSE_VIEWS: { value: ResponseViewName; label: string }[] = [
  { value: 'json', label: 'JSON' },
  { value: 'table', label: 'Table' },
  { value: 'headers', label: 'Headers' },
];

/** The table's rows and columns, when the response has a shape in the spec and rows to show. */
export interface TableData {
  rows: 'list' | 'detail';
  columns: readonly TableColumn[];
  items: readonly unknown[];
}

/** Compact rows are 36 px, the header 56: the grid is as tall as its rows, within the panel's 800 px. */
export function gridHeight(rowCount: number): number {
  return Math.max(160, Math.min(RESPONSE_PANEL_MAX_HEIGHT_PX - 34, 58 + rowCount * 36));
}

function Message({ children }: { children: string }) {
  return (
    <Typography color="text.secondary" sx={{ textAlign: 'center', py: 5 }}>
      {children}
    </Typography>
  );
}

interface ResponseViewProps {
  view: ResponseViewName;
  response: TesterResponse;
  table: TableData | null;
  rateLimit: RateLimitState | null;
  onOpenId?: (id: string) => void;
}

export function ResponseView({ view, response, table, rateLimit, onOpenId }: ResponseViewProps) {
  if (view === 'headers') return <HeadersView headers={response.headers} rateLimit={rateLimit} receivedAt={response.receivedAt} />;
  if (view === 'json') return <JsonView value={response.body} onOpenId={onOpenId} rowId={response.operation.rowId} />;
  if (!table) return <Message>This response has no rows to show as a table.</Message>;
  if (table.rows === 'detail') return <DetailTable columns={table.columns} row={table.items[0]} />;
  if (table.items.length === 0) return <Message>This page has no rows.</Message>;
  return (
    <Suspense fallback={<Message>Loading the table…</Message>}>
      <ListTable columns={table.columns} rows={table.items} onOpenId={onOpenId} rowId={response.operation.rowId} height={gridHeight(table.items.length)} />
    </Suspense>
  );
}
