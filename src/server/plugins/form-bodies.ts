/**
 * `application/x-www-form-urlencoded` bodies, for the few operations a protocol makes send them (the
 * OpenID Provider's back-channel logout). Every other operation answers them 415 as before: the portal's
 * API speaks JSON, and a form a cross-site page can post without a preflight reaches nothing else.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import type { SpecRouteConfig } from '../spec/operation-handler.ts';

/** Same as Fastify's own refusal of an unknown content type (plugins/error-handler.ts). */
const UNSUPPORTED_MESSAGE = 'Unsupported content type: send application/json.';

export function registerFormBodies(app: FastifyInstance, operationIds: ReadonlySet<string>): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const operationId = (request.routeOptions.config as Partial<SpecRouteConfig> | undefined)?.operationId;
    if (operationId === undefined || !operationIds.has(operationId)) {
      done(new HttpError(415, UNSUPPORTED_MESSAGE), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
