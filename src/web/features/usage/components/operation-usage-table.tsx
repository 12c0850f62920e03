/** Calls, error rate and p95 per operation over the range, busiest first. */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { operations } from '../../../../generated/api';
import { BreakableText } from '../../../components/breakable-text';
import { camelCaseParts } from '../../../lib/break-points';
import { formatErrorRate } from '../../../lib/token-usage';
import { formatMs } from '../lib/status-explanation';

export type OperationUsage = operations['listOperationUsage']['responses'][200]['content']['application/json']['data'][number];

export function OperationUsageTable({ rows }: { rows: OperationUsage[] }) {
  if (rows.length === 0) return <Typography color="text.secondary">No operations called in this range.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Calls per operation">
        <TableHead>
          <TableRow>
            <TableCell>Operation</TableCell>
            <TableCell align="right">Calls</TableCell>
            <TableCell align="right">Error rate</TableCell>
            <TableCell align="right">p95</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.operationId}>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                <BreakableText parts={camelCaseParts(row.operationId)} />
              </TableCell>
              <TableCell align="right">{row.calls.toLocaleString()}</TableCell>
              <TableCell align="right">{formatErrorRate(row.errorRate)}</TableCell>
              <TableCell align="right">{formatMs(row.p95Ms)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
