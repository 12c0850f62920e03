/**
 * The shell's leak banner: for each token of the user's that was found in public and revoked, an error
 * banner naming it and where it was found, until dismissed. It draws nothing until the notices have
 * loaded, so a documentation page rendered ahead of time hydrates the HTML it was built with.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { logError } from '../../../lib/log-error';
import { useToast } from '../../../components/toasts';
import { useDismissLeakNotice } from '../api/dismiss-leak-notice';
import { useLeakNotices } from '../api/list-leak-notices';

/** Only a web address becomes a link: the place comes from a report, and a `javascript:` one must stay text. */
const WEB_ADDRESS = /^https?:\/\//i;

export function LeakBanner() {
  const notices = useLeakNotices();
  const dismiss = useDismissLeakNotice();
  const { enqueueSnackbar } = useToast();
  if (!notices.data || notices.data.length === 0) return null;
  return (
    <Box component="aside" aria-label="Leaked tokens" sx={{ mb: 3, display: 'grid', gap: 1 }}>
      {notices.data.map((notice) => (
        <Alert
          key={notice.tokenId}
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              loading={dismiss.isPending && dismiss.variables === notice.tokenId}
              onClick={() =>
                dismiss.mutate(notice.tokenId, {
                  onError: (error) => {
                    logError('Dismiss leak notice', error);
                    enqueueSnackbar('The notice could not be dismissed. Please try again.', { variant: 'error' });
                  },
                })
              }
            >
              Dismiss
            </Button>
          }
          sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
        >
          Your token '{notice.tokenTitle}' was found in public at{' '}
          {WEB_ADDRESS.test(notice.foundAt) ? (
            <Link href={notice.foundAt} target="_blank" rel="noopener noreferrer nofollow" color="inherit" sx={{ fontWeight: 600 }}>
              {notice.foundAt}
            </Link>
          ) : (
            notice.foundAt
          )}{' '}
          and has been revoked.
        </Alert>
      ))}
    </Box>
  );
}
