/**
 * Portal sessions: login (one 401 for every wrong credential), cookie flags, me, logout, rotation,
 * idle and absolute expiry, Cache-Control, throttling of failed logins, cross-site refusal.
 */
import { createHash } from 'node:crypto';
import { createPostgresRequestLogStore } from '../../src/server/request-log/postgres-store.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveInProcess, type ScryptTask } from '../../src/server/lib/password.ts';
import { Client, DEMO_PASSWORD } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
const LOGIN = '/api/auth/login';
const seller = { email: 'seller@example.com', password: DEMO_PASSWORD, userType: 'SELLER' };

beforeAll(async () => {
  server = await startTestServer({ testing: { loginThrottle: { perAccountAndAddress: 5, perAddress: 1000, windowSeconds: 900, refusalDelayMs: 0 } } });
});
afterAll(async () => server?.close());

describe('login', () => {
  it('logs in with email, password and user type and sets a safe session cookie', async () => {
    const client = server.client();
    const response = await client.post(LOGIN, seller);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: 'seller@example.com', userType: 'SELLER' });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('portal_session=')) ?? '';
    expect(cookie).toMatch(/^portal_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ email: 'seller@example.com', userType: 'SELLER' });
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('sets a readable sign-in hint beside the session, clears it on logout, and on any 401 of a session call', async () => {
    const client = server.client();
    const login = await client.post(LOGIN, seller);
    const hint = login.headers.getSetCookie().find((value) => value.startsWith('portal_signed_in=')) ?? '';
    expect(hint).toMatch(/^portal_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/SameSite=Lax/);
    const logout = await client.get('/api/auth/logout');
    expect(logout.headers.getSetCookie().find((value) => value.startsWith('portal_signed_in='))).toMatch(/^portal_signed_in=;.*Expires=Thu, 01 Jan 1970/);
    // A hint without a valid session (it ended elsewhere) is cleared with the 401; the hint alone opens nothing.
    const stale = await server.client().get('/api/auth/me', { headers: { cookie: 'portal_signed_in=1' } });
    expect(stale.status).toBe(401);
    expect(stale.headers.getSetCookie().find((value) => value.startsWith('portal_signed_in='))).toMatch(/^portal_signed_in=;/);
    const none = await server.client().get('/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.headers.getSetCookie()).toEqual([]);
  });

  it('accepts the email in any case and the warehouse account as WAREHOUSE', async () => {
    expect((await server.client().post(LOGIN, { ...seller, email: 'Seller@Example.COM' })).status).toBe(200);
    const warehouse = await server.client().post(LOGIN, { email: 'warehouse@example.com', password: DEMO_PASSWORD, userType: 'WAREHOUSE' });
    expect(warehouse.body).toEqual({ email: 'warehouse@example.com', userType: 'WAREHOUSE' });
  });

  it('answers unknown email, wrong password and wrong user type with one byte-identical 401', async () => {
    const attempts = [
      { ...seller, email: 'nobody@example.com' },
      { ...seller, password: 'wrong-password' },
      { ...seller, userType: 'WAREHOUSE' },
    ];
    const texts: string[] = [];
    for (const body of attempts) {
      const response = await server.client().post(LOGIN, body);
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      texts.push(response.text);
    }
    expect(new Set(texts).size).toBe(1);
    expect(JSON.parse(texts[0] ?? '')).toEqual({ status: 401, message: 'Invalid email, password or user type.' });
  });

  it('hashes an unknown email once, at the cost of a real password (a dummy hash), so it takes as long as a wrong password', async () => {
    // Counted, not timed: timings on a busy machine decide nothing, and the same derivation is the same work.
    const tasks: ScryptTask[] = [];
    const counted = await startTestServer({
      testing: {
        passwordHashing: {
          derive: async (task) => {
            tasks.push(task);
            return deriveInProcess(task);
          },
        },
      },
    });
    try {
      const login = async (body: object) => {
        expect((await counted.client().post(LOGIN, body)).status).toBe(401);
        return tasks.splice(0);
      };
      const unknown = await login({ ...seller, email: 'ghost@example.com' });
      const wrong = await login({ email: 'warehouse2@example.com', password: 'nope', userType: 'WAREHOUSE' });
      expect(unknown).toHaveLength(1);
      expect(wrong).toHaveLength(1);
      const cost = ({ N, r, p, keyLength }: ScryptTask) => ({ N, r, p, keyLength });
      expect(cost(unknown[0] as ScryptTask)).toEqual(cost(wrong[0] as ScryptTask));
    } finally {
      await counted.close();
    }
  });

  it('rejects bad login bodies with 400 naming the field, never 5xx', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...seller, userType: 'ADMIN' }, /^userType must be one of SELLER, WAREHOUSE/],
      [{ email: 'seller@example.com', password: DEMO_PASSWORD }, /^userType is required/],
      [{ ...seller, password: '' }, /^password /],
      [{ ...seller, password: 'x'.repeat(1025) }, /^password /],
      [{ ...seller, email: 'not-an-email' }, /^email /],
    ];
    for (const [body, message] of cases) {
      const response = await server.client().post<{ message: string }>(LOGIN, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    }
  });

  it('accepts long passwords (up to 1024 characters) without error', async () => {
    const response = await server.client().post(LOGIN, { ...seller, email: 'long@example.com', password: 'p'.repeat(1024) });
    expect(response.status).toBe(401);
  });
});

