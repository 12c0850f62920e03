/**
 * How close a token is to expiry, and the reminder that names the tokens due. The app words its badges,
 * pickers and the shell's reminder with it; the server writes the same reminder into a documentation page
 * rendered at build time, so the banner is in the first paint and nothing moves when the app hydrates.
 */
import { TOKEN_EXPIRY_WARNING_DAYS } from '../limits.ts';
import { countOf } from '../plural.ts';

export type ExpiryState = { kind: 'expired' } | { kind: 'expiring'; daysLeft: number } | { kind: 'valid' };

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days are counted to the nearest day, not down: a 7-day token read seconds after it was made has 7 days
 * left, not 6. No time zone is involved, so the server's prerendered reminder and the app's agree.
 */
export function expiryState(expiryDate: string, now: Date = new Date()): ExpiryState {
  const remaining = new Date(expiryDate).getTime() - now.getTime();
  if (Number.isNaN(remaining) || remaining <= 0) return { kind: 'expired' };
  const daysLeft = Math.round(remaining / DAY_MS);
  return daysLeft <= TOKEN_EXPIRY_WARNING_DAYS ? { kind: 'expiring', daysLeft } : { kind: 'valid' };
}

/** The badge text for a token, or null when none is needed. */
export function expiryLabel(state: ExpiryState): string | null {
  if (state.kind === 'expired') return 'Expired';
  if (state.kind === 'valid') return null;
  if (state.daysLeft === 0) return 'Expires today';
  return `Expires in ${countOf(state.daysLeft, 'day')}`;
}

export interface DueToken<T> {
  token: T;
  state: Exclude<ExpiryState, { kind: 'valid' }>;
}

/**
 * Tokens to remind the user of: expired, or with fewer than TOKEN_EXPIRY_WARNING_DAYS days left. A token the
 * user has just made (or refreshed) with a 7-day lifetime has a badge but is no reason for a banner. A
 * revoked token never is.
 */
export function tokensNeedingAttention<T extends { expiryDate: string; revocation?: unknown }>(tokens: readonly T[], now: Date = new Date()): DueToken<T>[] {
  return tokens.flatMap((token) => {
    // A revoked token is past reminding: refreshing it cannot bring it back (its card says so).
    if (token.revocation !== undefined && token.revocation !== null) return [];
    const state = expiryState(token.expiryDate, now);
    if (state.kind === 'valid' || (state.kind === 'expiring' && state.daysLeft >= TOKEN_EXPIRY_WARNING_DAYS)) return [];
    return [{ token, state }];
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
