/**
 * Errors answered outside the request hooks, in the API's own shape: `{status, message}`, the security
 * headers and `no-store`, no internal code, no echo of the URL or of anything else the client sent.
 *
 * - Fastify's routing errors (a malformed percent-encoding in the URL, a path parameter longer than any
 *   route takes) reach `frameworkErrors` before any hook runs.
 * - An `Expect` Node does not know is answered by Node before any hook: `expectationFailedHandler`.
 * - Node's HTTP parser errors (a malformed request, headers over the size limit) and the request timeout
 *   (headers and body not received in time) reach `clientErrorHandler` with only the socket: the answer
 *   is written as raw HTTP and the connection closed.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
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

/**
 * An `Expect` other than 100-continue (RFC 9110, section 10.1.1): Node answers a bare 417 unless a
 * `checkExpectation` listener answers instead. The body the client holds back is never read, so the
 * connection is closed after the answer.
 */
export function expectationFailedHandler(headers: Headers) {
  const body = JSON.stringify({ status: 417, message: 'Only "Expect: 100-continue" is supported.' });
  return function onCheckExpectation(_request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(417, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(body);
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
