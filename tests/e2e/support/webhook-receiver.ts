/**
 * A webhook receiver for the end-to-end tests: a plain Node HTTP server on 127.0.0.1 that verifies every
 * delivery with the standardwebhooks library, as an integrator's server would, records it, and answers
 * 200 or, when told to fail, 500.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  id: string;
  /** Whether standardwebhooks accepted its signature and timestamp. */
  verified: boolean;
  body: { type?: string; data?: { resourceId?: number; changes?: Record<string, { previous: unknown; current: unknown }> } };
  answered: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The endpoint's secret, once the portal has shown it. */
  secret: string | null;
  /** 200 while true, 500 otherwise. */
  healthy: boolean;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = { url: '', received: [], secret: null, healthy: true, close: async () => undefined };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      try {
        if (receiver.secret) new Webhook(receiver.secret).verify(raw, request.headers as Record<string, string>);
        verified = receiver.secret !== null;
      } catch {
        verified = false;
      }
      const answered = receiver.healthy ? 200 : 500;
      receiver.received.push({ id: String(request.headers['webhook-id'] ?? ''), verified, body: JSON.parse(raw) as ReceivedDelivery['body'], answered });
      response.writeHead(answered, { 'content-type': 'text/plain' });
      response.end(receiver.healthy ? `received ${String(request.headers['webhook-id'])}` : 'receiver down on purpose');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
