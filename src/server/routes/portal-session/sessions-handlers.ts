/**
 * listSessions, endOtherSessions, endSession: the logged-in user's signed-in sessions and signing them out.
 * Sessions are read from the database on every request (plugins/session.ts), so a session ended here is
 * refused by every replica on its next request. Each ending is recorded in the transaction that deletes:
 * another session's as session_ended (with how many), this browser's own as signed_out.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { activityOrigin } from '../../lib/activity-origin.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { clearSessionCookie, hashSessionId, sessionCookieValue } from '../../lib/session-cookie.ts';
import { recordActivity } from '../../repositories/activity-repository.ts';
import { deleteOtherSessions, deleteSession, deleteSessionById, listSessions, type SessionUser } from '../../repositories/sessions-repository.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

function sessionUser(request: FastifyRequest): SessionUser {
  if (request.sessionUser === undefined) throw new Error('session operation reached without a session');
  return request.sessionUser;
}

export function sessionListHandlers(ctx: ServerContext): Record<'listSessions' | 'endOtherSessions' | 'endSession', OperationHandler> {
  const idle = ctx.config.sessionIdleMinutes;
  return {
    listSessions: {
      async handle(request) {
        const user = sessionUser(request);
        const rows = await listSessions(ctx.db, user.userId, idle);
        const list: Schemas['PortalSessionList'] = {
          data: rows.map((row) => ({
            id: row.id,
            userAgent: row.user_agent,
            ipAddress: row.ip_address,
            signedInDate: row.created_at.toISOString(),
            lastSeenDate: row.last_seen_at.toISOString(),
            current: row.id === user.sessionId,
          })),
        };
        return list;
      },
    },
    endOtherSessions: {
      changesState: true,
      async handle(request) {
        const user = sessionUser(request);
        const ended = await ctx.db.transaction(async (tx) => {
          const count = await deleteOtherSessions(tx, user.userId, user.sessionId, idle);
          // Nothing was signed out, nothing to record.
          if (count > 0)
            await recordActivity(tx, { userId: user.userId, type: 'session_ended', origin: activityOrigin(request), details: { sessionsEnded: count } });
          return count;
        });
        const answer: Schemas['EndedSessions'] = { ended };
        return answer;
      },
    },
    endSession: {
      changesState: true,
      async handle(request, reply) {
        const user = sessionUser(request);
        const { sessionId } = request.params as { sessionId: number };
        const origin = activityOrigin(request);
        if (sessionId === user.sessionId) {
          // This browser's own session: a sign-out, as logout does.
          const id = sessionCookieValue(ctx, request);
          if (id === undefined) throw new Error('endSession reached without a session cookie');
          await ctx.db.transaction(async (tx) => {
            if ((await deleteSession(tx, hashSessionId(id), idle)) !== undefined) await recordActivity(tx, { userId: user.userId, type: 'signed_out', origin });
          });
          clearSessionCookie(ctx, request, reply);
          return reply.code(204).send();
        }
        await ctx.db.transaction(async (tx) => {
          // Another user's session and an unknown one answer alike.
          if (!(await deleteSessionById(tx, user.userId, sessionId, idle))) throw new HttpError(404, 'Session not found.');
          await recordActivity(tx, { userId: user.userId, type: 'session_ended', origin, details: { sessionsEnded: 1 } });
        });
        return reply.code(204).send();
      },
    },
  };
}
