/**
 * The periodic recheck (ACCOUNT_RECHECK_MINUTES): accounts with a live session or token that the provider
 * has not confirmed for that long are looked up again, a batch at a time, and what it says is applied
 * (account-state.ts). A provider that cannot be reached changes nothing: the accounts are tried again at
 * the next recheck, and the server log says so.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context.ts';
import { PROVIDER_NAMES, ProviderUnavailableError, type AccountState, type ExternalProviderKind } from '../identity/provider.ts';
import { claimAccountsDue } from '../repositories/accounts-repository.ts';
import { applyAccountState, type AppliedState } from './account-state.ts';

/** Looks an account up again by subject: each provider's own way (a directory search, a signed WMS call, a refresh grant). */
export interface AccountLookup {
  readonly kind: ExternalProviderKind;
  lookUp(subject: string): Promise<AccountState>;
}

const BATCH = 100;

export async function recheckDueAccounts(
  ctx: Pick<ServerContext, 'db' | 'tokenCache' | 'config'>,
  lookup: AccountLookup,
  log: FastifyBaseLogger,
): Promise<AppliedState & { checked: number; unreachable: number }> {
  const totals = { checked: 0, closed: 0, reopened: 0, unreachable: 0 };
  const due = await claimAccountsDue(ctx.db, lookup.kind, ctx.config.accountRecheckMinutes, BATCH);
  const subjects = [...new Set(due.map((account) => account.subject))];
  for (const subject of subjects) {
    let state: AccountState;
    try {
      state = await lookup.lookUp(subject);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      totals.unreachable += 1;
      log.error({ provider: lookup.kind, step: error.step, err: error }, `account recheck: the ${PROVIDER_NAMES[lookup.kind]} could not be reached`);
      continue;
    }
    const applied = await applyAccountState(ctx, lookup.kind, subject, state);
    totals.checked += 1;
    totals.closed += applied.closed;
    totals.reopened += applied.reopened;
  }
  return totals;
}
