/**
 * The Activity screen's operations, scoped to the logged-in user: listActivity (keyset pages of 50, newest
 * first) and exportActivity (the same filters as CSV, streamed page by page, up to 100,000 rows).
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { sendCsv } from '../csv-download.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { listActivityEvents, type ActivityRow } from '../../repositories/activity-repository.ts';
import type { SessionUser } from '../../repositories/sessions-repository.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';
import { activityCsvRecord, ACTIVITY_CSV_HEADER } from './csv-columns.ts';
import { activityCursorOf, activityFilter, parseActivityCursor, type ActivityQuery } from './filters.ts';

const ACTIVITY_PAGE_SIZE = 50;
const ACTIVITY_CSV_MAX_ROWS = 100_000;
const CSV_PAGE = 2_000;

function sessionUser(request: FastifyRequest): SessionUser {
  if (request.sessionUser === undefined) throw new Error('activity operation reached without a session');
  return request.sessionUser;
}

function apiEventOf(row: ActivityRow): Schemas['ActivityEvent'] {
  return {
    id: row.id,
    time: row.occurred_at.toISOString(),
    type: row.event_type,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    tokenId: row.token_id,
    tokenTitle: row.token_title,
    tokenEnvironment: row.token_environment,
    details: row.details,
  };
}

export function activityHandlers(ctx: ServerContext): Record<'listActivity' | 'exportActivity', OperationHandler> {
  const query = (request: FastifyRequest) => request.query as ActivityQuery;
  return {
    listActivity: {
      async handle(request) {
        const filter = activityFilter(sessionUser(request).userId, query(request));
        const rows = await listActivityEvents(ctx.db, filter, parseActivityCursor(query(request).cursor), ACTIVITY_PAGE_SIZE + 1);
        const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
        const last = page[page.length - 1];
        const answer: Schemas['ActivityPage'] = {
          data: page.map(apiEventOf),
          nextCursor: rows.length > ACTIVITY_PAGE_SIZE && last !== undefined ? activityCursorOf(last) : null,
        };
        return answer;
      },
    },
    exportActivity: {
      async handle(request, reply) {
        const filter = activityFilter(sessionUser(request).userId, query(request));
        const day = new Date(ctx.now()).toISOString().slice(0, 10);
        return sendCsv<ActivityRow>(reply, {
          filename: `activity-${day}.csv`,
          header: ACTIVITY_CSV_HEADER,
          maxRows: ACTIVITY_CSV_MAX_ROWS,
          pageSize: CSV_PAGE,
          page: (last, limit) => listActivityEvents(ctx.db, filter, last && { occurredAtMs: last.occurred_at.getTime(), id: last.id }, limit),
          record: activityCsvRecord,
        });
      },
    },
  };
}
