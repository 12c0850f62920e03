/**
 * Rotation with a grace window: refreshApiToken with `graceHours`, endApiTokenGrace ("End now"), a refresh
 * during a grace window, delete during one. The server's token clock is injected, so a window is shown to
 * end exactly on time by moving the clock, never by waiting.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { clearEndedGraceWindows } from '../../src/server/repositories/api-tokens-repository.ts';

const FORBIDDEN = '{"status":401,"message":"forbidden"}';
const LIST = '/api/v1/seller/orders/normal?size=1';
const HOUR = 3_600_000;

type ApiToken = { title: string; token: string; expiryDate: string; scopes: string[] | null; previousValueExpiresAt: string | null };

let server: TestServer;
let seller: Client;
/** The server's token clock: real time, unless a test stopped it at a moment of its choosing. */
let stoppedAt: number | undefined;

beforeAll(async () => {
  server = await startTestServer({ testing: { clock: () => stoppedAt ?? Date.now() } });
  seller = server.client();
  await seller.login();
});
afterAll(async () => server?.close());
beforeEach(() => {
  stoppedAt = undefined;
});

/** Stops the token clock at this moment. */
function setClock(at: number): void {
  stoppedAt = at;
}

async function refresh(value: string, graceHours?: number): Promise<ApiToken> {
  const query = graceHours === undefined ? '' : `?graceHours=${graceHours}`;
  const response = await seller.get<{ data: ApiToken }>(`/api/auth/token/refresh/${value}${query}`);
  if (response.status !== 200) throw new Error(`refresh failed: ${response.status} ${response.text}`);
  return response.body.data;
}

const status = async (value: string, path = LIST) => (await seller.api(path, value)).status;
const listed = async (title: string) => (await seller.get<{ data: ApiToken[] }>('/api/auth/token')).body.data.find((token) => token.title === title);

describe('refresh with a grace window', () => {
  it('both values work until the window ends, and the previous one stops exactly on time', async () => {
    const old = await seller.createToken('grace 1 h', 'd');
    expect(await status(old)).toBe(200);
    const started = Date.now();
    const refreshed = await refresh(old, 1);
    const end = Date.parse(refreshed.previousValueExpiresAt ?? '');
    expect(end - started).toBeGreaterThanOrEqual(HOUR - 5_000);
    expect(end - started).toBeLessThanOrEqual(HOUR + 5_000);
    expect(refreshed.token).not.toBe(old);
    expect(await status(old)).toBe(200);
    expect(await status(refreshed.token)).toBe(200);
    expect((await listed('grace 1 h'))?.previousValueExpiresAt).toBe(refreshed.previousValueExpiresAt);

    // The last millisecond of the window, then its end: from the token cache, as most requests are.
    setClock(end - 1);
    expect(await status(old)).toBe(200);
    setClock(end);
    expect((await seller.api(LIST, old)).text).toBe(FORBIDDEN);
    expect(await status(refreshed.token)).toBe(200);
    expect((await listed('grace 1 h'))?.previousValueExpiresAt).toBeNull();

    // And without the cache: the database still holds the window (its own clock is real), the check refuses it.
    server.evictCachedTokens();
    expect((await seller.api(LIST, old)).text).toBe(FORBIDDEN);
    setClock(end + 5 * HOUR);
    expect((await seller.api(LIST, old)).text).toBe(FORBIDDEN);
    expect(await status(refreshed.token)).toBe(200);
  });

  it.each([
    [0, null],
    [undefined, null],
    [24, 24],
    [168, 168],
  ])('graceHours=%s keeps the old value for %s hours', async (grace, hours) => {
    const old = await seller.createToken(`grace ${String(grace)}`, 'd');
    const started = Date.now();
    const refreshed = await refresh(old, grace);
    if (hours === null) {
      expect(refreshed.previousValueExpiresAt).toBeNull();
      expect((await seller.api(LIST, old)).text).toBe(FORBIDDEN);
      return;
    }
    const end = Date.parse(refreshed.previousValueExpiresAt ?? '');
    expect(Math.abs(end - started - hours * HOUR)).toBeLessThan(5_000);
    setClock(end - 1_000);
    expect(await status(old)).toBe(200);
    setClock(end);
    expect(await status(old)).toBe(401);
  });

  it('never keeps the old value past its own expiry, and never revives an expired one', async () => {
    const soon = await seller.createToken('expires in 30 min', 'd');
    await server.db.query(`UPDATE api_tokens SET expires_at = now() + interval '30 minutes' WHERE title = 'expires in 30 min'`);
    server.evictCachedTokens();
    const oldExpiry = Date.parse((await listed('expires in 30 min'))?.expiryDate ?? '');
    const refreshed = await refresh(soon, 24);
    expect(refreshed.previousValueExpiresAt).toBe(new Date(oldExpiry).toISOString());

    const expired = await seller.createToken('already expired', 'd');
    await server.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 minute' WHERE title = 'already expired'`);
    server.evictCachedTokens();
    const renewed = await refresh(expired, 168);
    expect(renewed.previousValueExpiresAt).toBeNull();
    expect((await seller.api(LIST, expired)).text).toBe(FORBIDDEN);
    expect(await status(renewed.token)).toBe(200);
  });

  it('the old value keeps the access of its token, and is only a key to the public API', async () => {
    const response = await seller.post<{ data: ApiToken }>('/api/auth/token', { title: 'restricted grace', description: 'd', scopes: ['orders'] });
    const old = response.body.data.token;
    const refreshed = await refresh(old, 24);
    expect(await status(old)).toBe(200);
    expect((await seller.api('/api/v1/seller/products', old)).text).toBe('{"status":403,"message":"This token has no access to products."}');
    // The portal addresses a token by its current value only.
    expect((await seller.get(`/api/auth/token/refresh/${old}`)).status).toBe(404);
    expect((await seller.delete(`/api/auth/token/${old}`)).status).toBe(404);
    expect((await seller.delete(`/api/auth/token/previous-value/${old}`)).status).toBe(404);
    expect(await status(refreshed.token)).toBe(200);
  });
});

