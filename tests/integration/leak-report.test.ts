/**
 * Leaked tokens reported by GitHub secret scanning, on the real server: a report signed with a P-256 key
 * made here (in a keys file of GitHub's shape) revokes each live token of ours at once and answers GitHub's
 * feedback shape; unsigned, badly signed and unknown-key reports change nothing; a repeat is harmless; the
 * revoked card, the owner's event and leak notices; and on PostgreSQL another replica refuses the token at
 * once. A configured keys file that cannot be used stops the start.
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTokenValue } from '../../src/server/lib/token-format.ts';
import type { Client, TestResponse } from './support/http-client.ts';
import { TEST_DATABASE } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const LIST = '/api/v1/seller/warehouses?page=0&size=1';
const FORBIDDEN = '{"status":401,"message":"forbidden"}';
const UNVERIFIED = { status: 401, message: "The report's signature could not be verified." };
const KEY_ID = 'test-key-1';
const REPORTER = 'GitHub-Secret-Scanning/1.0';

type ApiToken = { id: number; title: string; token: string; revocation: { revokedDate: string; foundAt: string; source: string } | null };
type Feedback = { token_hash: string; token_type: string; label: 'true_positive' | 'false_positive' }[];
type Item = { token: string; type: string; url: string; source: string };

const keyDir = mkdtempSync(join(tmpdir(), 'leak-report-keys-'));
const github = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const keysFile = join(keyDir, 'github-keys.json');
writeFileSync(
  keysFile,
  JSON.stringify({ public_keys: [{ key_identifier: KEY_ID, key: github.publicKey.export({ type: 'spki', format: 'pem' }).toString(), is_current: true }] }),
);
const env = { SECRET_SCANNING_KEYS_FILE: keysFile };

let server: TestServer;
let seller: Client;

beforeAll(async () => {
  server = await startTestServer({ env });
  seller = server.client();
  await seller.login();
});
afterAll(async () => {
  await server?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const item = (token: string, url = 'https://github.com/example/erp-sync/blob/main/.env'): Item => ({ token, type: 'acme_api_token', url, source: 'content' });

/** Sends a report as GitHub does: these exact bytes, signed (or not) as the options say. */
async function report(
  body: string,
  { keyId = KEY_ID, key = github.privateKey, signature }: { keyId?: string | null; key?: KeyObject; signature?: string | null } = {},
  target: TestServer = server,
): Promise<TestResponse<Feedback>> {
  const headers: Record<string, string> = { 'user-agent': REPORTER };
  if (keyId !== null) headers['github-public-key-identifier'] = keyId;
  const signed = signature === undefined ? sign('sha256', Buffer.from(body), { key, dsaEncoding: 'der' }).toString('base64') : signature;
  if (signed !== null) headers['github-public-key-signature'] = signed;
  return target.client().request<Feedback>('POST', '/api/secret-scanning/report', { rawBody: body, headers });
}

async function create(title: string): Promise<ApiToken> {
  const response = await seller.post<{ data: ApiToken }>('/api/auth/token', { title, description: 'd' });
  if (response.status !== 201) throw new Error(`create failed: ${response.status}`);
  return response.body.data;
}
const card = async (id: number) => (await seller.get<{ data: ApiToken[] }>('/api/auth/token')).body.data.find((token) => token.id === id);
const leakEvents = (tokenId: number) =>
  server.db.query<{ ip_address: string; user_agent: string; token_title: string; details: unknown }>(
    `SELECT ip_address, user_agent, token_title, details FROM activity_events WHERE token_id = $1 AND event_type = 'token_revoked_leaked'`,
    [tokenId],
  );

