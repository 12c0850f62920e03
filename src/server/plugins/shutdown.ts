/**
 * While the server closes: requests in flight finish and their answers end the keep-alive connection, so
 * close() does not wait for clients to hang up; a request that still arrives on an open connection gets
 * 503 in the API's shape with Retry-After (Fastify's own 503 for this is turned off in app.ts:
 * return503OnClosing), so a load balancer retries it elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';

export const SHUTTING_DOWN_MESSAGE = 'The server is shutting down: retry the request.';

export function registerShutdownAnswers(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (_request, _reply, done) => {
    if (closing) return done(new HttpError(503, SHUTTING_DOWN_MESSAGE, { 'retry-after': '1' }));
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}
