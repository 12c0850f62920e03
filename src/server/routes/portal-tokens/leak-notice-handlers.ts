/**
 * listLeakNotices, dismissLeakNotice: the banner about my tokens revoked because they were found in public,
 * until I dismiss it. Dismissing hides the notice only: the token stays revoked and its card stays.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { dismissLeakNotice, listLeakNotices } from '../../repositories/leaked-tokens-repository.ts';
import type { SessionUser } from '../../repositories/sessions-repository.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

function sessionUser(request: FastifyRequest): SessionUser {
  if (request.sessionUser === undefined) throw new Error('leak notice operation reached without a session');
  return request.sessionUser;
}

export function leakNoticeHandlers(ctx: ServerContext): Record<'listLeakNotices' | 'dismissLeakNotice', OperationHandler> {
  return {
    listLeakNotices: {
      async handle(request): Promise<Schemas['LeakNoticeList']> {
        const rows = await listLeakNotices(ctx.db, sessionUser(request).userId);
        return {
          data: rows.map((row) => ({ tokenId: row.id, tokenTitle: row.title, foundAt: row.leak_url, revokedDate: row.revoked_at.toISOString() })),
        };
      },
    },
    dismissLeakNotice: {
      changesState: true,
      async handle(request, reply) {
        const { tokenId } = request.params as { tokenId: number };
        // Another user's token, a live one or one already dismissed: nothing to do, and the same answer.
        await dismissLeakNotice(ctx.db, sessionUser(request).userId, tokenId);
        return reply.code(204).send();
      },
    },
  };
}
