/** One value in the Table view: an id opens its detail, arrays count and expand, the rest as text. */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { rowDetailId } from '../../../lib/row-detail-id';
import { cellText } from '../lib/flatten-row';
import type { TableColumn } from '../lib/table-columns';
import { ArrayCell } from './array-cell';

interface TableCellValueProps {
  column: TableColumn;
  value: unknown;
  /** For labels: `row 3`, or the record for a detail. */
  where: string;
  /** Set in a list: the row's id (at `rowId`) opens the detail call, by the JSON view's rule. */
  onOpenId?: (id: string) => void;
  /** Where a row holds its detail id (the operation's `x-row-id`). */
  rowId?: readonly string[];
  onToggle?: (open: boolean) => void;
}

export function TableCellValue({ column, value, where, onOpenId, rowId = ['id'], onToggle }: TableCellValueProps) {
  if (Array.isArray(value)) return <ArrayCell items={value} fields={column.items} label={`${column.key} of ${where}`} onToggle={onToggle} />;
  const id = onOpenId ? rowDetailId(column.path, value, rowId) : undefined;
  if (onOpenId && id !== undefined) {
    return (
      <Link
        component="button"
        type="button"
        underline="always"
        onClick={(event: React.MouseEvent) => {
          event.stopPropagation();
          onOpenId(id);
        }}
        aria-label={`Open ID ${id} in detail view`}
        sx={{ fontWeight: 700, fontSize: 'inherit', verticalAlign: 'baseline' }}
      >
        {id}
      </Link>
    );
  }
  if (value === null || value === undefined) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {value === null ? 'null' : ''}
      </Box>
    );
  }
  return <>{cellText(value)}</>;
}
