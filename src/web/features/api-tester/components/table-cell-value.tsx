/** One value in the Table view: an id opens its detail, arrays count and expand, the rest as text. */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { cellText } from '../lib/flatten-row';
import type { TableColumn } from '../lib/table-columns';
import { ArrayCell } from './array-cell';

interface TableCellValueProps {
  column: TableColumn;
  value: unknown;
  /** For labels: `row 3`, or the record for a detail. */
  where: string;
  /** Set on a list's `id` column: the id opens the detail call, as in the JSON view. */
  onOpenId?: (id: string) => void;
  onToggle?: (open: boolean) => void;
}

export function TableCellValue({ column, value, where, onOpenId, onToggle }: TableCellValueProps) {
  if (Array.isArray(value)) return <ArrayCell items={value} fields={column.items} label={`${column.key} of ${where}`} onToggle={onToggle} />;
  if (onOpenId && column.key === 'id' && (typeof value === 'number' || typeof value === 'string')) {
    const id = String(value);
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
