/**
 * The activity log never holds a secret: one account goes through every kind of event (sign-ins, a failed
 * one, sessions ended, tokens created, refreshed, graced, re-listed, deleted and reported leaked, the sandbox
 * reset), then every
 * token value, password and session id is searched for in the activity page, its CSV, the server's log
 * (at trace) and every row of every table as text.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadSpec } from '../../src/server/spec/openapi-document.ts';
import { DEMO_PASSWORD, type Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** Every type the contract names (ActivityEventType's enum in the bundled spec). */
const EVENT_TYPES = (loadSpec().components as { schemas: { ActivityEventType: { enum: string[] } } }).schemas.ActivityEventType.enum;
/** Closing and reopening happen only to accounts of the warehouse system (account-closing.test.ts and the providers' tests). */
const ACCOUNT_STATE_TYPES = ['account_closed', 'account_reopened'];
const LOCAL_EVENT_TYPES = EVENT_TYPES.filter((type) => !ACCOUNT_STATE_TYPES.includes(type));
const WRONG_PASSWORD = 'wrong-password-never-stored';

const keyDir = mkdtempSync(join(tmpdir(), 'activity-secrets-'));
const github = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const keysFile = join(keyDir, 'github-keys.json');
const publicKey = github.publicKey.export({ type: 'spki', format: 'pem' }).toString();
writeFileSync(keysFile, JSON.stringify({ public_keys: [{ key_identifier: 'k1', key: publicKey, is_current: true }] }));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SECRET_SCANNING_KEYS_FILE: keysFile } });
});
afterAll(async () => {
  await server?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const sessionIdOf = (client: Client): string => (client.cookie ?? '').split('=')[1] ?? '';

async function created(client: Client, title: string, body: Record<string, unknown> = {}): Promise<{ id: number; token: string }> {
  const response = await client.post<{ data: { id: number; token: string } }>('/api/auth/token', { title, description: 'd', ...body });
  expect(response.status).toBe(201);
  return response.body.data;
}

it('records every kind of event, and no token value, password or session id anywhere', async () => {
  const seller = server.client();
  const elsewhere = server.client();
  await seller.login();
  await elsewhere.login();
  const secrets = [DEMO_PASSWORD, WRONG_PASSWORD, sessionIdOf(seller), sessionIdOf(elsewhere)];
  expect((await server.client().post('/api/auth/login', { email: 'seller@example.com', password: WRONG_PASSWORD, userType: 'SELLER' })).status).toBe(401);

  const ci = await created(seller, 'CI', { ipAllowlist: ['203.0.113.0/24'], scopes: ['orders'], expiresInDays: 30 });
  const spare = await created(seller, 'Spare');
  secrets.push(ci.token, spare.token);
  expect((await seller.request('PUT', `/api/portal/tokens/${ci.id}/ip-allowlist`, { body: { ipAllowlist: [] } })).status).toBe(200);
  const refreshed = await seller.get<{ data: { token: string } }>(`/api/auth/token/refresh/${ci.token}?graceHours=24`);
  secrets.push(refreshed.body.data.token);
  expect((await seller.delete(`/api/auth/token/previous-value/${refreshed.body.data.token}`)).status).toBe(200);
  expect((await seller.delete(`/api/auth/token/${spare.token}`)).status).toBe(204);

  const report = JSON.stringify([
    { token: refreshed.body.data.token, type: 'acme_api_token', url: 'https://github.com/example/ci/blob/main/.env', source: 'content' },
  ]);
  const signature = sign('sha256', Buffer.from(report), { key: github.privateKey, dsaEncoding: 'der' }).toString('base64');
  const reported = await server.client().request('POST', '/api/secret-scanning/report', {
    rawBody: report,
    headers: { 'github-public-key-identifier': 'k1', 'github-public-key-signature': signature },
  });
  expect(reported.status).toBe(200);

  expect((await seller.post('/api/portal/sandbox/reset')).status).toBe(200);

  const endpoint = await seller.post<{ endpoint: { id: number }; secret: string }>('/api/webhooks/endpoints', { url: 'https://hooks.example.com/a' });
  expect(endpoint.status).toBe(201);
  const hooks = `/api/webhooks/endpoints/${endpoint.body.endpoint.id}`;
  const rotated = await seller.post<{ secret: string }>(`${hooks}/secret/rotate`);
  secrets.push(endpoint.body.secret, rotated.body.secret);
  expect((await seller.request('PATCH', hooks, { body: { enabled: false } })).status).toBe(200);
  expect((await seller.delete(hooks)).status).toBe(204);

  expect((await seller.delete('/api/portal/sessions/others')).status).toBe(200);
  await seller.get('/api/auth/logout');
  await seller.login();
  secrets.push(sessionIdOf(seller));

  const page = await seller.get<{ data: { type: string }[]; nextCursor: string | null }>('/api/portal/activity');
  expect(page.status).toBe(200);
  expect(page.body.nextCursor).toBeNull();
  expect(EVENT_TYPES).toHaveLength(17);
  expect(new Set(page.body.data.map((event) => event.type))).toEqual(new Set(LOCAL_EVENT_TYPES));
  const csv = await seller.get('/api/portal/activity.csv');
  expect(csv.status).toBe(200);
  for (const type of LOCAL_EVENT_TYPES) expect(csv.text).toContain(`,${type},`);

  const tables = await server.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  expect(tables.map((table) => table.table_name)).toContain('activity_events');
  const rows: string[] = [];
  for (const { table_name } of tables) {
    const dump = await server.db.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
    rows.push(...dump.map((entry) => entry.row));
  }
  const everywhere = { activity: page.text, csv: csv.text, log: server.logs(), database: rows.join('\n') };
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(10);
    for (const [where, text] of Object.entries(everywhere)) expect(text.includes(secret), `${where} holds a secret`).toBe(false);
  }
});
