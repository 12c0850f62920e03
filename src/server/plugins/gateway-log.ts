/**
 * Usage for the calls the provider's gateway answers after the portal's check (checkGatewayCall): with
 * GATEWAY_LOG_ADDRESS the portal receives the gateway's access log over UDP (nginx's `syslog:`, Caddy's
 * `net` output; lib/gateway-log-line.ts reads both) and turns each line whose call note verifies
 * (lib/call-note.ts: its HMAC, at most NOTE_MAX_AGE_MS old, not seen before by this process) into a
 * request-log row, through the same buffer and store as the portal's own calls: the gateway's status,
 * duration and bytes, and the caller, operation, path and address the check signed.
 *
 * A 304 the gateway reports gives the check's place in the rate limit back, as a 304 the portal answers
 * does (public-api/rate-limit.ts), when this process counts the token's current window.
 *
 * Anything else is dropped and counted (gatewayLogStats, and a debug line naming the reason only: a line
 * may hold what its gateway logs, and that is never written here). The status, duration and bytes are the
 * gateway's word, unsigned: bind the address where only the gateway can send to it.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { listenUdp, type UdpReceiver } from '../io/udp-receiver.ts';
import { CALL_NOTE_KEY_PURPOSE, createCallNoter, SeenNotes, type NoteRefusal } from '../lib/call-note.ts';
import { linesOf, parseGatewayLogLine, type LineRefusal } from '../lib/gateway-log-line.ts';

/** A line later than this after its check is refused: a gateway logs a call when it ends. */
export const NOTE_MAX_AGE_MS = 10 * 60_000;

type DropReason = LineRefusal | NoteRefusal | 'replayed';

export interface GatewayLogStats {
  /** Where the lines are received; undefined without GATEWAY_LOG_ADDRESS. */
  address: string | undefined;
  lines: number;
  recorded: number;
  refunded: number;
  dropped: Partial<Record<DropReason, number>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the gateway's access log brought so far (tests read it; lines are counted, never kept). */
    gatewayLogStats(): GatewayLogStats;
  }
}

export function registerGatewayLog(app: FastifyInstance, ctx: ServerContext): void {
  const stats: GatewayLogStats = { address: undefined, lines: 0, recorded: 0, refunded: 0, dropped: {} };
  app.decorate('gatewayLogStats', () => structuredClone(stats));
  const configured = ctx.config.gatewayLogAddress;
  if (configured === undefined) return;

  const noter = createCallNoter(ctx.keys.deriveKey(CALL_NOTE_KEY_PURPOSE));
  const seen = new SeenNotes(NOTE_MAX_AGE_MS);

  function drop(reason: DropReason): void {
    const count = (stats.dropped[reason] ?? 0) + 1;
    stats.dropped[reason] = count;
    app.log.debug({ reason, dropped: count }, 'gateway log line dropped');
  }

  function receive(text: string): void {
    stats.lines += 1;
    const line = parseGatewayLogLine(text);
    if (typeof line === 'string') return drop(line);
    const now = Date.now();
    const note = noter.verify(line.note, now, NOTE_MAX_AGE_MS);
    if (typeof note === 'string') return drop(note);
    if (!seen.firstTime(note.id, note.at, now)) return drop('replayed');
    app.logPublicCall({
      request: { method: note.method, url: note.path, headers: { 'user-agent': note.userAgent ?? undefined }, ip: note.address },
      operationId: note.operationId,
      owner: { tokenId: note.tokenId, userId: note.userId },
      status: line.status,
      durationMs: line.durationMs,
      responseBytes: line.bytes,
    });
    stats.recorded += 1;
    if (line.status === 304) {
      ctx.rateLimit.giveBack(note.tokenId);
      stats.refunded += 1;
    }
  }

  let receiver: UdpReceiver | undefined;
  app.addHook('onReady', async () => {
    receiver = await listenUdp(
      configured,
      (datagram) => {
        for (const text of linesOf(datagram.toString('utf8'))) receive(text);
      },
      (error) => app.log.warn({ err: error }, 'gateway log receiver failed'),
    );
    stats.address = `${receiver.address.address}:${receiver.address.port}`;
    app.log.info({ address: stats.address }, 'receiving the gateway access log');
  });
  // Closed before the request log's writer stops (onClose hooks run in reverse order of registration).
  app.addHook('onClose', async () => receiver?.close());
}
