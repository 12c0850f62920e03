/**
 * A UDP socket that hands each datagram to a callback: where the provider's gateway sends its access log
 * (GATEWAY_LOG_ADDRESS, plugins/gateway-log.ts). `host:port`, `[v6]:port`; a name is resolved once.
 */
import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';

export interface UdpReceiver {
  /** The address and port bound (the port chosen when 0 was asked for). */
  address: { address: string; port: number };
  close(): Promise<void>;
}

/** `host:port` or `[v6]:port` as host and port. */
export function splitHostPort(hostPort: string): { host: string; port: number } {
  const colon = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  return { host, port: Number(hostPort.slice(colon + 1)) };
}

export async function listenUdp(
  hostPort: string,
  onMessage: (datagram: Buffer) => void,
  onError: (error: Error) => void,
  /** The socket's receive buffer: a burst of lines waits here while the event loop is busy. */
  receiveBufferBytes = 4 * 2 ** 20,
): Promise<UdpReceiver> {
  const { host, port } = splitHostPort(hostPort);
  const socket: Socket = createSocket({ type: isIPv6(host) ? 'udp6' : 'udp4' });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  try {
    socket.setRecvBufferSize(receiveBufferBytes);
  } catch {
    // The system's limit (net.core.rmem_max) stays: lines beyond it are lost in a burst, not the server.
  }
  socket.on('message', onMessage);
  socket.on('error', onError);
  socket.unref();
  const bound = socket.address();
  return {
    address: { address: bound.address, port: bound.port },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
