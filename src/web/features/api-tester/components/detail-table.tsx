/** A detail response as a two-column field/value table, fields in the spec's order (dotted for nested ones). */
import { Fragment } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { monospace } from '../../../theme/theme';
import { valueAt } from '../lib/flatten-row';
import type { TableColumn } from '../lib/table-columns';
import { TableCellValue } from './table-cell-value';

/** `inventory.location` may break after its dot, never inside a name. */
function DottedName({ name }: { name: string }) {
  const parts = name.split('.');
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              .<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}

export function DetailTable({ columns, row }: { columns: readonly TableColumn[]; row: unknown }) {
  return (
    <Table size="small" aria-label="Response fields" sx={{ '& td, & th': { verticalAlign: 'top', px: { xs: 1, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 700, width: { sm: '40%' } }}>Field</TableCell>
          <TableCell sx={{ fontWeight: 700 }}>Value</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {columns.map((column) => (
          <TableRow key={column.key}>
            <TableCell component="th" scope="row" aria-label={column.key} sx={{ fontFamily: monospace, fontSize: '0.8125rem', overflowWrap: 'break-word' }}>
              <DottedName name={column.key} />
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
