/**
 * How a token is shown when it is not revealed, how close it is to expiry, and how long a grace window
 * has left. Shared by the Settings screen, the shell's reminder and the token pickers so all say the same thing.
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

/** Tokens to remind the user of: expired, or expiring within TOKEN_EXPIRY_WARNING_DAYS. */
export function tokensNeedingAttention<T extends { expiryDate: string }>(tokens: readonly T[], now: Date = new Date()): { token: T; state: Exclude<ExpiryState, { kind: 'valid' }> }[] {
  return tokens.flatMap((token) => {
    const state = expiryState(token.expiryDate, now);
    return state.kind === 'valid' ? [] : [{ token, state }];
  });
}

/**
 * Time left until an instant, in the coarsest unit that still reads right: "45 min", "3 h", "2 days".
 * null when the instant has passed or cannot be read.
 */
export function timeLeft(until: string, now: Date = new Date()): string | null {
  const remaining = new Date(until).getTime() - now.getTime();
  if (Number.isNaN(remaining) || remaining <= 0) return null;
  const minutes = Math.max(1, Math.round(remaining / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(remaining / 3_600_000);
  if (hours < 48) return `${hours} h`;
  const days = Math.round(remaining / DAY_MS);
  return `${days} days`;
}

/** "Previous value stops working in 3 h", or null when no grace window runs (any more). */
export function graceLabel(previousValueExpiresAt: string | null, now: Date = new Date()): string | null {
  if (previousValueExpiresAt === null) return null;
  const left = timeLeft(previousValueExpiresAt, now);
  return left === null ? null : `Previous value stops working in ${left}`;
}
