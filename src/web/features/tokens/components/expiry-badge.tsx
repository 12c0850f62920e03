/** "Expired" / "Expires in N days" badge; nothing for a token with more than 7 days left. */
import Chip from '@mui/material/Chip';
import { expiryLabel, expiryState } from '../../../../shared/portal-data/token-expiry';

export function ExpiryBadge({ expiryDate, now }: { expiryDate: string; now?: Date }) {
  const state = expiryState(expiryDate, now);
  const label = expiryLabel(state);
  if (!label) return null;
  return <Chip size="small" label={label} color={state.kind === 'expired' ? 'error' : 'warning'} variant={state.kind === 'expired' ? 'filled' : 'outlined'} />;
}