describe('a signed report', () => {
  it('revokes a live token at once, answers GitHub feedback in order, and keeps the card as revoked', async () => {
    const leaked = await create('CI');
    const bystander = await create('Bystander');
    // Cached by this server: the revocation must evict it.
    expect((await seller.api(LIST, leaked.token)).status).toBe(200);

    const junk = 'not-a-token';
    // Well formed (prefix, alphabet, checksum), so it reaches the lookup, and no token of ours.
    const unknown = generateTokenValue('SELLER', 'sandbox');
    // Pretty-printed, as a sender may: the signature covers these bytes, whitespace included.
    const body = JSON.stringify([item(leaked.token), item(junk), item(unknown)], null, 2);
    const response = await report(body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { token_hash: sha256(leaked.token), token_type: 'acme_api_token', label: 'true_positive' },
      { token_hash: sha256(junk), token_type: 'acme_api_token', label: 'false_positive' },
      { token_hash: sha256(unknown), token_type: 'acme_api_token', label: 'false_positive' },
    ]);

    expect((await seller.api(LIST, leaked.token)).text).toBe(FORBIDDEN);
    server.evictCachedTokens();
    expect((await seller.api(LIST, leaked.token)).text).toBe(FORBIDDEN);
    expect((await seller.api(LIST, bystander.token)).status).toBe(200);

    const revoked = await card(leaked.id);
    expect(revoked?.revocation).toEqual({ revokedDate: expect.any(String), foundAt: 'https://github.com/example/erp-sync/blob/main/.env', source: 'content' });
    expect((await card(bystander.id))?.revocation).toBeNull();

    expect(await leakEvents(leaked.id)).toEqual([
      {
        ip_address: '127.0.0.1',
        user_agent: REPORTER,
        token_title: 'CI',
        details: { foundAt: 'https://github.com/example/erp-sync/blob/main/.env', source: 'content' },
      },
    ]);
    expect(JSON.stringify(await server.db.query('SELECT * FROM activity_events'))).not.toContain(leaked.token);
    // The report carried the value in its body: no log line repeats it (the test server logs at trace).
    expect(server.logs()).toContain('/api/secret-scanning/report');
    expect(server.logs()).not.toContain(leaked.token);
  });

  it('is harmless repeated: false_positive, no second event, the first place found kept', async () => {
    const leaked = await create('Twice');
    const first = await report(JSON.stringify([item(leaked.token)]));
    expect(first.body[0]?.label).toBe('true_positive');
    const again = await report(JSON.stringify([item(leaked.token, 'https://gist.github.com/x'), item(leaked.token)]));
    expect(again.status).toBe(200);
    expect(again.body.map((entry) => entry.label)).toEqual(['false_positive', 'false_positive']);
    expect(await leakEvents(leaked.id)).toHaveLength(1);
    expect((await card(leaked.id))?.revocation?.foundAt).toBe('https://github.com/example/erp-sync/blob/main/.env');
  });

  it('is accepted gzip-compressed as a login is, the signature over the JSON the sender signed', async () => {
    const leaked = await create('Gzip');
    const body = JSON.stringify([item(leaked.token)]);
    const signed = (bytes: string) => sign('sha256', Buffer.from(bytes), { key: github.privateKey, dsaEncoding: 'der' }).toString('base64');
    const send = (signature: string) =>
      fetch(`${server.baseUrl}/api/secret-scanning/report`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'github-public-key-identifier': KEY_ID,
          'github-public-key-signature': signature,
          'user-agent': REPORTER,
        },
        body: gzipSync(body),
      });
    // A signature over the compressed bytes is not over what was reported.
    const overCompressed = await send(sign('sha256', gzipSync(body), { key: github.privateKey, dsaEncoding: 'der' }).toString('base64'));
    expect(overCompressed.status).toBe(401);
    const response = await send(signed(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ token_hash: sha256(leaked.token), token_type: 'acme_api_token', label: 'true_positive' }]);
    expect((await card(leaked.id))?.revocation).not.toBeNull();
  });

  it('revokes a token by its previous value in a grace window, and both values stop', async () => {
    const token = await create('Rotating');
    const refreshed = (await seller.get<{ data: ApiToken }>(`/api/auth/token/refresh/${token.token}?graceHours=24`)).body.data;
    expect((await seller.api(LIST, token.token)).status).toBe(200);
    expect((await report(JSON.stringify([item(token.token)]))).body[0]?.label).toBe('true_positive');
    expect((await seller.api(LIST, token.token)).text).toBe(FORBIDDEN);
    expect((await seller.api(LIST, refreshed.token)).text).toBe(FORBIDDEN);
    const row = await server.db.query('SELECT previous_digest, previous_expires_at FROM api_tokens WHERE id = $1', [token.id]);
    expect(row).toEqual([{ previous_digest: null, previous_expires_at: null }]);
  });

  it('answers false_positive for an expired token and leaves it as it was', async () => {
    const token = await create('Expired');
    await server.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 day' WHERE id = $1`, [token.id]);
    expect((await report(JSON.stringify([item(token.token)]))).body[0]?.label).toBe('false_positive');
    expect((await card(token.id))?.revocation).toBeNull();
  });

  it('leaves a revoked token only to delete: refresh, grace end and allowlist answer 400 naming it', async () => {
    const token = await create('Leaky');
    await report(JSON.stringify([item(token.token)]));
    const message = "Token 'Leaky' was revoked because it was found in public; create a new one.";
    for (const response of [
      await seller.get(`/api/auth/token/refresh/${token.token}`),
      await seller.delete(`/api/auth/token/previous-value/${token.token}`),
      await seller.request('PUT', `/api/portal/tokens/${token.id}/ip-allowlist`, { body: { ipAllowlist: [] } }),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ status: 400, message });
    }
    expect((await seller.delete(`/api/auth/token/${token.token}`)).status).toBe(204);
    expect(await card(token.id)).toBeUndefined();
  });
});