describe('session lifetime', () => {
  it('rotates the id on every login and ends the session the browser came with', async () => {
    const client = server.client();
    await client.login();
    const first = client.cookie;
    await client.login();
    const second = client.cookie;
    expect(second).not.toBe(first);
    const stale = new Client(server.baseUrl);
    stale.cookie = first;
    expect((await stale.get('/api/auth/me')).status).toBe(401);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('logout deletes the session: the old cookie is dead even if replayed', async () => {
    const client = server.client();
    await client.login();
    const cookie = client.cookie;
    const logout = await client.get('/api/auth/logout');
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().join()).toMatch(/portal_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    const replay = new Client(server.baseUrl);
    replay.cookie = cookie;
    const me = await replay.get<{ status: number; message: string }>('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ status: 401, message: 'Not logged in.' });
    expect((await replay.get('/api/auth/token')).status).toBe(401);
  });

  it('logout without a session still answers 204', async () => {
    expect((await server.client().get('/api/auth/logout')).status).toBe(204);
  });

  it('expires a session idle longer than SESSION_IDLE_MINUTES', async () => {
    const client = server.client();
    await client.login();
    expect((await client.get('/api/auth/me')).status).toBe(200);
    await server.db.query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes'`);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('keeps an active session alive and ends it after SESSION_MAX_HOURS regardless', async () => {
    const client = server.client();
    await client.login();
    const idHash = createHash('sha256')
      .update((client.cookie ?? '').split('=')[1] ?? '')
      .digest();
    await server.db.query(`UPDATE sessions SET last_seen_at = now() - interval '20 minutes' WHERE id_hash = $1`, [idHash]);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    // The request above refreshed last_seen_at (it was older than a minute).
    const [row] = await server.db.query<{ fresh: boolean }>(`SELECT last_seen_at > now() - interval '1 minute' AS fresh FROM sessions WHERE id_hash = $1`, [
      idHash,
    ]);
    expect(row?.fresh).toBe(true);
    await server.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id_hash = $1`, [idHash]);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('ignores a forged or malformed cookie', async () => {
    for (const cookie of ['portal_session=abc', `portal_session=${'A'.repeat(43)}`, 'portal_session=%00%01']) {
      const response = await server.client().get('/api/auth/me', { headers: { cookie } });
      expect(response.status).toBe(401);
    }
  });
});

describe('cross-site requests are refused and change nothing', () => {
  const crossSite: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];

  it.each(crossSite)('login from %o', async (headers) => {
    const client = server.client();
    const response = await client.post(LOGIN, seller, { headers });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ status: 403, message: 'Cross-site request refused.' });
    expect(client.cookie).toBeUndefined();
  });

  it.each(crossSite)('create, refresh, end a grace window, delete and logout from %o', async (headers) => {
    const client = server.client();
    await client.login();
    const token = await client.createToken('csrf-victim', 'must survive');
    const before = await client.get<{ data: unknown[] }>('/api/auth/token');
    expect((await client.post('/api/auth/token', { title: 'evil', description: 'evil' }, { headers })).status).toBe(403);
    expect((await client.get(`/api/auth/token/refresh/${token}?graceHours=1`, { headers })).status).toBe(403);
    expect((await client.delete(`/api/auth/token/previous-value/${token}`, { headers })).status).toBe(403);
    expect((await client.delete(`/api/auth/token/${token}`, { headers })).status).toBe(403);
    expect((await client.get('/api/auth/logout', { headers })).status).toBe(403);
    const after = await client.get<{ data: unknown[] }>('/api/auth/token');
    expect(after.status).toBe(200);
    expect(after.text).toBe(before.text);
    expect((await client.api('/api/v1/seller/orders/normal', token)).status).toBe(200);
  });

  it('refuses an Origin on the same host with another scheme or another port', async () => {
    const { hostname, port } = new URL(server.baseUrl);
    for (const origin of [`https://${hostname}:${port}`, `http://${hostname}:${Number(port) + 1}`, `http://${hostname}`, `https://${hostname}`]) {
      const client = server.client();
      const response = await client.post(LOGIN, seller, { headers: { origin, 'sec-fetch-site': 'same-origin' } });
      expect(response.status, origin).toBe(403);
      expect(client.cookie).toBeUndefined();
    }
  });

  it('allows same-origin requests from the page (Origin equals Host, Sec-Fetch-Site same-origin)', async () => {
    const client = server.client();
    const host = new URL(server.baseUrl).host;
    const response = await client.post(LOGIN, seller, { headers: { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' } });
    expect(response.status).toBe(200);
    const created = await client.post(
      '/api/auth/token',
      { title: 'ok', description: 'ok' },
      { headers: { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' } },
    );
    expect(created.status).toBe(201);
  });
});

describe('failed-login throttling (counted in the database)', () => {
  it('answers 429 with Retry-After after repeated failures for one account from one address, even with the right password', async () => {
    const target = { email: 'seller2@example.com', password: 'wrong', userType: 'SELLER' };
    for (let i = 0; i < 5; i += 1) expect((await server.client().post(LOGIN, target)).status).toBe(401);
    const blocked = await server.client().post<{ status: number; message: string }>(LOGIN, { ...target, password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    const [row] = await server.db.query<{ failures: number }>(`SELECT failures FROM login_failures WHERE key = 'pair:127.0.0.1 seller2@example.com'`);
    expect(row?.failures).toBe(5);
    // Other accounts are unaffected.
    expect((await server.client().post(LOGIN, seller)).status).toBe(200);
    // When the window has passed, the account can log in again.
    await server.db.query(`UPDATE login_failures SET window_start = now() - interval '16 minutes' WHERE key = 'pair:127.0.0.1 seller2@example.com'`);
    expect((await server.client().post(LOGIN, { ...target, password: DEMO_PASSWORD })).status).toBe(200);
  });
});

describe('housekeeping', () => {
  it('removes expired sessions and ended failed-login windows, keeping live ones', async () => {
    const { cleanUp } = await import('../../src/server/plugins/housekeeping.ts');
    const live = server.client();
    await live.login();
    await server.client().post(LOGIN, { ...seller, email: 'ghost-housekeeping@example.com' });
    await server.db.query(`INSERT INTO login_failures (key, window_start, failures) VALUES ('pair:127.0.0.1 old@example.com', now() - interval '2 hours', 3)`);
    await server.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id_hash <> (SELECT id_hash FROM sessions ORDER BY created_at DESC LIMIT 1)`,
    );
    await cleanUp({
      db: server.db,
      config: server.config,
      loginThrottle: { perAccountAndAddress: 5, perAddress: 1000, windowSeconds: 900 },
      requestLog: createPostgresRequestLogStore(server.db),
      now: Date.now,
    } as never);
    const [sessions] = await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sessions');
    expect(sessions?.count).toBe(1);
    expect((await live.get('/api/auth/me')).status).toBe(200);
    const keys = (await server.db.query<{ key: string }>('SELECT key FROM login_failures')).map((row) => row.key);
    expect(keys).toContain('pair:127.0.0.1 ghost-housekeeping@example.com');
    expect(keys).not.toContain('pair:127.0.0.1 old@example.com');
  });
});
