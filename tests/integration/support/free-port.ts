/**
 * A port free now on 127.0.0.1, for a server whose own origin must be known before it starts (PUBLIC_ORIGIN),
 * and the wait until another program's server listens on it.
 */
import { connect, createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Resolves once something accepts connections on 127.0.0.1:port; fails after 15 s, naming the server.
 * `stillRunning` throws when the server's process has ended, so a crash fails at once with its reason.
 */
export async function waitForPort(port: number, name: string, stillRunning: () => void = () => undefined): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    stillRunning();
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not listen on ${port} within 15 s`);
}
