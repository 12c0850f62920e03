/**
 * /activity: what happened to the account, from where. Filters and the page (its keyset cursors) live in
 * the URL; changing a filter goes back to the newest page. Download CSV takes the same filters.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { useActivity } from '../api/list-activity';
import { parseView, rangeProblem, viewToParams, type ActivityFilters } from '../lib/activity-filters';
import { ActivityFilterBar } from './activity-filter-bar';
import { ActivityTable } from './activity-table';

export function ActivityScreen() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseView(params), [params]);
  const { filters, cursors } = view;
  const activity = useActivity(filters, cursors.at(-1));

  const setFilters = (next: ActivityFilters) => setParams(viewToParams({ filters: next, cursors: [] }), { replace: true });
  const setCursors = (next: string[]) => setParams(viewToParams({ filters, cursors: next }));

  return (
    <Stack spacing={2}>
      <PageHeader title="Activity" description="Sign-ins, sessions and changes to your tokens, newest first, with the address and browser each came from." />
      <Paper variant="outlined" component="section" aria-label="Activity log" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <ActivityFilterBar filters={filters} onChange={setFilters} />
        {activity.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void activity.refetch()}>
                Retry
              </Button>
            }
          >
            The activity could not be loaded ({activity.error.message}).
          </Alert>
        ) : null}
        {activity.data ? (
          <ActivityTable
            rows={activity.data.data}
            hasNewer={cursors.length > 0}
            hasOlder={activity.data.nextCursor !== null}
            onNewer={() => setCursors(cursors.slice(0, -1))}
            onOlder={() => {
              const next = activity.data?.nextCursor;
              if (next) setCursors([...cursors, next]);
            }}
          />
        ) : activity.isError || rangeProblem(filters) !== undefined ? null : (
          <Skeleton variant="rounded" height={240} />
        )}
      </Paper>
    </Stack>
  );
}
