/**
 * The shell's reminder: when any of the user's tokens has expired or expires within 7 days, a banner names
 * them and links to Settings. Dismissing it hides it for the rest of the day in this browser.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useApiTokens, type ApiToken } from '../../../lib/api-tokens';
import { expiryLabel, tokensNeedingAttention } from '../../../lib/token-display';
import { useNow } from '../../../lib/use-now';
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
  const now = useNow(60_000);
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
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {onSettings ? null : (
              <Button component={RouterLink} to="/settings" color="inherit" size="small">
                Open Settings
              </Button>
            )}
            <IconButton color="inherit" size="small" aria-label="Dismiss for today" onClick={() => setDismissedDay(dismissForDay(new Date()))}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        }
      >
        {reminderText(due)} Refresh a token to give it a new value and lifetime, or delete the ones you no longer use.
      </Alert>
    </Box>
  );
}
