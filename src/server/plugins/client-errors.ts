/**
 * Errors answered outside the request hooks, in the API's own shape: `{status, message}`, the security
 * headers and `no-store`, no internal code, no echo of the URL or of anything else the client sent.
 *
 * - Fastify's routing errors (a malformed percent-encoding in the URL, a path parameter longer than any
 *   route takes) reach `frameworkErrors` before any hook runs.
 * - Node's HTTP parser errors (a malformed request, headers over the size limit) and the request timeout
 *   (headers and body not received in time) reach `clientErrorHandler` with only the socket: the answer
 *   is written as raw HTTP and the connection closed.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MALFORMED_URL_MESSAGE, NOT_FOUND_MESSAGE } from '../lib/http-error.ts';

type Headers = Readonly<Record<string, string>>;

/** Status and message for an error Node's HTTP server reports on a connection. */
export function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request was not received in time.' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request headers are too large.' };
    default:
      return { status: 400, message: 'The request is not valid HTTP.' };
  }
}

function rawResponse(status: number, message: string, headers: Headers): string {
  const body = JSON.stringify({ status, message });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

export function clientErrorHandler(headers: Headers) {
  return function onClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = clientErrorAnswer(error.code);
    this.log.debug({ code: error.code, status }, 'client error');
    // Node's own handler checks the same private field: a response already started cannot be replaced.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && inFlight?.headersSent !== true) socket.end(rawResponse(status, message, headers));
    socket.destroySoon();
  };
}

export function frameworkErrorHandler(headers: Headers) {
  return function onFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
    // A path parameter longer than any route takes names nothing that exists.
    const [status, message] =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [404, NOT_FOUND_MESSAGE]
        : error.code === 'FST_ERR_BAD_URL'
          ? [400, MALFORMED_URL_MESSAGE]
          : [500, 'Internal server error.'];
    void reply
      .code(status)
      .headers(headers)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ status, message }));
  };
}
