/**
 * HTTP over a plain socket, for what fetch cannot send: malformed requests, oversized headers, bodies that
 * stop halfway, methods fetch refuses (TRACE), several requests on one connection.
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits the bytes a server sent into its responses (content-length or chunked bodies). */
export function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    rest = rest.slice(end + 4);
    let body = '';
    if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const sizeEnd = rest.indexOf('\r\n');
        const size = Number.parseInt(rest.slice(0, sizeEnd), 16);
        rest = rest.slice(sizeEnd + 2);
        if (!(size > 0)) {
          rest = rest.slice(2);
          break;
        }
        body += rest.slice(0, size);
        rest = rest.slice(size + 2);
      }
    } else {
      const length = Number(headers['content-length'] ?? 0);
      body = rest.slice(0, length);
      rest = rest.slice(length);
    }
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body });
  }
  return responses;
}

export interface RawConnection {
  socket: net.Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves once the received bytes satisfy the condition. */
  until(condition: (received: string) => boolean): Promise<string>;
  /** Resolves when the server has closed the connection, with everything it sent. */
  closed: Promise<string>;
}

export async function rawConnection(baseUrl: string): Promise<RawConnection> {
  const { port, hostname } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let text = '';
  const waiters = new Set<() => void>();
  socket.on('data', (chunk) => {
    text += chunk.toString('latin1');
    for (const wake of waiters) wake();
  });
  // A reset after the server's answer is still an answer.
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  return {
    socket,
    received: () => text,
    until(condition) {
      return new Promise((resolve) => {
        const check = () => {
          if (!condition(text)) return;
          waiters.delete(check);
          resolve(text);
        };
        waiters.add(check);
        check();
      });
    },
    closed,
  };
}

/** Sends bytes on a new connection and returns the responses once the server closes it. */
export async function sendRaw(baseUrl: string, bytes: string): Promise<RawResponse[]> {
  const connection = await rawConnection(baseUrl);
  connection.socket.write(bytes);
  return parseResponses(await connection.closed);
}
