/**
 * Settings' "Signed-in sessions": each session's browser, address, when it signed in and was last seen,
 * "This session" on the current one; Sign out per session and Sign out other sessions, both at once on
 * every server. Signing out this session leaves for the login page, as Logout does: the app decides how
 * (onSignOutThisBrowser), since this feature does not know the shell.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useToast } from '../../../components/toasts';
import { browserName } from '../../../lib/browser-name';
import { formatDateTime } from '../../../lib/format-date';
import { logError } from '../../../lib/log-error';
import { monospace } from '../../../theme/theme';
import { countOf } from '../../../../shared/plural';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { endSession, useEndSession } from '../api/end-session';
import { useSessions, type PortalSession } from '../api/list-sessions';

const HEADING_ID = 'signed-in-sessions';

interface SessionsSectionProps {
  /** Ends this browser's session and leaves for the login page; `end` makes the call. */
  onSignOutThisBrowser: (end: () => Promise<void>) => void;
}

function SessionRow({ session, busy, onSignOut }: { session: PortalSession; busy: boolean; onSignOut: () => void }) {
  const name = browserName(session.userAgent);
  return (
    <Box
      component="li"
      aria-label={session.current ? `${name} (this session)` : name}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 600 }} title={session.userAgent ?? undefined}>
            {name}
          </Typography>
          {session.current ? <Chip size="small" color="primary" variant="outlined" label="This session" /> : null}
        </Box>
        <Box
          component="dl"
          // Each name on its value's baseline: the monospace address is smaller than the words around it.
          sx={{ m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, color: 'text.secondary', typography: 'body2', '& dd': { m: 0 } }}
        >
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'baseline' }}>
            <dt>IP address</dt>
            <Box component="dd" sx={{ fontFamily: monospace, fontSize: 13, overflowWrap: 'anywhere' }}>
              {session.ipAddress ?? '–'}
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'baseline' }}>
            <dt>Signed in</dt>
            <dd>{formatDateTime(session.signedInDate)}</dd>
          </Box>
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'baseline' }}>
            <dt>Last seen</dt>
            <dd>{formatDateTime(session.lastSeenDate)}</dd>
          </Box>
        </Box>
      </Box>
      <Button
        size="small"
        variant="outlined"
        color={session.current ? 'inherit' : 'primary'}
        startIcon={<LogoutIcon fontSize="small" />}
        loading={busy}
        onClick={onSignOut}
      >
        Sign out
      </Button>
    </Box>
  );
}

export function SessionsSection({ onSignOutThisBrowser }: SessionsSectionProps) {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const { enqueueSnackbar } = useToast();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const fail = (operation: string, text: string) => (error: Error) => {
    logError(operation, error);
    enqueueSnackbar(text, { variant: 'error' });
  };
  const signOut = (session: PortalSession) => {
    if (session.current) {
      onSignOutThisBrowser(() => endSession(session.id));
      return;
    }
    endOne.mutate(session.id, {
      onSuccess: () => enqueueSnackbar(`${browserName(session.userAgent)} signed out.`, { variant: 'success' }),
      onError: fail('End session', 'The session could not be signed out. Please try again.'),
    });
  };
  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (ended) => enqueueSnackbar(`${countOf(ended, 'other session')} signed out.`, { variant: 'success' }),
      onError: fail('End other sessions', 'The other sessions could not be signed out. Please try again.'),
    });

  let body;
  if (sessions.isPending) body = <Skeleton variant="rounded" height={120} />;
  else if (sessions.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void sessions.refetch()}>
            Retry
          </Button>
        }
      >
        The sessions could not be loaded ({sessions.error.message}).
      </Alert>
    );
  } else {
    body = (
      <Box component="ul" aria-labelledby={HEADING_ID} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} busy={endOne.isPending && endOne.variables === session.id} onSignOut={() => signOut(session)} />
        ))}
      </Box>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={HEADING_ID}
      sx={{ p: 2, mt: 4, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ mr: 'auto', minWidth: 0 }}>
          <Typography id={HEADING_ID} variant="h2" component="h2">
            Signed-in sessions
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Where your account is signed in. Signing a session out takes effect at once.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={<LogoutIcon fontSize="small" />}
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={signOutOthers}
        >
          Sign out other sessions
        </Button>
      </Box>
      {body}
    </Paper>
  );
}
