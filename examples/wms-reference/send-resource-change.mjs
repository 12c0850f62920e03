// @ts-check
/**
 * The WMS side of `POST /api/provider/resource-changes`: tells the portal that an order, return, import,
 * quotation or inventory count changed, so integrators' live webhook endpoints hear of it. Signed with the
 * shared secret the Standard Webhooks way, over the exact bytes sent.
 *
 *   WMS_AUTH_SECRET=... node examples/wms-reference/send-resource-change.mjs https://developers.example.com \
 *     normal_order 1042 wms-user-1001 status PACKED SHIPPED
 */
import { fileURLToPath } from 'node:url';
import { signedPost } from './signed-post.mjs';

/**
 * Sends one change; resolves to the portal's answer (202 when its events are recorded).
 * @param {{ portal: string, secret: string, change: { resource: string, resourceId: number, seller: string, warehouse?: string | null, time?: string, changes: Record<string, { previous: string | number, current: string | number }> } }} options
 * @returns {Promise<Response>}
 */
export function sendResourceChange({ portal, secret, change }) {
  const body = JSON.stringify({ time: new Date().toISOString(), ...change });
  return signedPost(new URL('/api/provider/resource-changes', portal).href, secret, body);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [portal = '', resource = '', resourceId = '', seller = '', field = '', previous = '', current = ''] = process.argv.slice(2);
  if (!portal || !resource || !resourceId || !seller || !field || !current)
    throw new Error('usage: send-resource-change.mjs PORTAL_ORIGIN RESOURCE RESOURCE_ID SELLER_SUBJECT FIELD PREVIOUS CURRENT');
  const change = { resource, resourceId: Number(resourceId), seller, changes: { [field]: { previous, current } } };
  const response = await sendResourceChange({ portal, secret: process.env.WMS_AUTH_SECRET ?? '', change });
  console.log(response.status, await response.text());
}
