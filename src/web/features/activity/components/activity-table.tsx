/**
 * The activity log, newest first: time (the exact instant in its tooltip), event, details in words, token
 * (with its environment),
 * IP address and browser (the full user agent in its tooltip). Below 900 px each row becomes a stacked
 * block with each value beside its column's name, so nothing is cut or scrolled sideways on a phone.
 * Newer/Older page by keyset.
 */
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EnvironmentChip } from '../../../components/environment-chip';
import { KeysetPager } from '../../../components/keyset-pager';
import { browserName } from '../../../lib/browser-name';
import { DateTimeText } from '../../../components/date-time-text';
import { monospace } from '../../../theme/theme';
import type { ActivityEvent } from '../api/list-activity';
import { detailsText, EVENT_LABELS } from '../lib/activity-text';

/** Events that call for attention are drawn in the error colour. */
const ALARMING = new Set<ActivityEvent['type']>(['sign_in_failed', 'token_revoked_leaked', 'account_closed']);

/** Below md, the table reads as a list: rows are blocks, and each cell names its column (data-label). */
const stacked = (theme: Theme) => ({
  '& th, & td': { px: { xs: 1, sm: 2 } },
  // Every cell's first line on one baseline: centred, the smaller monospace address sat above the words beside it.
  '& td': { verticalAlign: 'baseline' },
  [theme.breakpoints.down('md')]: {
    '& thead': { display: 'none' },
    '& tbody, & tr, & td': { display: 'block' },
    '& tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
    '& td': { border: 0, py: 0.25, px: 0 },
    // Name and value side by side: a phone shows an event in about five short lines, not ten.
    '& td[data-label]': { display: 'grid', gridTemplateColumns: '6.5rem minmax(0, 1fr)', columnGap: 1, alignItems: 'baseline' },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      // The IP address cell is monospace; its name is not.
      fontFamily: theme.typography.fontFamily,
      color: 'text.secondary',
      fontSize: '0.75rem',
      textTransform: 'uppercase',
      letterSpacing: '0.05em',
    },
  },
});

const NONE = '–';

function TokenCell({ event }: { event: ActivityEvent }) {
  if (event.tokenId === null) return <>{NONE}</>;
  return (
    <>
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {event.tokenTitle ?? 'Unknown token'}
      </Box>{' '}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        (id {event.tokenId})
      </Typography>
      {event.tokenEnvironment === null ? null : (
        <>
          {' '}
          <EnvironmentChip environment={event.tokenEnvironment} />
        </>
      )}
    </>
  );
}

interface ActivityTableProps {
  rows: ActivityEvent[];
  hasNewer: boolean;
  hasOlder: boolean;
  onNewer: () => void;
  onOlder: () => void;
}

export function ActivityTable({ rows, hasNewer, hasOlder, onNewer, onOlder }: ActivityTableProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          No activity in this range.
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Activity" sx={stacked}>
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>Event</TableCell>
                <TableCell>Details</TableCell>
                <TableCell>Token</TableCell>
                <TableCell>IP address</TableCell>
                <TableCell>Browser</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((event) => {
                const details = detailsText(event.type, event.details);
                return (
                  <TableRow key={event.id}>
                    <TableCell sx={{ whiteSpace: { md: 'nowrap' } }}>
                      <DateTimeText iso={event.time} />
                    </TableCell>
                    <TableCell data-label="Event" sx={{ fontWeight: 600, color: ALARMING.has(event.type) ? 'error.main' : undefined, minWidth: { md: 140 } }}>
                      <span>{EVENT_LABELS[event.type]}</span>
                    </TableCell>
                    <TableCell data-label="Details" sx={{ overflowWrap: 'anywhere', minWidth: { md: 200 } }}>
                      <span>{details === '' ? NONE : details}</span>
                    </TableCell>
                    <TableCell data-label="Token">
                      <span>
                        <TokenCell event={event} />
                      </span>
                    </TableCell>
                    <TableCell data-label="IP address" sx={{ fontFamily: monospace, fontSize: 13, overflowWrap: 'anywhere', whiteSpace: { md: 'nowrap' } }}>
                      <span>{event.ipAddress ?? NONE}</span>
                    </TableCell>
                    <TableCell data-label="Browser">
                      <span title={event.userAgent ?? undefined}>{event.userAgent === null ? NONE : browserName(event.userAgent)}</span>
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
