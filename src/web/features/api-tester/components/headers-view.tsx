/** Every response header as received, with the rate-limit gauge above them when the response has one. */
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { monospace } from '../../../theme/theme';
import type { RateLimitState } from '../lib/rate-limit';
import { RateLimitGauge } from './rate-limit-gauge';

interface HeadersViewProps {
  headers: readonly [string, string][];
  rateLimit: RateLimitState | null;
  receivedAt: number;
}

export function HeadersView({ headers, rateLimit, receivedAt }: HeadersViewProps) {
  return (
    <Stack spacing={2}>
      {rateLimit ? <RateLimitGauge state={rateLimit} receivedAt={receivedAt} /> : null}
      <Table
        size="small"
        aria-label="Response headers"
        // Names break at their hyphens only; values (long policies) anywhere.
        sx={{
          '& td, & th': { fontFamily: monospace, fontSize: '0.8125rem', verticalAlign: 'top', px: { xs: 1, sm: 2 } },
          '& th': { overflowWrap: 'break-word' },
          '& td': { overflowWrap: 'anywhere' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700, width: '35%' }}>Header</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>Value</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {headers.map(([name, value], index) => (
            <TableRow key={`${name}-${index}`}>
              <TableCell component="th" scope="row">
                {name}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
