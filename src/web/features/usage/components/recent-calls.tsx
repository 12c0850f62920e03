/**
 * The user's latest calls to one operation, from the request log (the Usage screen's own query, so new
 * calls appear within seconds): time, what it asked for (its id or page, so two calls of one operation are
 * told apart), status and duration, each opening that call in API Test.
 */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { catalogueOperations } from '../../../lib/operation-map';
import { monospace } from '../../../theme/theme';
import { useRequestLog } from '../api/usage-queries';
import { callTarget } from '../lib/call-target';
import { formatMs } from '../lib/status-explanation';
import { testerHrefForCall } from '../lib/tester-link';
import type { UsageFilters } from '../lib/usage-filters';
import { StatusChip } from './status-chip';

/** How many calls the list shows, and how far back it looks. */
const SHOWN = 5;
const RANGE: UsageFilters['range'] = '7d';

const timeFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

function Note({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

function CallTarget({ target }: { target: string }) {
  if (!target) return null;
  return (
    <Box component="span" sx={{ fontFamily: monospace, fontSize: 13, overflowWrap: 'anywhere' }}>
      {target}
    </Box>
  );
}

export function RecentCalls({ operationId }: { operationId: string }) {
  const log = useRequestLog({ range: RANGE, operation: operationId }, undefined);
  const calls = log.data?.data.slice(0, SHOWN);
  const operation = catalogueOperations.byId.get(operationId);
  return (
    <Box component="section" aria-labelledby={`${operationId}-recent-calls`} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4" id={`${operationId}-recent-calls`} sx={{ fontWeight: 700 }}>
        Your recent calls
      </Typography>
      {log.isError ? <Note>Your recent calls could not be loaded.</Note> : null}
      {!calls && !log.isError ? <Note>Loading your recent calls…</Note> : null}
      {calls?.length === 0 ? <Note>No calls to this operation in the last 7 days.</Note> : null}
      {calls && calls.length > 0 ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            Each opens in API Test.
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {calls.map((call) => (
              <li key={call.id}>
                <Link
                  component={RouterLink}
                  to={testerHrefForCall(call)}
                  underline="hover"
                  sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, py: 0.25 }}
                >
                  <Box component="time" dateTime={call.time} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {timeFormat.format(new Date(call.time))}
                  </Box>
                  <CallTarget target={callTarget(call.path, operation)} />
                  <StatusChip status={call.status} />
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {formatMs(call.durationMs)}
                  </Box>
                </Link>
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </Box>
  );
}
