/**
 * How close a token is to expiry, and the reminder that names the tokens due. The app words its badges,
 * pickers and the shell's reminder with it; the server writes the same reminder into a documentation page
 * rendered at build time, so the banner is in the first paint and nothing moves when the app hydrates.
 */
import { TOKEN_EXPIRY_WARNING_DAYS } from '../limits.ts';

export type ExpiryState = { kind: 'expired' } | { kind: 'expiring'; daysLeft: number } | { kind: 'valid' };

export const DAY_MS = 24 * 60 * 60 * 1000;

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

export interface DueToken<T> {
  token: T;
  state: Exclude<ExpiryState, { kind: 'valid' }>;
}

/** Tokens to remind the user of: expired, or expiring within TOKEN_EXPIRY_WARNING_DAYS. */
export function tokensNeedingAttention<T extends { expiryDate: string }>(tokens: readonly T[], now: Date = new Date()): DueToken<T>[] {
  return tokens.flatMap((token) => {
    const state = expiryState(token.expiryDate, now);
    return state.kind === 'valid' ? [] : [{ token, state }];
  });
}

/** “ERP sync” has expired / “ERP sync” expires in 3 days. */
function phrase({ token, state }: DueToken<{ title: string }>): string {
  const when = state.kind === 'expired' ? 'has expired' : (expiryLabel(state) ?? '').replace(/^Expires/, 'expires');
  return `“${token.title}” ${when}`;
}

/** The reminder's sentence, or null when no token is due. */
export function reminderText(due: readonly DueToken<{ title: string }>[]): string | null {
  const [only] = due;
  if (only === undefined) return null;
  if (due.length === 1) return `Your API token ${phrase(only)}.`;
  return `${due.length} of your API tokens need attention: ${due.map(phrase).join(', ')}.`;
}
