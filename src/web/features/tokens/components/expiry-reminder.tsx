/**
 * The shell's reminder: when any of the user's tokens has expired or has fewer than 7 days left, a banner names
 * them and links to Settings. Dismissing it hides it for the rest of the day in this browser. On a
 * documentation page the server answered with HTML, the banner is already there (the server wrote it
 * from the same token list), so it paints with the page and nothing below it moves.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import CloseIcon from '@mui/icons-material/Close';
import { REMINDER_LABEL } from '../../../../shared/portal-data/reminder-banner';
import { reminderText, tokensNeedingAttention } from '../../../../shared/portal-data/token-expiry';
import { useApiTokens } from '../../../lib/api-tokens';
import { prerenderedReminder } from '../../../lib/prerender-state';
import { useClockTick } from '../../../lib/use-clock-tick';
import { dismissForDay, dismissedOn, localDay } from '../lib/reminder-dismissal';

export function ExpiryReminder({ onSettings }: { onSettings: boolean }) {
  const tokens = useApiTokens();
  useClockTick(60_000);
  const now = new Date();
  const [dismissedDay, setDismissedDay] = useState(dismissedOn);
  if (dismissedDay === localDay(now)) return null;
  const text = tokens.data ? reminderText(tokensNeedingAttention(tokens.data, now)) : prerenderedReminder();
  if (!text) return null;
  return (
    <Box component="aside" aria-label={REMINDER_LABEL} sx={{ mb: 3 }}>
      <Alert
        severity="warning"
        role="status"
        action={
          <IconButton color="inherit" size="small" aria-label="Dismiss for today" onClick={() => setDismissedDay(dismissForDay(new Date()))}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        {text}{' '}
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
