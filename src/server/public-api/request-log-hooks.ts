/**
 * Records every public API call (every operation under /api/v1 and /api, whatever the outcome) for its
 * token's owner: the answer is sent first, then the call goes into a bounded buffer that a batch writer
 * empties every WRITE_INTERVAL_MS into the log's store (request-log/batch-writer.ts, ctx.requestLog); what a
 * call leaves in the log is ../request-log/columns.ts. Calls whose token is missing, malformed or unknown belong to no one: they
 * are only counted (unattributed on /healthz). Not the server log's access lines: those are plugins/access-log.ts.
 */
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { addOperationHooks, type OperationHooks } from '../lib/route-hooks.ts';
import type { ServerContext } from '../context.ts';
import { BatchWriter, WRITE_INTERVAL_MS, type RequestLogStats } from '../request-log/batch-writer.ts';
import type { AnsweredCall } from '../request-log/columns.ts';
import { entryOf } from '../request-log/entry.ts';

/** At ~1 KB a call, about 20 MB at most, whatever the database does. */
const BUFFER_CAPACITY = 20_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The request log's buffer and writer figures (on /healthz). */
    requestLogStats(): RequestLogStats;
    /** Writes what is buffered now (tests wait for it instead of sleeping). */
    flushRequestLog(): Promise<void>;
    /**
     * Logs a public call this server did not answer on a public route: one the gateway's check refused,
     * or one the gateway answered and reported in its access log. Nothing when REQUEST_LOG is false.
     */
    logPublicCall(call: AnsweredCall): void;
  }
  interface FastifyRequest {
    /** The body's size in bytes before compression, taken in onSend. */
    responseBytes?: number;
  }
}

function bytesOf(payload: unknown): number | undefined {
  if (typeof payload === 'string') return Buffer.byteLength(payload);
  if (Buffer.isBuffer(payload)) return payload.length;
  if (payload === null || payload === undefined) return 0;
  return undefined;
}

/**
 * Register before @fastify/compress and the routes, so onSend sees the body as serialized (its size before
 * compression) and every public route gets the hooks.
 * `publicOperations` are the operationIds of the public API.
 */
export function registerRequestLogHooks(app: FastifyInstance, ctx: ServerContext, publicOperations: ReadonlySet<string>): void {
  const writer = new BatchWriter({
    write: (batch) => ctx.requestLog.append(batch),
    capacity: BUFFER_CAPACITY,
    intervalMs: WRITE_INTERVAL_MS,
    warn: (details, message) => app.log.warn(details, message),
  });
  app.decorate('requestLogStats', () => writer.stats());
  app.decorate('flushRequestLog', () => writer.flush());
  app.decorate('logPublicCall', (call: AnsweredCall) => {
    if (ctx.config.requestLog) writer.add(entryOf(call));
  });
  if (!ctx.config.requestLog) return;

  // Callback hooks, not async ones: they run on every call, and an async hook costs a promise each time.
  const onSend: onSendHookHandler = (request, _reply, payload, done) => {
    request.responseBytes = bytesOf(payload);
    done(null, payload);
  };
  const hooksOf = (operationId: string): OperationHooks => ({
    onSend,
    onResponse: (request, reply, done) => {
      const owner = request.tokenOwner;
      if (owner === undefined) writer.countUnattributed();
      else
        writer.add(
          entryOf({ request, operationId, owner, status: reply.statusCode, durationMs: reply.elapsedTime, responseBytes: request.responseBytes ?? 0 }),
        );
      done();
    },
  });
  addOperationHooks(app, new Map([...publicOperations].map((operationId) => [operationId, hooksOf(operationId)])));
  writer.start();
  // Runs before app.ts's own onClose (hooks close in reverse order), so the database is still open.
  app.addHook('onClose', async () => writer.stop());
}
