/**
 * The shell's reminder: when any of the user's tokens has expired or expires within 7 days, a banner names
 * them and links to Settings. Dismissing it hides it for the rest of the day in this browser.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import CloseIcon from '@mui/icons-material/Close';
import { useApiTokens, type ApiToken } from '../../../lib/api-tokens';
import { expiryLabel, tokensNeedingAttention } from '../../../lib/token-display';
import { useClockTick } from '../../../lib/use-clock-tick';
import { dismissForDay, dismissedOn, localDay } from '../lib/reminder-dismissal';

type Due = ReturnType<typeof tokensNeedingAttention<ApiToken>>[number];

/** “ERP sync” has expired / “ERP sync” expires in 3 days. */
function phrase({ token, state }: Due): string {
  const when = state.kind === 'expired' ? 'has expired' : (expiryLabel(state) ?? '').replace(/^Expires/, 'expires');
  return `“${token.title}” ${when}`;
}

export function reminderText(due: readonly Due[]): string {
  const [only] = due;
  if (due.length === 1 && only) return `Your API token ${phrase(only)}.`;
  return `${due.length} of your API tokens need attention: ${due.map(phrase).join(', ')}.`;
}

export function ExpiryReminder({ onSettings }: { onSettings: boolean }) {
  const tokens = useApiTokens();
  useClockTick(60_000);
  const now = new Date();
  const [dismissedDay, setDismissedDay] = useState(dismissedOn);
  if (!tokens.data || dismissedDay === localDay(now)) return null;
  const due = tokensNeedingAttention(tokens.data, now);
  if (due.length === 0) return null;
  return (
    <Box component="aside" aria-label="Token expiry reminder" sx={{ mb: 3 }}>
      <Alert
        severity="warning"
        role="status"
        action={
          <IconButton color="inherit" size="small" aria-label="Dismiss for today" onClick={() => setDismissedDay(dismissForDay(new Date()))}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        {reminderText(due)}{' '}
        {onSettings ? (
          'Refresh gives a token a new value and lifetime.'
        ) : (
          <Link component={RouterLink} to="/settings" color="inherit" sx={{ fontWeight: 600 }}>
            Review in Settings
          </Link>
        )}
      </Alert>
    </Box>
  );
}
