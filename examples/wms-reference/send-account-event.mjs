// @ts-check
/**
 * The WMS side of `POST /api/provider/account-events`: tells the portal that an account was closed or
 * changed, signed with the shared secret the Standard Webhooks way, over the exact bytes sent.
 *
 *   WMS_AUTH_SECRET=... node examples/wms-reference/send-account-event.mjs https://developers.example.com account.closed wms-user-1042
 */
import { fileURLToPath } from 'node:url';
import { signedPost } from './signed-post.mjs';

/**
 * Sends one event; resolves to the portal's answer (204 when applied).
 * @param {{ portal: string, secret: string, type: 'account.closed' | 'account.changed', subject: string }} event
 * @returns {Promise<Response>}
 */
export function sendAccountEvent({ portal, secret, type, subject }) {
  const body = JSON.stringify({ type, subject });
  return signedPost(new URL('/api/provider/account-events', portal).href, secret, body);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [portal = '', type = '', subject = ''] = process.argv.slice(2);
  if (type !== 'account.closed' && type !== 'account.changed')
    throw new Error('usage: send-account-event.mjs PORTAL_ORIGIN account.closed|account.changed SUBJECT');
  const response = await sendAccountEvent({ portal, secret: process.env.WMS_AUTH_SECRET ?? '', type, subject });
  console.log(response.status, await response.text());
}
