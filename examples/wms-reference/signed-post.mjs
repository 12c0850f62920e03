// @ts-check
/**
 * One signed call of the warehouse system to the portal: the exact JSON body, signed with the shared secret
 * the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature` over id.timestamp.body).
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * @param {string} url the portal's endpoint
 * @param {string} secret the shared secret (WMS_AUTH_SECRET)
 * @param {string} body the JSON text to send, exactly as signed
 * @returns {Promise<Response>}
 */
export function signedPost(url, secret, body) {
  const webhook = new Webhook(new TextEncoder().encode(secret), { format: 'raw' });
  const id = `msg_${randomUUID()}`;
  const now = new Date();
  return fetch(url, {
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