describe('a report not verified', () => {
  it.each([
    ['unsigned', { keyId: null, signature: null }],
    ['without a key identifier', { keyId: null }],
    ['without a signature', { signature: null }],
    ['signed by an unknown key identifier', { keyId: 'someone-else' }],
    ['signed with another key', { key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey }],
    ['with a signature that is not base64', { signature: '***' }],
  ])('is refused with 401 when %s, and nothing changes', async (_case, options) => {
    const token = await create('Safe');
    const response = await report(JSON.stringify([item(token.token)]), options);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(UNVERIFIED);
    expect((await card(token.id))?.revocation).toBeNull();
    expect(await leakEvents(token.id)).toEqual([]);
    expect((await seller.api(LIST, token.token)).status).toBe(200);
  });

  it('is refused when its body is not the body signed', async () => {
    const token = await create('Tampered');
    const signed = JSON.stringify([item(token.token, 'https://github.com/a')]);
    const signature = sign('sha256', Buffer.from(signed), { key: github.privateKey, dsaEncoding: 'der' }).toString('base64');
    const response = await report(JSON.stringify([item(token.token, 'https://github.com/b')]), { signature });
    expect(response.status).toBe(401);
    expect((await card(token.id))?.revocation).toBeNull();
  });

  it('is refused with 401 before its body is validated, and a signed body off the spec is 400', async () => {
    expect((await report('[{"nope":1}]', { keyId: 'someone-else' })).body).toEqual(UNVERIFIED);
    const response = await report('[{"nope":1}]');
    expect(response.status).toBe(400);
  });

  it('is refused with 401 by a server with no keys configured', async () => {
    const bare = await startTestServer();
    try {
      const client = bare.client();
      await client.login();
      const created = await client.post<{ data: ApiToken }>('/api/auth/token', { title: 'Unreported', description: 'd' });
      const response = await report(JSON.stringify([item(created.body.data.token)]), {}, bare);
      expect(response.status).toBe(401);
      expect((await client.api(LIST, created.body.data.token)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('leak notices', () => {
  it("lists my revoked tokens newest first until dismissed; another user's dismissal changes nothing", async () => {
    const other = server.client();
    await other.login('seller2@example.com');
    const first = await create('Notice one');
    const second = await create('Notice two');
    await report(JSON.stringify([item(first.token, 'https://github.com/one')]));
    await report(JSON.stringify([item(second.token, 'https://github.com/two')]));

    type Notices = { data: { tokenId: number; tokenTitle: string; foundAt: string; revokedDate: string }[] };
    const notices = async (client = seller) => (await client.get<Notices>('/api/portal/leak-notices')).body.data;
    const mine = (await notices()).filter((notice) => [first.id, second.id].includes(notice.tokenId));
    expect(mine.map(({ tokenId, tokenTitle, foundAt }) => ({ tokenId, tokenTitle, foundAt }))).toEqual([
      { tokenId: second.id, tokenTitle: 'Notice two', foundAt: 'https://github.com/two' },
      { tokenId: first.id, tokenTitle: 'Notice one', foundAt: 'https://github.com/one' },
    ]);
    expect(await notices(other)).toEqual([]);

    expect((await other.delete(`/api/portal/leak-notices/${second.id}`)).status).toBe(204);
    expect((await notices()).some((notice) => notice.tokenId === second.id)).toBe(true);

    expect((await seller.delete(`/api/portal/leak-notices/${second.id}`)).status).toBe(204);
    expect((await notices()).some((notice) => notice.tokenId === second.id)).toBe(false);
    expect((await notices()).some((notice) => notice.tokenId === first.id)).toBe(true);
    // Dismissed, the card still says it was revoked; dismissing again or a live token: the same 204.
    expect((await card(second.id))?.revocation).not.toBeNull();
    expect((await seller.delete(`/api/portal/leak-notices/${second.id}`)).status).toBe(204);
    const live = await create('Not leaked');
    expect((await seller.delete(`/api/portal/leak-notices/${live.id}`)).status).toBe(204);
    expect((await card(live.id))?.revocation).toBeNull();
  });
});

describe('SECRET_SCANNING_KEYS_FILE', () => {
  it('stops the start, naming the variable and the file, when the file cannot be read', async () => {
    await expect(startTestServer({ env: { SECRET_SCANNING_KEYS_FILE: join(keyDir, 'missing.json') } })).rejects.toThrow(
      /^SECRET_SCANNING_KEYS_FILE .*missing\.json cannot be read/,
    );
    // What a file that is not GitHub's keys says: tests/unit/server/secret-scanning-keys.test.ts.
  });
});

if (TEST_DATABASE === 'postgres') {
  describe('two replicas on PostgreSQL', () => {
    let replica: TestServer;
    beforeAll(async () => {
      replica = await startTestServer({ database: server.database, env });
    });
    afterAll(async () => replica?.close());

    it('the other replica refuses a reported token at once, though it had the token cached', async () => {
      const token = await create('Replicated');
      const elsewhere = replica.client();
      expect((await elsewhere.api(LIST, token.token)).status).toBe(200);
      expect((await report(JSON.stringify([item(token.token)]))).body[0]?.label).toBe('true_positive');
      await expect.poll(async () => (await elsewhere.api(LIST, token.token)).text, { timeout: 1000, interval: 20 }).toBe(FORBIDDEN);
    });
  });
}
