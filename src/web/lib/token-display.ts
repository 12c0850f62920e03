/**
 * How a token is shown when it is not revealed, and how close it is to expiry. Shared by the Settings
 * screen and the API tester's token picker so both say the same thing.
 */
import { TOKEN_EXPIRY_WARNING_DAYS } from '../../shared/limits';

/** A fixed run of dots: its length says nothing about the token's. */
export const TOKEN_MASK = '•'.repeat(24);

export type ExpiryState = { kind: 'expired' } | { kind: 'expiring'; daysLeft: number } | { kind: 'valid' };

const DAY_MS = 24 * 60 * 60 * 1000;

export function expiryState(expiryDate: string, now: Date = new Date()): ExpiryState {
  const remaining = new Date(expiryDate).getTime() - now.getTime();
  if (Number.isNaN(remaining) || remaining <= 0) return { kind: 'expired' };
  if (remaining <= TOKEN_EXPIRY_WARNING_DAYS * DAY_MS) return { kind: 'expiring', daysLeft: Math.floor(remaining / DAY_MS) };
  return { kind: 'valid' };
}

/** The badge text for a token, or null when none is needed. */
export function expiryLabel(state: ExpiryState): string | null {
  if (state.kind === 'expired') return 'Expired';
  if (state.kind === 'valid') return null;
  if (state.daysLeft === 0) return 'Expires today';
  return state.daysLeft === 1 ? 'Expires in 1 day' : `Expires in ${state.daysLeft} days`;
}
