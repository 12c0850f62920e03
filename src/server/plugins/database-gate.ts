/**
 * `npm start` listens while the database still opens, migrates and seeds (main.ts), so the login page
 * answers in the time the server's own code takes to load. Until the database is ready every request
 * waits for it, except the routes that never touch it: the app's files and the downloads (route config
 * `withoutDatabase`). Once ready, the gate is one boolean test per request.
 */
import type { FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE_BODY } from '../lib/http-error.ts';

/** Route config of a route that answers without the database: it never waits for it. */
export const WITHOUT_DATABASE = Object.freeze({ withoutDatabase: true });

export function registerDatabaseGate(app: FastifyInstance, databaseReady: Promise<unknown>): void {
  let state: 'opening' | 'ready' | 'failed' = 'opening';
  databaseReady.then(
    () => (state = 'ready'),
    () => (state = 'failed'),
  );
  app.addHook('onRequest', (request, reply, done) => {
    if (state === 'ready' || (request.routeOptions.config as { withoutDatabase?: boolean }).withoutDatabase === true) return done();
    const answerUnavailable = () => void reply.code(503).header('cache-control', 'no-store').send(DATABASE_UNAVAILABLE_BODY);
    if (state === 'failed') return answerUnavailable();
    databaseReady.then(() => done(), answerUnavailable);
  });
}
