/**
 * The delivery log, newest attempt first: time, event, endpoint, outcome (status chip or error), duration,
 * next retry. Below 900 px each row becomes a stacked block with each value beside its column's name, as
 * the activity log does, so nothing is cut or scrolled sideways on a phone. Each row's time is a button that
 * opens its delivery; Newer/Older page by keyset.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BreakableText } from '../../../components/breakable-text';
import { KeysetPager } from '../../../components/keyset-pager';
import { pathParts } from '../../../lib/break-points';
import { formatDateTime, formatLogTimeParts } from '../../../lib/format-date';
import { monospace } from '../../../theme/theme';
import type { WebhookAttempt } from '../api/list-webhook-attempts';
import { eventLabel } from '../lib/event-types';
import { formatDuration } from '../lib/format-duration';
import { AttemptOutcome } from './attempt-outcome';

const NONE = '–';

const stacked = (theme: Theme) => ({
  '& th, & td': { px: { xs: 1, sm: 2 } },
  [theme.breakpoints.down('md')]: {
    '& thead': { display: 'none' },
    '& tbody, & tr, & td': { display: 'block' },
    '& tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
    '& td': { border: 0, py: 0.25, px: 0 },
    '& td[data-label]': { display: 'grid', gridTemplateColumns: '6.5rem minmax(0, 1fr)', columnGap: 1, alignItems: 'baseline' },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      fontFamily: theme.typography.fontFamily,
      color: 'text.secondary',
      fontSize: '0.75rem',
      textTransform: 'uppercase',
      letterSpacing: '0.05em',
    },
  },
});

interface DeliveryTableProps {
  rows: readonly WebhookAttempt[];
  onOpen: (attempt: WebhookAttempt) => void;
  hasNewer: boolean;
  hasOlder: boolean;
  onNewer: () => void;
  onOlder: () => void;
}

export function DeliveryTable({ rows, onOpen, hasNewer, hasOlder, onNewer, onOlder }: DeliveryTableProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          No deliveries match. Send a test event or run a simulation, and its delivery appears here within seconds.
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Delivery log" sx={stacked}>
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>Event</TableCell>
                <TableCell>Endpoint</TableCell>
                <TableCell>Outcome</TableCell>
                <TableCell align="right">Duration</TableCell>
                <TableCell>Next retry</TableCell>
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
                        aria-label={`Delivery of ${eventLabel(row.eventType)} at ${day} ${time}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(row);
                        }}
                        sx={{ textAlign: 'left', '& span': { display: { md: 'block' }, whiteSpace: 'nowrap' } }}
                      >
                        <span>{day}</span> <span>{time}</span>
                      </Link>
                    </TableCell>
                    <TableCell data-label="Event" sx={{ minWidth: { md: 180 } }}>
                      <Box>
                        <Box>{eventLabel(row.eventType)}</Box>
                        <Box sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>attempt {row.attempt}</Box>
                      </Box>
                    </TableCell>
                    <TableCell data-label="Endpoint" sx={{ fontFamily: monospace, fontSize: 13, minWidth: { md: 180 } }}>
                      <span>
                        <BreakableText parts={pathParts(row.endpointUrl)} />
                      </span>
                    </TableCell>
                    <TableCell data-label="Outcome">
                      <AttemptOutcome attempt={row} />
                    </TableCell>
                    <TableCell data-label="Duration" align="right" sx={{ whiteSpace: 'nowrap', textAlign: { xs: 'left', md: 'right' } }}>
                      <span>{formatDuration(row.durationMs)}</span>
                    </TableCell>
                    <TableCell data-label="Next retry" sx={{ whiteSpace: { md: 'nowrap' } }}>
                      <span>{row.nextAttemptDate === null ? NONE : formatDateTime(row.nextAttemptDate)}</span>
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
