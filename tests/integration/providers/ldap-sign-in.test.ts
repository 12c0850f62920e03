/**
 * The login route with AUTH_PROVIDER=ldap against a real slapd (support/slapd.ts): a directory user signs
 * in to a session, a wrong password gets the local 401 byte for byte, a directory that is down gets the 503
 * with Retry-After and no throttle strike, and no password reaches the server log or the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_UNAVAILABLE_MESSAGE } from '../../../src/server/identity/provider.ts';
import { Client, DEMO_PASSWORD } from '../support/http-client.ts';
import { SERVICE_PASSWORD, startSlapd, USERS, type Slapd } from '../support/slapd.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const WRONG_PASSWORD = 'Wrong "pässword" 9';

describe('signing in with AUTH_PROVIDER=ldap', () => {
  let slapd: Slapd;
  let server: TestServer;
  beforeAll(async () => {
    slapd = await startSlapd({ memberOf: true });
    server = await startTestServer({ env: slapd.env() });
  });
  afterAll(async () => {
    await server?.close();
    await slapd?.dispose();
  });

  // Unchecked: the spec validator treats every 5xx as a failed test, and the 503 is what is under test here.
  const login = (client: Client, email: string, password: string, userType: 'SELLER' | 'WAREHOUSE' = 'SELLER') =>
    client.post<{ email: string; userType: string }>('/api/auth/login', { email, password, userType }, { unchecked: true });

  it('a directory user signs in: 200, a session cookie, and /api/auth/me answers as the account', async () => {
    const client = server.client();
    const response = await login(client, USERS.seller.mail, USERS.seller.password);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: 'sam.seller@example.com', userType: 'SELLER' });
    expect(client.cookie).toMatch(/^portal_session=./);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ email: 'sam.seller@example.com', userType: 'SELLER' });

    const warehouse = server.client();
    expect((await login(warehouse, USERS.both.mail, USERS.both.password, 'WAREHOUSE')).body).toEqual({ email: 'both@example.com', userType: 'WAREHOUSE' });
  });

  it('a wrong password, or a user type the account lacks: the 401 a local account gets, byte for byte', async () => {
    const local = await startTestServer();
    try {
      const localRefusal = await login(local.client(), 'seller@example.com', 'not-the-demo-password');
      expect(localRefusal.status).toBe(401);
      for (const [email, password, userType] of [
        [USERS.seller.mail, WRONG_PASSWORD, 'SELLER'],
        [USERS.warehouse.mail, USERS.warehouse.password, 'SELLER'],
        ['nobody@example.com', WRONG_PASSWORD, 'SELLER'],
      ] as const) {
        const refusal = await login(server.client(), email, password, userType);
        expect(refusal.status).toBe(401);
        expect(refusal.text).toBe(localRefusal.text);
        expect(refusal.headers.get('content-type')).toBe(localRefusal.headers.get('content-type'));
      }
      // The demo accounts of the database are not a way in once the directory decides.
      expect((await login(server.client(), 'seller@example.com', DEMO_PASSWORD)).status).toBe(401);
    } finally {
      await local.close();
    }
  });

  it('the directory down: 503 with Retry-After and the message, never a strike; up again, the right password signs in', async () => {
    await slapd.stop();
    try {
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const refusal = await login(server.client(), USERS.warehouse.mail, USERS.warehouse.password, 'WAREHOUSE');
        expect(refusal.status).toBe(503);
        expect(refusal.headers.get('retry-after')).toBe('60');
        expect(refusal.body).toEqual({ status: 503, message: PROVIDER_UNAVAILABLE_MESSAGE });
      }
      expect(server.logs()).toMatch(/"step":"connect".*sign-in: the LDAP directory could not be reached/);
    } finally {
      await slapd.start();
    }
    const client = server.client();
    expect((await login(client, USERS.warehouse.mail, USERS.warehouse.password, 'WAREHOUSE')).status).toBe(200);
  });

  it('no password in any log line or in users, sessions and activity_events', async () => {
    const passwords = [SERVICE_PASSWORD, WRONG_PASSWORD, USERS.seller.password, USERS.warehouse.password, USERS.both.password];
    // As written and as JSON writes it (the quotes escaped).
    const forms = passwords.flatMap((password) => [password, JSON.stringify(password).slice(1, -1)]);
    const logs = server.logs();
    expect(logs).toContain('"url":"/api/auth/login"');
    for (const form of forms) expect(logs).not.toContain(form);
    const rows = JSON.stringify([
      await server.db.query('SELECT * FROM users'),
      await server.db.query('SELECT * FROM sessions'),
      await server.db.query('SELECT * FROM activity_events'),
    ]);
    expect(rows).toContain('sam.seller@example.com');
    for (const form of forms) expect(rows).not.toContain(form);
  });
});
