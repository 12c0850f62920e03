/**
 * How a token is shown when it is not revealed, its title with its environment, and how long a grace window has left (how close it is to
 * expiry: shared/portal-data/token-expiry.ts).
 */
import { DAY_MS } from '../../shared/portal-data/token-expiry';
import { ENVIRONMENT_LABEL, type TokenEnvironment } from '../../shared/token-environment';

/** A fixed run of dots: its length says nothing about the token's. */
export const TOKEN_MASK = '•'.repeat(24);

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

/**
 * A token's name where a list or menu has room for words only: a live token's title says so
 * ("ERP sync · Live"); a sandbox token's stays as it is, as every token was before live ones existed.
 */
export function withEnvironment(title: string, environment: TokenEnvironment | undefined): string {
  return environment === 'live' ? `${title} · ${ENVIRONMENT_LABEL.live}` : title;
}
