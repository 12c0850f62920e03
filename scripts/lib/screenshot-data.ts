/**
 * What the screenshots show besides the seeded demo data: the demo seller's tokens (one in a grace window,
 * one limited to two domains and to an IP allowlist this browser is outside of, one expiring within 7 days,
 * one reported found in public and revoked), a second signed-in session, a failed sign-in, and so an
 * Activity screen with every kind of token event. Leak reports are signed with a key made for the run.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KEY_ID = 'screenshots';
const SELLER = { email: 'seller@example.com', password: 'demo-password', userType: 'SELLER' };
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

export interface ShotKeys {
  /** GitHub's public_keys shape, for SECRET_SCANNING_KEYS_FILE. */
  file: string;
  privateKey: KeyObject;
  remove: () => void;
}

export function makeShotKeys(): ShotKeys {
  const dir = mkdtempSync(join(tmpdir(), 'screenshot-keys-'));
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const file = join(dir, 'github-keys.json');
  const key = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  writeFileSync(file, JSON.stringify({ public_keys: [{ key_identifier: KEY_ID, key, is_current: true }] }));
  return { file, privateKey, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function signIn(baseUrl: string, userAgent?: string, password = SELLER.password): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...(userAgent ? { 'user-agent': userAgent } : {}) },
    body: JSON.stringify({ ...SELLER, password }),
  });
  if (password === SELLER.password && !response.ok) throw new Error(`demo login failed: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function reportLeak(baseUrl: string, keys: ShotKeys, token: string): Promise<void> {
  const body = JSON.stringify([{ token, type: 'acme_api_token', url: 'https://github.com/example-shop/deploy-scripts/blob/main/.env', source: 'content' }]);
  const signature = sign('sha256', Buffer.from(body), { key: keys.privateKey, dsaEncoding: 'der' }).toString('base64');
  const response = await fetch(`${baseUrl}/api/secret-scanning/report`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Secret-Scanning/1.0',
      'github-public-key-identifier': KEY_ID,
      'github-public-key-signature': signature,
    },
    body,
  });
  if (!response.ok) throw new Error(`the demo leak report failed: ${response.status}`);
}

export async function seedShotData(baseUrl: string, keys: ShotKeys): Promise<void> {
  await signIn(baseUrl, undefined, 'a-wrong-password');
  await signIn(baseUrl, OTHER_BROWSER);
  const cookie = await signIn(baseUrl);
  const headers = { 'content-type': 'application/json', cookie, origin: baseUrl };
  const tokens = [
    { title: 'CI', description: 'Deploy pipeline smoke tests.', expiresInDays: 30 },
    { title: 'Shopify sync', description: 'Imports new orders from the Shopify store every 10 minutes.' },
    {
      title: 'ERP inventory feed',
      description: 'Nightly stock level export to the ERP.',
      expiresInDays: 180,
      scopes: ['warehouses', 'products'],
      ipAllowlist: ['203.0.113.0/24', '2001:db8:4::/48'],
    },
    { title: 'Partner trial', description: 'Order status for a 3PL partner during the trial week.', expiresInDays: 7, scopes: ['orders'] },
  ];
  for (const body of tokens) {
    const created = await fetch(`${baseUrl}/api/auth/token`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!created.ok) throw new Error(`creating a demo token failed: ${created.status}`);
    const { data } = (await created.json()) as { data: { token: string } };
    if (body.title === 'CI') await reportLeak(baseUrl, keys, data.token);
    if (body.title !== 'Shopify sync') continue;
    const refreshed = await fetch(`${baseUrl}/api/auth/token/refresh/${data.token}?graceHours=24`, { headers });
    if (!refreshed.ok) throw new Error(`refreshing a demo token failed: ${refreshed.status}`);
  }
  await seedWebhookEndpoints(baseUrl, headers);
}

/** Two webhook endpoints for the Webhooks screen: one on for every event, one switched off by its owner. */
async function seedWebhookEndpoints(baseUrl: string, headers: Record<string, string>): Promise<void> {
  const endpoints = [
    { url: 'https://shop.example.com/hooks/fulfillment', description: 'Order updates for the shop backend', eventTypes: [] },
    {
      url: 'https://erp.example.net/integrations/inbound/stock',
      description: 'Stock levels for the ERP',
      eventTypes: ['seller.product.inventory_changed', 'seller.import.status_changed'],
      off: true,
    },
  ];
  for (const { off, ...body } of endpoints) {
    const created = await fetch(`${baseUrl}/api/webhooks/endpoints`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!created.ok) throw new Error(`creating a demo webhook endpoint failed: ${created.status}`);
    if (!off) continue;
    const { endpoint } = (await created.json()) as { endpoint: { id: number } };
    const switched = await fetch(`${baseUrl}/api/webhooks/endpoints/${endpoint.id}`, { method: 'PATCH', headers, body: JSON.stringify({ enabled: false }) });
    if (!switched.ok) throw new Error(`switching a demo webhook endpoint off failed: ${switched.status}`);
  }
}
