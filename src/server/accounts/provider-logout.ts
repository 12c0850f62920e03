/**
 * The OpenID Provider signed a user out (back-channel logout): the portal sessions it names end, each
 * recorded as signed_out with the reason. The account stays open and its API tokens keep working: a
 * logout ends sessions, not the account (closing it is the recheck's, when the provider says so).
 */
import type { ServerContext } from '../context.ts';
import type { ProviderLogout } from '../identity/oidc-logout-token.ts';
import { recordActivity } from '../repositories/activity-repository.ts';
import { deleteProviderSessions } from '../repositories/sessions-repository.ts';
import { PROVIDER_ORIGIN } from './account-state.ts';

/** How many live sessions ended. */
export async function endProviderSessions(ctx: Pick<ServerContext, 'db' | 'config'>, logout: ProviderLogout): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const ended = await deleteProviderSessions(tx, 'oidc', logout, ctx.config.sessionIdleMinutes);
    for (const session of ended) {
      await recordActivity(tx, {
        userId: session.userId,
        type: 'signed_out',
        origin: PROVIDER_ORIGIN,
        details: { provider: 'oidc', subject: session.subject, reason: 'provider_logout' },
      });
    }
    return ended.length;
  });
}
