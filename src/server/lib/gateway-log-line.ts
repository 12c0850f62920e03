/**
 * One access-log line of the provider's gateway, as it arrives over UDP (plugins/gateway-log.ts): the
 * signed note of the call (lib/call-note.ts), the status the gateway answered, its duration and the body's
 * bytes. Two shapes, both JSON:
 *
 * - nginx: `access_log syslog:server=HOST:PORT,tag=portal portal_usage;` with `log_format portal_usage
 *   escape=json '{"call":"$portal_call","status":$status,"duration":$request_time,"size":$body_bytes_sent}'`
 *   (examples/gateway/nginx.conf). Syslog frames it (RFC 3164: `<PRI>timestamp host tag: message`).
 * - Caddy: its JSON access log (`output net udp/HOST:PORT`), with `status`, `duration` (seconds) and
 *   `size` of its own. Caddy logs the request's headers as they arrived, not the ones forward_auth copied
 *   in, so examples/gateway/Caddyfile maps the copied note to `{http.auth.user.id}`, which Caddy logs as
 *   `user_id`. A `request.headers["X-Auth-Request-Call"]` is read too, for a gateway that logs the headers
 *   it forwards.
 *
 * Nothing here is trusted but the note, which the caller verifies: the status, duration and size are the
 * gateway's word.
 */

export interface GatewayLogLine {
  note: string;
  status: number;
  durationMs: number;
  bytes: number;
}

export type LineRefusal = 'not-json' | 'no-note' | 'no-status';

const SYSLOG_HEADER = /^<\d{1,3}>[^{]*/;
const NOTE_HEADER = 'x-auth-request-call';

function numberOf(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The note from nginx's `call` field, Caddy's `user_id`, or the request headers logged (any case). */
function noteOf(line: Record<string, unknown>): string | undefined {
  if (typeof line.call === 'string' && line.call !== '') return line.call;
  if (typeof line.user_id === 'string' && line.user_id !== '') return line.user_id;
  const headers = isRecord(line.request) && isRecord(line.request.headers) ? line.request.headers : undefined;
  if (headers === undefined) return undefined;
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== NOTE_HEADER) continue;
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' && first !== '' ? first : undefined;
  }
  return undefined;
}

/** The lines of one datagram (nginx sends one a datagram, a stream may bundle several). */
export function linesOf(datagram: string): string[] {
  return datagram.split('\n').filter((line) => line.trim() !== '');
}

export function parseGatewayLogLine(text: string): GatewayLogLine | LineRefusal {
  const json = text.replace(SYSLOG_HEADER, '');
  let line: unknown;
  try {
    line = JSON.parse(json);
  } catch {
    return 'not-json';
  }
  if (!isRecord(line)) return 'not-json';
  const note = noteOf(line);
  if (note === undefined) return 'no-note';
  const status = numberOf(line.status);
  if (status === undefined || !Number.isInteger(status) || status < 100 || status > 599) return 'no-status';
  const seconds = numberOf(line.duration) ?? 0;
  return { note, status, durationMs: seconds * 1000, bytes: Math.round(numberOf(line.size) ?? 0) };
}
