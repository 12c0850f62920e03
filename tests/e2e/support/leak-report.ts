/**
 * GitHub's secret scanning partner reports, as GitHub sends them: the end-to-end server trusts a P-256 key
 * made for the run (makeReportingKey, from global setup), and reportLeak signs a report with it.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';

const KEY_DIR = join(process.cwd(), '.tmp', 'e2e-secret-scanning');
const KEY_ID = 'e2e-reporting-key';

/** Writes a fresh key pair: the public half in GitHub's `public_keys` shape. Returns the keys file's path. */
export function makeReportingKey(): string {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  mkdirSync(KEY_DIR, { recursive: true });
  const keysFile = join(KEY_DIR, 'github-keys.json');
  const key = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  writeFileSync(keysFile, JSON.stringify({ public_keys: [{ key_identifier: KEY_ID, key, is_current: true }] }));
  writeFileSync(join(KEY_DIR, 'private.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  return keysFile;
}

/** Reports one token found in public, signed as GitHub signs; returns GitHub's feedback. */
export async function reportLeak(request: APIRequestContext, token: string, url: string): Promise<unknown> {
  const body = JSON.stringify([{ token, type: 'acme_api_token', url, source: 'content' }]);
  const signature = sign('sha256', Buffer.from(body), { key: readFileSync(join(KEY_DIR, 'private.pem')), dsaEncoding: 'der' }).toString('base64');
  const response = await request.post('/api/secret-scanning/report', {
    data: body,
    headers: { 'content-type': 'application/json', 'github-public-key-identifier': KEY_ID, 'github-public-key-signature': signature },
  });
  if (response.status() !== 200) throw new Error(`leak report answered ${response.status()}: ${await response.text()}`);
  return response.json();
}