describe('endApiTokenGrace ("End now")', () => {
  it('stops the previous value at once, even when it is cached, and leaves the current one working', async () => {
    const old = await seller.createToken('end now', 'd');
    const refreshed = await refresh(old, 24);
    // Cached as verified now.
    expect(await status(old)).toBe(200);
    expect(await status(old)).toBe(200);
    const ended = await seller.delete<{ data: ApiToken }>(`/api/auth/token/previous-value/${refreshed.token}`);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ title: 'end now', token: refreshed.token, previousValueExpiresAt: null });
    expect((await seller.api(LIST, old)).text).toBe(FORBIDDEN);
    expect(await status(refreshed.token)).toBe(200);
    expect((await listed('end now'))?.previousValueExpiresAt).toBeNull();
    // Nothing left to end: the same answer, nothing changes.
    const again = await seller.delete<{ data: ApiToken }>(`/api/auth/token/previous-value/${refreshed.token}`);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(ended.body.data);
  });

  it("answers 404 for another user's token or an unknown one", async () => {
    const other = server.client();
    await other.login('seller2@example.com', 'SELLER');
    const theirs = await other.createToken('theirs', 'd');
    await other.get(`/api/auth/token/refresh/${theirs}?graceHours=24`);
    const current = (await other.get<{ data: ApiToken[] }>('/api/auth/token')).body.data[0]?.token ?? '';
    expect((await seller.delete(`/api/auth/token/previous-value/${current}`)).status).toBe(404);
    expect((await seller.delete('/api/auth/token/previous-value/junk')).status).toBe(404);
    expect((await other.api(LIST, theirs)).status).toBe(200);
  });
});

describe('refresh during a grace window', () => {
  it('ends the first window at once: only the value being replaced gets a window', async () => {
    const first = await seller.createToken('twice', 'd');
    const second = await refresh(first, 24);
    expect(await status(first)).toBe(200);
    const third = await refresh(second.token, 24);
    expect((await seller.api(LIST, first)).text).toBe(FORBIDDEN);
    expect(await status(second.token)).toBe(200);
    expect(await status(third.token)).toBe(200);
    // Without a window, the value in its window goes too.
    const fourth = await refresh(third.token);
    expect(fourth.previousValueExpiresAt).toBeNull();
    for (const gone of [first, second.token, third.token]) expect((await seller.api(LIST, gone)).text).toBe(FORBIDDEN);
    expect(await status(fourth.token)).toBe(200);
  });

  it('two refreshes of one value at once: one wins, the other is 404, and no value is orphaned', async () => {
    const value = await seller.createToken('raced', 'd');
    const answers = await Promise.all([
      seller.get<{ data: ApiToken }>(`/api/auth/token/refresh/${value}?graceHours=1`),
      seller.get<{ data: ApiToken }>(`/api/auth/token/refresh/${value}?graceHours=1`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    const winner = answers.find((answer) => answer.status === 200)?.body.data;
    expect((await listed('raced'))?.token).toBe(winner?.token);
    expect(await status(winner?.token ?? '')).toBe(200);
    expect(await status(value)).toBe(200);
  });
});

describe('delete during a grace window', () => {
  it('stops both values at once', async () => {
    const old = await seller.createToken('delete in grace', 'd');
    const refreshed = await refresh(old, 168);
    expect(await status(old)).toBe(200);
    expect(await status(refreshed.token)).toBe(200);
    expect((await seller.delete(`/api/auth/token/${refreshed.token}`)).status).toBe(204);
    expect((await seller.api(LIST, old)).text).toBe(FORBIDDEN);
    expect((await seller.api(LIST, refreshed.token)).text).toBe(FORBIDDEN);
  });
});

describe('housekeeping', () => {
  it('forgets previous values whose window has ended, and only those', async () => {
    const ended = await seller.createToken('window ended', 'd');
    const running = await seller.createToken('window running', 'd');
    await refresh(ended, 1);
    await refresh(running, 24);
    await server.db.query(`UPDATE api_tokens SET previous_expires_at = now() - interval '1 second' WHERE title = 'window ended'`);
    await clearEndedGraceWindows(server.db);
    const rows = await server.db.query<{ title: string; kept: boolean }>(
      `SELECT title, previous_digest IS NOT NULL AS kept FROM api_tokens WHERE title IN ('window ended', 'window running') ORDER BY title`,
    );
    expect(rows).toEqual([
      { title: 'window ended', kept: false },
      { title: 'window running', kept: true },
    ]);
  });
});
