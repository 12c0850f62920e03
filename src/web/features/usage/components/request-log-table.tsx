/**
 * The request log, newest first: time (with its zone), token, method, operation with the path and query
 * under it, status, duration, size. On a phone the time, operation and status stay. Each row's time is a
 * button that opens the call's detail; Newer/Older page by keyset.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { KeysetPager } from '../../../components/keyset-pager';
import type { operations } from '../../../../generated/api';
import { BreakableText } from '../../../components/breakable-text';
import { camelCaseParts, pathParts } from '../../../lib/break-points';
import { formatLogTimeParts } from '../../../lib/format-date';
import { withEnvironment } from '../../../lib/token-display';
import type { TokenEnvironment } from '../../../../shared/token-environment';
import { formatBytes, formatMs } from '../lib/status-explanation';
import { StatusChip } from './status-chip';

export type RequestLogEntry = operations['listRequestLog']['responses'][200]['content']['application/json']['data'][number];

/** Columns that give way on a phone: time, operation and status stay. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/** "ERP sync", "ERP sync · Live", "Old script (deleted)"; the environment when the token list knows it. */
export function tokenLabel(entry: Pick<RequestLogEntry, 'tokenTitle' | 'tokenDeleted'>, environment?: TokenEnvironment): string {
  const title = withEnvironment(entry.tokenTitle ?? 'Unknown token', environment);
  return entry.tokenDeleted ? `${title} (deleted)` : title;
}

interface RequestLogTableProps {
  rows: RequestLogEntry[];
  /** Each token's environment by id, from the usage token list (a token deleted long ago is not in it). */
  environments: ReadonlyMap<number, TokenEnvironment>;
  onOpen: (entry: RequestLogEntry) => void;
  hasNewer: boolean;
  hasOlder: boolean;
  onNewer: () => void;
  onOlder: () => void;
}

export function RequestLogTable({ rows, environments, onOpen, hasNewer, hasOlder, onNewer, onOlder }: RequestLogTableProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          No calls match these filters. Calls made with your tokens appear here within seconds.
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Request log" sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell sx={WIDE_ONLY}>Token</TableCell>
                <TableCell sx={WIDE_ONLY}>Method</TableCell>
                <TableCell>Operation</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  Duration
                </TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  Size
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const { day, time } = formatLogTimeParts(row.time);
                return (
                  <TableRow key={row.id} hover sx={{ cursor: 'pointer' }} onClick={() => onOpen(row)}>
                    <TableCell>
                      <Link
                        component="button"
                        type="button"
                        variant="body2"
                        aria-label={`Details of the call at ${day} ${time}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(row);
                        }}
                        sx={{ textAlign: 'left', '& span': { display: 'block', whiteSpace: 'nowrap' } }}
                      >
                        <span>{day}</span> <span>{time}</span>
                      </Link>
                    </TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, color: row.tokenDeleted ? 'text.secondary' : undefined }}>
                      {tokenLabel(row, environments.get(row.tokenId))}
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{row.method}</TableCell>
                    <TableCell sx={{ minWidth: { md: 220 } }}>
                      <Box sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                        <BreakableText parts={camelCaseParts(row.operationId)} />
                      </Box>
                      <Box sx={{ fontFamily: 'monospace', fontSize: 12, color: 'text.secondary' }}>
                        <BreakableText parts={pathParts(row.path)} />
                      </Box>
                    </TableCell>
                    <TableCell>
                      <StatusChip status={row.status} />
                    </TableCell>
                    <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                      {formatMs(row.durationMs)}
                    </TableCell>
                    <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                      {formatBytes(row.responseBytes)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <KeysetPager hasNewer={hasNewer} hasOlder={hasOlder} onNewer={onNewer} onOlder={onOlder} />
    </Box>
  );
}
