/**
 * One error handler for the whole server: every error answers with the spec's Error schema
 * {status, message}. 4xx messages say what was wrong with the request (validation names the parameter);
 * 5xx say nothing about the cause, which only goes to the log.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, NOT_FOUND_MESSAGE } from '../lib/http-error.ts';

interface AjvLikeError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** "querystring/size must be <= 100" reads worse than "size must be <= 100". */
function describeValidationError(errors: AjvLikeError[], context: string | undefined): string {
  const error = errors[0];
  if (error === undefined) return 'Invalid request.';
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const where = path === '' ? (context === 'body' ? 'body' : (context ?? 'request')) : path;
  switch (error.keyword) {
    case 'required':
      return `${path === '' ? '' : `${path}.`}${String(error.params.missingProperty)} is required`;
    case 'enum':
      return `${where} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'additionalProperties':
      return `${where} has an unknown property ${String(error.params.additionalProperty)}`;
    case 'type':
      return `${where} must be ${String(error.params.type).split(',').join(' or ')}`.replace(/must be integer$/, 'must be an integer');
    case 'minItems':
      return `${where} must have at least ${String(error.params.limit)} item${error.params.limit === 1 ? '' : 's'}`;
    // In words, never the validator's own ("must NOT have more than 100 characters").
    case 'maxLength':
      return `${where} must be at most ${String(error.params.limit)} characters`;
    case 'minLength':
      return error.params.limit === 1 ? `${where} must not be empty` : `${where} must be at least ${String(error.params.limit)} characters`;
    case 'maxItems':
      return `${where} must have at most ${String(error.params.limit)} items`;
    case 'uniqueItems':
      return `${where} must not name an item twice`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: AjvLikeError[]; code?: string }, request, reply) => {
    if (error instanceof HttpError) {
      void reply.headers(error.headers);
      return reply.code(error.statusCode).send({ status: error.statusCode, message: error.message });
    }
    if (error.validation !== undefined) {
      return reply.code(400).send({ status: 400, message: describeValidationError(error.validation, error.validationContext) });
    }
    // PostgreSQL "data exception" (class 22: out of range, invalid text) caused by a request's value.
    if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)) {
      request.log.warn({ code: error.code }, 'database rejected a request value');
      return reply.code(400).send({ status: 400, message: 'A request value is out of range or invalid.' });
    }
    const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(statusCode).send({ status: statusCode, message: 'Internal server error.' });
    }
    return reply.code(statusCode).send({ status: statusCode, message: clientErrorMessage(error, statusCode) });
  });
}

/** Fastify's own 4xx (bad JSON, too large, bad content type) in plain words; never echoes input. */
function clientErrorMessage(error: FastifyError, statusCode: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json.';
    default:
      return statusCode === 404 ? NOT_FOUND_MESSAGE : 'Bad request.';
  }
}
