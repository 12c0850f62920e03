/**
 * The Usage screen's operations, all scoped to the logged-in user: listTokenUsage, getUsageSeries,
 * listOperationUsage (from the hourly rollups, never the raw log), listRequestLog (keyset pages),
 * getRequestLogEntry (another user's entry: 404) and exportRequestLog (CSV streamed page by page).
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { sendCsv } from '../csv-download.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Schemas } from '../../lib/schemas.ts';
import type { RequestLogRow } from '../../request-log/columns.ts';
import { CSV_HEADER, csvRecordOf } from '../../request-log/csv-export.ts';
import { BUCKET_COUNT, percentileMs } from '../../request-log/latency-buckets.ts';
import type { SessionUser } from '../../repositories/sessions-repository.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';
import { cursorOf, logFilter, parseCursor, usageFilter, type UsageQuery } from './filters.ts';

export const LOG_PAGE_SIZE = 50;
export const CSV_MAX_ROWS = 100_000;
const CSV_PAGE = 2_000;
const DAY_MS = 86_400_000;

function sessionUser(request: FastifyRequest): SessionUser {
  if (request.sessionUser === undefined) throw new Error('usage operation reached without a session');
  return request.sessionUser;
}

const rate = (errors: number, calls: number) => (calls === 0 ? 0 : Math.round((errors / calls) * 10_000) / 10_000);

/** The rows' histograms summed; null when they have none (a status filter: latency unknown). */
function sumBuckets(rows: readonly { latencyBuckets: number[] | null }[]): number[] | null {
  const sum = new Array<number>(BUCKET_COUNT).fill(0);
  for (const row of rows) {
    if (row.latencyBuckets === null) return null;
    row.latencyBuckets.forEach((count, i) => (sum[i]! += count));
  }
  return sum;
}

const percentile = (buckets: number[] | null, share: number) => (buckets === null ? null : percentileMs(buckets, share));

export function usageHandlers(
  ctx: ServerContext,
): Record<'listTokenUsage' | 'getUsageSeries' | 'listOperationUsage' | 'listRequestLog' | 'getRequestLogEntry' | 'exportRequestLog', OperationHandler> {
  const query = (request: FastifyRequest) => request.query as UsageQuery;
  return {
    listTokenUsage: {
      async handle(request) {
        const today = Math.floor(ctx.now() / DAY_MS) * DAY_MS;
        const firstDay = today - 6 * DAY_MS;
        const rows = await ctx.requestLog.byTokenAndDay(sessionUser(request).userId, new Date(firstDay));
        const tokens = new Map<number, Schemas['TokenUsageList']['data'][number] & { errors: number }>();
        for (const row of rows) {
          let token = tokens.get(row.tokenId);
          if (token === undefined) {
            token = {
              tokenId: row.tokenId,
              title: row.title,
              environment: row.environment,
              deleted: row.deleted,
              calls: 0,
              errorRate: 0,
              daily: [0, 0, 0, 0, 0, 0, 0],
              errors: 0,
            };
            tokens.set(row.tokenId, token);
          }
          if (row.day === null) continue;
          const index = Math.round((row.day.getTime() - firstDay) / DAY_MS);
          if (index < 0 || index > 6) continue;
          token.daily[index] = row.calls;
          token.calls += row.calls;
          token.errors += row.errors;
        }
        // A deleted token without calls in the week has nothing left to show.
        const data = [...tokens.values()]
          .filter((token) => !token.deleted || token.calls > 0)
          .map(({ errors, ...token }) => ({ ...token, errorRate: rate(errors, token.calls) }));
        return { data };
      },
    },
    getUsageSeries: {
      async handle(request) {
        const filter = usageFilter(sessionUser(request).userId, query(request), ctx.now());
        const bucket = filter.to.getTime() - filter.from.getTime() <= 7 * DAY_MS ? 'hour' : 'day';
        const [points, operations] = await Promise.all([ctx.requestLog.series(filter, bucket), ctx.requestLog.byOperation(filter)]);
        const calls = operations.reduce((sum, op) => sum + op.calls, 0);
        const errors = operations.reduce((sum, op) => sum + op.errors, 0);
        const histogram = sumBuckets(operations);
        return {
          bucket,
          points,
          totals: {
            calls,
            errorRate: rate(errors, calls),
            p50Ms: percentile(histogram, 0.5),
            p95Ms: percentile(histogram, 0.95),
            busiestOperation: operations[0]?.operationId ?? null,
          },
        } satisfies Schemas['UsageSeries'];
      },
    },
    listOperationUsage: {
      async handle(request) {
        const filter = usageFilter(sessionUser(request).userId, query(request), ctx.now());
        const rows = await ctx.requestLog.byOperation(filter);
        return {
          data: rows.map((row) => ({
            operationId: row.operationId,
            calls: row.calls,
            errorRate: rate(row.errors, row.calls),
            p95Ms: percentile(row.latencyBuckets, 0.95),
          })),
        };
      },
    },
    listRequestLog: {
      async handle(request) {
        const filter = logFilter(sessionUser(request).userId, query(request), ctx.now());
        const rows = await ctx.requestLog.page(filter, parseCursor(query(request).cursor), LOG_PAGE_SIZE + 1);
        const page = rows.slice(0, LOG_PAGE_SIZE);
        const last = page[page.length - 1];
        return { data: page, nextCursor: rows.length > LOG_PAGE_SIZE && last !== undefined ? cursorOf(last) : null };
      },
    },
    getRequestLogEntry: {
      async handle(request) {
        const { requestId } = request.params as { requestId: number };
        const row = await ctx.requestLog.entry(sessionUser(request).userId, requestId);
        if (row === undefined) throw new HttpError(404, 'Log entry not found.');
        return { data: row };
      },
    },
    exportRequestLog: {
      async handle(request, reply) {
        const filter = logFilter(sessionUser(request).userId, query(request), ctx.now());
        const day = new Date(ctx.now()).toISOString().slice(0, 10);
        return sendCsv<RequestLogRow>(reply, {
          filename: `request-log-${day}.csv`,
          header: CSV_HEADER,
          maxRows: CSV_MAX_ROWS,
          pageSize: CSV_PAGE,
          page: (last, limit) => ctx.requestLog.page(filter, last && { loggedAtMs: Date.parse(last.time), id: last.id }, limit),
          record: csvRecordOf,
        });
      },
    },
  };
}
