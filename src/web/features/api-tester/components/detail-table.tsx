/** A detail response as a two-column field/value table, fields in the spec's order (dotted for nested ones). */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { monospace } from '../../../theme/theme';
import { valueAt } from '../lib/flatten-row';
import type { TableColumn } from '../lib/table-columns';
import { TableCellValue } from './table-cell-value';

export function DetailTable({ columns, row }: { columns: readonly TableColumn[]; row: unknown }) {
  return (
    <Table size="small" aria-label="Response fields" sx={{ '& td, & th': { verticalAlign: 'top' } }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 700, width: '40%' }}>Field</TableCell>
          <TableCell sx={{ fontWeight: 700 }}>Value</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {columns.map((column) => (
          <TableRow key={column.key}>
            <TableCell component="th" scope="row" sx={{ fontFamily: monospace, fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
              {column.key}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              <TableCellValue column={column} value={valueAt(row, column.path)} where="this record" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
