// @ts-check
/**
 * The WMS side of `POST /api/provider/account-events`: tells the portal that an account was closed or
 * changed, signed with the shared secret the Standard Webhooks way, over the exact bytes sent.
 *
 *   WMS_AUTH_SECRET=... node examples/wms-reference/send-account-event.mjs https://developers.example.com account.closed wms-user-1042
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';

/**
 * Sends one event; resolves to the portal's answer (204 when applied).
 * @param {{ portal: string, secret: string, type: 'account.closed' | 'account.changed', subject: string }} event
 * @returns {Promise<Response>}
 */
export function sendAccountEvent({ portal, secret, type, subject }) {
  const webhook = new Webhook(new TextEncoder().encode(secret), { format: 'raw' });
  const body = JSON.stringify({ type, subject });
  const id = `msg_${randomUUID()}`;
  const now = new Date();
  return fetch(new URL('/api/provider/account-events', portal), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': webhook.sign(id, now, body),
    },
    body,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [portal = '', type = '', subject = ''] = process.argv.slice(2);
  if (type !== 'account.closed' && type !== 'account.changed')
    throw new Error('usage: send-account-event.mjs PORTAL_ORIGIN account.closed|account.changed SUBJECT');
  const response = await sendAccountEvent({ portal, secret: process.env.WMS_AUTH_SECRET ?? '', type, subject });
  console.log(response.status, await response.text());
}
