/**
 * resetSandbox: the logged-in account's sandbox made again (db/seed/sandbox-reset.ts) and the reset
 * recorded in its activity log, in one transaction. The data-changed notifications it fires evict the
 * account's cached public answers when it commits. Live tokens and the provider's data are not touched.
 */
import type { ServerContext } from '../../context.ts';
import { resetSandbox } from '../../db/seed/sandbox-reset.ts';
import { activityOrigin } from '../../lib/activity-origin.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { recordActivity } from '../../repositories/activity-repository.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

export function sandboxResetHandlers(ctx: ServerContext): Record<'resetSandbox', OperationHandler> {
  return {
    resetSandbox: {
      changesState: true,
      async handle(request): Promise<Schemas['SandboxReset']> {
        const user = request.sessionUser;
        if (user === undefined) throw new Error('resetSandbox reached without a session');
        await ctx.db.transaction(async (tx) => {
          await resetSandbox(tx, { userId: user.userId, userType: user.userType });
          await recordActivity(tx, { userId: user.userId, type: 'sandbox_reset', origin: activityOrigin(request) });
        });
        return { resetDate: new Date(ctx.now()).toISOString() };
      },
    },
  };
}
