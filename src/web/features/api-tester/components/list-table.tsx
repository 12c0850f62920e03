/**
 * A list response as a grid (MUI X Data Grid, community edition): one row per `data` item, columns from
 * the spec in its order, sortable and resizable, rows and columns virtualised. An expanded array lets its
 * row grow. Loaded only when the Table view is first opened (the grid is the tester's largest dependency).
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { isRowIdField } from '../../../lib/row-detail-id';
import { cellText, valueAt } from '../lib/flatten-row';
import type { TableColumn } from '../lib/table-columns';
import { TableCellValue } from './table-cell-value';

interface GridRow {
  index: number;
  row: unknown;
}

interface ListTableProps {
  columns: readonly TableColumn[];
  rows: readonly unknown[];
  onOpenId?: (id: string) => void;
  /** Where a row holds its detail id (the operation's `x-row-id`); that column links, as in the JSON view. */
  rowId?: readonly string[] | null;
  /** The grid's height in px (it scrolls inside). */
  height: number;
}

/** What a column sorts by: numbers as numbers, arrays by their count, the rest as their text. */
function sortValue(column: TableColumn, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'number') return value;
  return cellText(value);
}

function needsComponent(column: TableColumn, linksIds: boolean, rowId: readonly string[]): boolean {
  return column.kind === 'array' || (linksIds && isRowIdField(column.path, rowId));
}

function widthOf(column: TableColumn): number {
  if (column.path.at(-1) === 'id') return 90;
  if (column.format === 'date-time') return 200;
  if (column.kind === 'integer' || column.kind === 'number' || column.kind === 'boolean') return 120;
  if (column.kind === 'array') return 240;
  return 170;
}

export default function ListTable({ columns, rows, onOpenId, rowId, height }: ListTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const gridRows = useMemo(() => rows.map((row, index): GridRow => ({ index, row })), [rows]);
  const gridColumns = useMemo(
    () =>
      columns.map((column, position): GridColDef<GridRow> => ({
        field: `c${position}`,
        headerName: column.key,
        width: widthOf(column),
        type: column.kind === 'integer' || column.kind === 'number' || column.kind === 'array' ? 'number' : 'string',
        align: 'left',
        headerAlign: 'left',
        valueGetter: (_value, gridRow) => sortValue(column, valueAt(gridRow.row, column.path)),
        // As the API sent it: no thousands separators in ids and quantities.
        valueFormatter: (value: string | number | null) => (value === null ? '' : String(value)),
        // Plain values render as the grid's own text (cheapest); only ids and arrays need a component.
        ...(needsComponent(column, onOpenId !== undefined, rowId ?? ['id'])
          ? {
              renderCell: ({ row: gridRow }) => (
                <TableCellValue
                  column={column}
                  value={valueAt(gridRow.row, column.path)}
                  where={`row ${gridRow.index + 1}`}
                  onOpenId={onOpenId}
                  rowId={rowId ?? ['id']}
                  onToggle={(open) =>
                    setExpanded((current) => {
                      const next = new Set(current);
                      if (open) next.add(gridRow.index);
                      else next.delete(gridRow.index);
                      return next;
                    })
                  }
                />
              ),
            }
          : {}),
      })),
    [columns, onOpenId, rowId],
  );

  return (
    <Box sx={{ height, width: '100%' }}>
      <DataGrid
        rows={gridRows}
        columns={gridColumns}
        getRowId={(gridRow) => gridRow.index}
        getRowHeight={({ id }) => (expanded.has(Number(id)) ? 'auto' : null)}
        density="compact"
        hideFooter
        disableRowSelectionOnClick
        disableColumnMenu
        aria-label="Response rows"
        sx={{ fontSize: '0.8125rem', '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 } }}
      />
    </Box>
  );
}
