/**
 * Errors a handler or hook throws on purpose. The error handler answers them with the spec's Error
 * schema ({status, message}); anything else becomes a 500 with no details.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The public API's one answer to every authentication failure (openapi/components/responses/Unauthorized.yaml). */
export const FORBIDDEN_MESSAGE = 'forbidden';
/** The public API's answer to a valid token outside its access (openapi/components/responses/NoAccessTo*.yaml). */
export const noAccessMessage = (domain: string): string => `This token has no access to ${domain}.`;
export const LOGIN_FAILED_MESSAGE = 'Invalid email, password or user type.';
export const CROSS_SITE_MESSAGE = 'Cross-site request refused.';
export const NOT_LOGGED_IN_MESSAGE = 'Not logged in.';
export const NOT_FOUND_MESSAGE = 'Not found.';
/** A percent-encoding in the path that decodes to no text; the URL itself is never echoed. */
export const MALFORMED_URL_MESSAGE = 'The request URL is malformed.';
/** The answer for a path nothing serves (an unknown /api/ path, a missing download, any other path). */
export const NOT_FOUND_BODY = Object.freeze({ status: 404, message: NOT_FOUND_MESSAGE });
/** /healthz, and every request that waited for a database that could not open (plugins/database-gate.ts). */
export const DATABASE_UNAVAILABLE_BODY = Object.freeze({ status: 503, message: 'Database unavailable.' });
