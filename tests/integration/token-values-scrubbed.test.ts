/**
 * No token value is kept anywhere: a real token (created through the API) is sent in every captured place
 * of a public call and of the portal's own calls (path, query name and value, User-Agent, Referer,
 * X-Forwarded-For behind TRUST_PROXY) in every spelling (literal, percent-encoded in upper and lower case,
 * every character encoded, encoded twice, the prefix in capitals), then it is searched for, as written and
 * after decoding, in the request log's rows and CSV, the activity log and its CSV, the sessions list, the
 * server's log lines, every row of every table and every file of the data directory (PGlite's files, its
 * WAL among them). Runs on both databases (integration-pglite, integration-postgres).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { brand } from '../../src/generated/brand.ts';
import { allRows } from './support/all-rows.ts';
import type { Client } from './support/http-client.ts';
import { copyTemplateDatabase, type TestDatabase } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let database: TestDatabase;
let server: TestServer;
let closed = false;
beforeAll(async () => {
  database = await copyTemplateDatabase();
  // Behind a proxy, so X-Forwarded-For is what the server takes as the client's address.
  server = await startTestServer({ database, env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  if (!closed) await server?.close();
  await database?.drop();
});

const hex = (char: string, lower: boolean) => {
  const code = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${lower ? code : code.toUpperCase()}`;
};
const encode = (text: string, pick: (char: string) => boolean, lower = false) => [...text].map((char) => (pick(char) ? hex(char, lower) : char)).join('');

/** The spellings a token value can be sent in. */
function spellingsOf(token: string): Record<string, string> {
  const underscores = (char: string) => char === '_';
  const upperPrefix = token.replace(/^[^_]+_[^_]+_[^_]+_/, (prefix) => prefix.toUpperCase());
  expect(upperPrefix).not.toBe(token);
  return {
    literal: token,
    'encoded, upper case': encode(token, underscores),
    'encoded, lower case': encode(token, underscores, true),
    'every character encoded': encode(token, () => true, true),
    'encoded twice': encode(encode(token, underscores), (char) => char === '%'),
    'prefix in capitals': upperPrefix,
    'prefix in capitals, encoded': encode(upperPrefix, underscores, true),
  };
}

/** ASCII escapes decoded once (a token is ASCII); a stray `%` stays. */
const decodeOnce = (text: string) => text.replace(/%([0-7][0-9A-Fa-f])/g, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)));

/** Whether `text` holds the secret part of the token, as written or after decoding, in any case. */
function holds(text: string, secret: string): boolean {
  const wanted = secret.toLowerCase();
  let current = text;
  for (let round = 0; round < 10; round += 1) {
    if (current.toLowerCase().includes(wanted)) return true;
    const decoded = decodeOnce(current);
    if (decoded === current) return false;
    current = decoded;
  }
  return true;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

it('keeps no token value in any captured field, log line, download, row or database file', async () => {
  const seller: Client = server.client();
  await seller.login();
  const token = await seller.createToken('Smuggled', 'sent in every captured place');
  expect(token.startsWith(`${brand.tokenPrefix}_s_`)).toBe(true);
  // The random part and its checksum: what makes the value a secret.
  const secret = token.slice(-28);
  const spellings = spellingsOf(token);

  let publicCalls = 0;
  for (const spelled of Object.values(spellings)) {
    const headers = { 'user-agent': `probe/1.0 (${spelled})`, referer: `https://app.example/?t=${spelled}`, 'x-forwarded-for': spelled };
    const calls = [
      `/api/v1/seller/orders/normal/${spelled}`,
      `/api/v1/seller/orders/normal?token=${spelled}`,
      `/api/v1/seller/orders/normal?${spelled}=1`,
      `/api/v1/seller/orders/normal?q=a+${spelled}+b&page=0`,
      `/api/seller/orders/normal?t=${spelled}`,
    ];
    for (const path of calls) {
      const answer = await seller.api(path, token, { headers, unchecked: true });
      expect(answer.status, path).toBeLessThan(500);
      publicCalls += 1;
    }
    // Not an operation: only the access log sees it.
    await seller.api(`/api/v1/no-such-thing/${spelled}?t=${spelled}`, token, { headers, unchecked: true });
    // The portal's own calls record activity and sessions with the same agent and forwarded address.
    const other = server.client();
    await other.request('POST', '/api/auth/login', {
      body: { email: 'seller@example.com', password: 'demo-password', userType: 'SELLER' },
      headers,
    });
    const made = await other.request<{ data: { id: number } }>('POST', '/api/auth/token', { body: { title: 'probe', description: 'd' }, headers });
    expect(made.status).toBe(201);
    expect((await other.request('GET', '/api/auth/logout', { headers })).status).toBeLessThan(400);
  }
  await server.app.flushRequestLog();

  const log = await seller.get<{ data: Array<{ path: string; userAgent: string | null; clientAddress: string | null }> }>('/api/usage/requests');
  expect(log.status).toBe(200);
  // The calls were recorded, scrubbed rather than left out.
  expect(log.body.data.length).toBeGreaterThanOrEqual(publicCalls);
  for (const row of log.body.data.filter((entry) => entry.userAgent?.startsWith('probe/'))) {
    expect(row.userAgent).toBe('probe/1.0 ([redacted])');
    expect(row.path).toContain('[redacted]');
    expect(row.clientAddress).toBeNull();
  }
  const logCsv = await seller.get('/api/usage/requests.csv');
  expect(logCsv.status).toBe(200);
  expect(logCsv.text).toContain('probe/1.0 ([redacted])');
  const activity = await seller.get<{ data: Array<{ userAgent: string | null; ipAddress: string | null }> }>('/api/portal/activity');
  expect(activity.status).toBe(200);
  const probed = activity.body.data.filter((event) => event.userAgent?.startsWith('probe/'));
  expect(probed.length).toBeGreaterThanOrEqual(Object.keys(spellings).length * 2);
  for (const event of probed) expect(event).toMatchObject({ userAgent: 'probe/1.0 ([redacted])', ipAddress: null });
  const activityCsv = await seller.get('/api/portal/activity.csv');
  expect(activityCsv.status).toBe(200);
  const sessions = await seller.get('/api/portal/sessions');

  const rows = await allRows(server);
  expect(rows.join('\n')).toContain('probe/1.0 ([redacted])');

  const places: Record<string, string> = {
    'request log rows': log.text,
    'request log CSV': logCsv.text,
    'activity events': activity.text,
    'activity CSV': activityCsv.text,
    sessions: sessions.text,
    'database rows': rows.join('\n'),
  };
  for (const [where, text] of Object.entries(places)) expect(holds(text, secret), `${where} hold the token`).toBe(false);

  // The server's log, at trace, and the data directory's files once the server has closed them.
  await server.close();
  closed = true;
  const lines = server.logs();
  expect(lines).toContain('"url":"/api/v1/seller/orders/normal?token=[redacted]"');
  expect(holds(lines, secret), 'the server log holds the token').toBe(false);
  const files = filesUnder(database.dataDir);
  const contents = files.map((file) => readFileSync(file).toString('latin1'));
  // PGlite's files hold the rows as written, so the search would find a kept value.
  if (database.databaseUrl === undefined) expect(contents.some((text) => text.includes('probe/1.0 ([redacted])'))).toBe(true);
  files.forEach((file, index) => expect(holds(contents[index] ?? '', secret), `${file} holds the token`).toBe(false));
});
