/**
 * What the provider says of an account now, applied to each of its shadow accounts (one per user type it
 * signed in as): closed there, or no longer holding the user type, closes it here (sessions end, tokens
 * stop on every replica); open again reopens it. Used by the periodic recheck and by the provider's own
 * signed calls (account events, OpenID back-channel logout).
 */
import type { ServerContext } from '../context.ts';
import type { ActivityOrigin } from '../lib/activity-origin.ts';
import type { AccountState, ExternalProviderKind } from '../identity/provider.ts';
import {
  closeShadowAccount,
  confirmShadowAccount,
  reopenShadowAccount,
  shadowAccountsOf,
  type ClosingReason,
  type ShadowAccount,
} from '../repositories/accounts-repository.ts';
import { evictAccountTokens } from './account-tokens.ts';

/** No client made these changes: the activity log shows no address or browser. */
export const PROVIDER_ORIGIN: ActivityOrigin = { ipAddress: null, userAgent: null };

export interface AppliedState {
  closed: number;
  reopened: number;
}

/** Closes one open shadow account; its tokens leave this process's cache once the change is committed. */
export async function closeAccount(
  ctx: Pick<ServerContext, 'db' | 'tokenCache'>,
  account: ShadowAccount,
  reason: ClosingReason,
  origin: ActivityOrigin,
): Promise<boolean> {
  const closed = await ctx.db.transaction((tx) => closeShadowAccount(tx, account, reason, origin));
  // After the commit: a lookup that ran before it may have cached the open row; none after it can.
  if (closed) await evictAccountTokens(ctx, ctx.db, account.id);
  return closed;
}

export async function applyAccountState(
  ctx: Pick<ServerContext, 'db' | 'tokenCache'>,
  provider: ExternalProviderKind,
  subject: string,
  state: AccountState,
  origin: ActivityOrigin = PROVIDER_ORIGIN,
): Promise<AppliedState> {
  const applied: AppliedState = { closed: 0, reopened: 0 };
  for (const account of await shadowAccountsOf(ctx.db, provider, subject)) {
    const reason: ClosingReason | undefined = !state.open ? 'closed' : state.account.userTypes.includes(account.userType) ? undefined : 'user_type_removed';
    if (reason !== undefined) {
      if (await closeAccount(ctx, account, reason, origin)) applied.closed += 1;
      continue;
    }
    if (!state.open) continue;
    const email = state.account.email;
    const reopened = await ctx.db.transaction(async (tx) => {
      await confirmShadowAccount(tx, account.id, email);
      return account.closed ? reopenShadowAccount(tx, account, origin) : false;
    });
    if (reopened) applied.reopened += 1;
  }
  return applied;
}
