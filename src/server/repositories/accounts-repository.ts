/**
 * Shadow accounts of the warehouse system's accounts (identity/provider.ts): found by the provider's
 * subject and the user type they sign in as, created at the first sign-in with a sandbox dataset of their
 * own, closed and reopened as the provider says. Closing ends every session and, through the users
 * trigger of migration 010, evicts the account's tokens from every replica's cache; token lookups and
 * sessions match no closed account (api-tokens-repository.ts, sessions-repository.ts).
 */
import type { Queryable, Transaction } from '../db/database.ts';
import type { ActivityOrigin } from '../lib/activity-origin.ts';
import type { UserType } from '../../shared/api-family.ts';
import type { ExternalProviderKind } from '../identity/provider.ts';
import { recordActivity } from './activity-repository.ts';

export interface ShadowAccount {
  id: number;
  email: string;
  userType: UserType;
  provider: ExternalProviderKind;
  subject: string;
  closed: boolean;
}

interface ShadowRow {
  id: number;
  email: string;
  user_type: UserType;
  auth_provider: ExternalProviderKind;
  subject: string;
  closed_at: Date | null;
}

const COLUMNS = 'id, email, user_type, auth_provider, subject, closed_at';

function toAccount(row: ShadowRow): ShadowAccount {
  return { id: row.id, email: row.email, userType: row.user_type, provider: row.auth_provider, subject: row.subject, closed: row.closed_at !== null };
}

export async function findShadowAccount(
  db: Queryable,
  provider: ExternalProviderKind,
  subject: string,
  userType: UserType,
): Promise<ShadowAccount | undefined> {
  const rows = await db.query<ShadowRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM users WHERE auth_provider = $1 AND subject = $2 AND user_type = $3`,
    [provider, subject, userType],
  );
  return rows[0] && toAccount(rows[0]);
}

/** Every shadow account of one subject (one per user type it has signed in as). */
export async function shadowAccountsOf(db: Queryable, provider: ExternalProviderKind, subject: string): Promise<ShadowAccount[]> {
  const rows = await db.query<ShadowRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM users WHERE auth_provider = $1 AND subject = $2 ORDER BY id`, [
    provider,
    subject,
  ]);
  return rows.map(toAccount);
}

/** Shadow accounts of this provider with this email now: whose failed sign-ins the activity log records. */
export async function shadowAccountsByEmail(db: Queryable, provider: ExternalProviderKind, email: string): Promise<ShadowAccount[]> {
  const rows = await db.query<ShadowRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM users WHERE auth_provider = $1 AND email = $2 ORDER BY id`, [
    provider,
    email.toLowerCase(),
  ]);
  return rows.map(toAccount);
}

/** A new shadow account (no password); its sandbox data is the caller's, in the same transaction. */
export async function createShadowAccount(
  tx: Transaction,
  input: { provider: ExternalProviderKind; subject: string; email: string; userType: UserType },
): Promise<ShadowAccount> {
  const rows = await tx.query<ShadowRow & Record<string, unknown>>(
    `INSERT INTO users (email, user_type, password_hash, auth_provider, subject, checked_at) VALUES ($1, $2, NULL, $3, $4, now()) RETURNING ${COLUMNS}`,
    [input.email.toLowerCase(), input.userType, input.provider, input.subject],
  );
  return toAccount(rows[0]!);
}

/** The provider confirmed the account just now: its current email, and the recheck clock starts again. */
export async function confirmShadowAccount(db: Queryable, userId: number, email: string): Promise<void> {
  await db.query('UPDATE users SET email = $2, checked_at = now() WHERE id = $1', [userId, email.toLowerCase()]);
}

export type ClosingReason = 'closed' | 'user_type_removed';

/**
 * Closes an open account: every session ends, its tokens stop (they stay listed, and work again if the
 * account is reopened before they expire), and the activity log says why. False when it was closed already.
 */
export async function closeShadowAccount(tx: Transaction, account: ShadowAccount, reason: ClosingReason, origin: ActivityOrigin): Promise<boolean> {
  const closed = await tx.query('UPDATE users SET closed_at = now(), checked_at = now() WHERE id = $1 AND closed_at IS NULL RETURNING id', [account.id]);
  if (closed.length === 0) return false;
  await tx.query('DELETE FROM sessions WHERE user_id = $1', [account.id]);
  await recordActivity(tx, { userId: account.id, type: 'account_closed', origin, details: { provider: account.provider, subject: account.subject, reason } });
  return true;
}

/** Opens a closed account again (the provider says it is open and holds its user type). False when it was open. */
export async function reopenShadowAccount(tx: Transaction, account: ShadowAccount, origin: ActivityOrigin): Promise<boolean> {
  const opened = await tx.query('UPDATE users SET closed_at = NULL, checked_at = now() WHERE id = $1 AND closed_at IS NOT NULL RETURNING id', [account.id]);
  if (opened.length === 0) return false;
  await recordActivity(tx, { userId: account.id, type: 'account_reopened', origin, details: { provider: account.provider, subject: account.subject } });
  return true;
}

/**
 * Claims up to `limit` accounts of this provider due for their recheck (not confirmed for `minutes`) that
 * still have a live session or token: open ones may have closed, closed ones with live tokens may have
 * opened again; marks them checked now, so another replica does not take them
 * too. SKIP LOCKED: replicas running the recheck at once share the work instead of waiting.
 */
export async function claimAccountsDue(db: Queryable, provider: ExternalProviderKind, minutes: number, limit: number): Promise<ShadowAccount[]> {
  const rows = await db.query<ShadowRow & Record<string, unknown>>(
    `UPDATE users u SET checked_at = now()
      WHERE u.id IN (
        SELECT d.id FROM users d
         WHERE d.auth_provider = $1
           AND (d.checked_at IS NULL OR d.checked_at < now() - make_interval(secs => $2::float8 * 60))
           AND (EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = d.id AND s.expires_at > now())
             OR EXISTS (SELECT 1 FROM api_tokens t WHERE t.user_id = d.id AND t.revoked_at IS NULL
                          AND (t.expires_at > now() OR t.previous_expires_at > now())))
         ORDER BY d.checked_at NULLS FIRST
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING u.${COLUMNS.split(', ').join(', u.')}`,
    [provider, minutes, limit],
  );
  return rows.map(toAccount);
}
