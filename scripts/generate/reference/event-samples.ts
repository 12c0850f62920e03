/**
 * The code samples of an event: a small receiver in Node.js and Python that checks the delivery with the
 * Standard Webhooks libraries (`standardwebhooks` on npm and PyPI; standardwebhooks.com), acts on this
 * event's type and answers 2xx at once. Each is a whole program using only the library and the language's
 * own HTTP server, so it runs as shown. The libraries strip the `whsec_` prefix, base64-decode the secret,
 * compare the HMAC-SHA256 of `id.timestamp.body` and refuse a timestamp five minutes away, so the samples
 * do none of that by hand. They hold no token, only the name of the variable that keeps the secret.
 */
import type { Brand } from '../../../src/shared/brand.ts';
import type { CodeSample } from '../../../src/shared/portal-data/reference-page.ts';

/** The environment variable the samples read the endpoint's signing secret from, e.g. `ACME_WEBHOOK_SECRET`. */
function secretVariableOf(brand: Brand): string {
  return `${brand.name}_WEBHOOK_SECRET`;
}

function node(eventType: string, variable: string): string {
  return `import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

// The endpoint's signing secret (whsec_...), from the portal's Webhooks screen.
const webhook = new Webhook(process.env.${variable});

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let event;
    try {
      // Checks webhook-signature over webhook-id, webhook-timestamp and the raw body.
      event = webhook.verify(Buffer.concat(chunks).toString('utf8'), request.headers);
    } catch {
      response.writeHead(400).end();
      return;
    }
    // Answer 2xx within 15 seconds; do slow work after answering.
    response.writeHead(204).end();
    if (event.type === '${eventType}') {
      console.log(event.id, event.data);
    }
  });
}).listen(3000);
`;
}

function python(eventType: string, variable: string): string {
  return `import os
from http.server import BaseHTTPRequestHandler, HTTPServer

from standardwebhooks.webhooks import Webhook

# The endpoint's signing secret (whsec_...), from the portal's Webhooks screen.
webhook = Webhook(os.environ["${variable}"])


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        try:
            # Checks webhook-signature over webhook-id, webhook-timestamp and the raw body.
            event = webhook.verify(body, dict(self.headers))
        except Exception:
            self.send_response(400)
            self.end_headers()
            return
        # Answer 2xx within 15 seconds; do slow work after answering.
        self.send_response(204)
        self.end_headers()
        if event["type"] == "${eventType}":
            print(event["id"], event["data"])


HTTPServer(("", 3000), Receiver).serve_forever()
`;
}

export function eventSamples(eventType: string, brand: Brand): CodeSample[] {
  const variable = secretVariableOf(brand);
  // Nothing for a token picker to fill in: `withToken` is the sample itself.
  const sample = (lang: CodeSample['lang'], label: string, code: string): CodeSample => ({ lang, label, code, withToken: code });
  return [sample('javascript', 'Node.js', node(eventType, variable)), sample('python', 'Python', python(eventType, variable))];
}
