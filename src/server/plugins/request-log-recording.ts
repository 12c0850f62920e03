/**
 * Records every public API call (every operation under /api/v1 and /api, whatever the outcome) for its
 * token's owner: the answer is sent first, then the call goes into a bounded buffer that a batch writer
 * empties every WRITE_INTERVAL_MS into the log's store (request-log/batch-writer.ts, ctx.requestLog); what a
 * call leaves in the log is request-log/columns.ts. Calls whose token is missing, malformed or unknown belong to no one: they
 * are only counted (unattributed on /healthz). Not the server log's access lines: those are access-log.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { BatchWriter, WRITE_INTERVAL_MS, type RequestLogStats } from '../request-log/batch-writer.ts';
import { entryOf } from '../request-log/entry.ts';

/** At ~1 KB a call, about 20 MB at most, whatever the database does. */
const BUFFER_CAPACITY = 20_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The request log's buffer and writer figures (on /healthz). */
    requestLogStats(): RequestLogStats;
    /** Writes what is buffered now (tests wait for it instead of sleeping). */
    flushRequestLog(): Promise<void>;
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
 * Register before @fastify/compress, so onSend sees the body as serialized (its size before compression).
 * `publicOperations` are the operationIds of the public API.
 */
export function registerRequestLogRecording(app: FastifyInstance, ctx: ServerContext, publicOperations: ReadonlySet<string>): void {
  const writer = new BatchWriter({
    write: (batch) => ctx.requestLog.append(batch),
    capacity: BUFFER_CAPACITY,
    intervalMs: WRITE_INTERVAL_MS,
    warn: (details, message) => app.log.warn(details, message),
  });
  app.decorate('requestLogStats', () => writer.stats());
  app.decorate('flushRequestLog', () => writer.flush());
  if (!ctx.config.requestLog) return;

  const operationOf = (request: FastifyRequest): string | undefined => {
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    return operationId !== undefined && publicOperations.has(operationId) ? operationId : undefined;
  };
  // Callback hooks, not async ones: they run on every response, and an async hook costs a promise each time.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (operationOf(request) !== undefined) request.responseBytes = bytesOf(payload);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const operationId = operationOf(request);
    if (operationId !== undefined) {
      const owner = request.tokenOwner;
      if (owner === undefined) writer.countUnattributed();
      else
        writer.add(
          entryOf({ request, operationId, owner, status: reply.statusCode, durationMs: reply.elapsedTime, responseBytes: request.responseBytes ?? 0 }),
        );
    }
    done();
  });
  writer.start();
  // Runs before app.ts's own onClose (hooks close in reverse order), so the database is still open.
  app.addHook('onClose', async () => writer.stop());
}
