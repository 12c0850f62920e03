/**
 * A webhook receiver for tests: a plain HTTP server on 127.0.0.1 that keeps every request it gets (its
 * Standard Webhooks headers and exact body) and answers what the test says, at once or once the test lets
 * it go. `verify` checks a request as a receiver would, with the `standardwebhooks` package.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  receivedAt: number;
}

export interface Answer {
  status: number;
  body?: string;
  /** The answer waits for this (a receiver that holds the request). */
  after?: Promise<unknown>;
}

export interface WebhookReceiver {
  /** The receiver's origin, e.g. http://127.0.0.1:43121 (add any path). */
  origin: string;
  received: ReceivedWebhook[];
  /** What each request is answered; 200 unless set. */
  answer: (request: ReceivedWebhook) => Answer;
  /** Resolves once `count` requests (to `path`, when given) have arrived. */
  waitFor(count: number, options?: { path?: string; timeoutMs?: number }): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export function verifies(received: ReceivedWebhook, secret: string): boolean {
  try {
    new Webhook(secret).verify(received.body, {
      'webhook-id': received.id,
      'webhook-timestamp': received.timestamp,
      'webhook-signature': received.signature,
    });
    return true;
  } catch {
    return false;
  }
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, 'origin' | 'close' | 'waitFor'> = { received: [], answer: () => ({ status: 200 }) };
  const waiting = new Set<() => void>();
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = (name: string) => String(request.headers[name] ?? '');
      const got: ReceivedWebhook = {
        path: request.url ?? '/',
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      receiver.received.push(got);
      for (const wake of waiting) wake();
      const answer = receiver.answer(got);
      void Promise.resolve(answer.after).then(
        () => {
          if (!response.destroyed) response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? 'ok');
        },
        () => response.destroy(),
      );
    });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    origin: `http://127.0.0.1:${port}`,
    async waitFor(count: number, options: { path?: string; timeoutMs?: number } = {}) {
      const matching = () => receiver.received.filter((got) => options.path === undefined || got.path === options.path);
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      while (matching().length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`waited for ${count} webhooks${options.path === undefined ? '' : ` to ${options.path}`}, got ${matching().length}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 200));
          waiting.add(wake);
        });
      }
      return matching();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
