/**
 * What the provider says of an account, applied (src/server/accounts/account-state.ts): closed there, or
 * without its user type, the shadow account's sessions end and its tokens answer 401, on this replica at
 * once and on another within milliseconds (PostgreSQL); open again, its unexpired tokens work again. The
 * activity log says why. Provider-independent: the providers' own tests drive the same path end to end.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAccountState } from '../../src/server/accounts/account-state.ts';
import { shadowAccountFor } from '../../src/server/accounts/shadow-sign-in.ts';
import type { ExternalAccount } from '../../src/server/identity/provider.ts';
import { createSession } from '../../src/server/repositories/sessions-repository.ts';
import { hashSessionId, newSessionId } from '../../src/server/lib/session-cookie.ts';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { TEST_DATABASE } from './support/test-database.ts';

const ORIGIN = { ipAddress: '203.0.113.7', userAgent: 'test' };
const ORDERS = '/api/v1/seller/orders/normal?size=1';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** What closing needs of the server: its database and its token cache. */
const accounts = () => ({ db: server.db, tokenCache: server.app.tokenCache });

/** A shadow account of the WMS signed in with a session cookie of its own, and one token. */
async function signedInAccount(
  subject: string,
  userTypes: ExternalAccount['userTypes'] = ['SELLER'],
): Promise<{ client: Client; token: string; userId: number }> {
  const account = await server.db.transaction((tx) => shadowAccountFor(tx, 'wms', { subject, email: `${subject}@wms.example`, userTypes }, 'SELLER', ORIGIN));
  if (account === undefined) throw new Error('no shadow account');
  const id = newSessionId();
  await createSession(server.db, hashSessionId(id), account.id, 12, ORIGIN);
  const client = server.client();
  client.cookie = `portal_session=${id}`;
  const token = await client.createToken('closing test', 'used by a closed account');
  return { client, token, userId: account.id };
}

async function eventsOf(userId: number): Promise<Array<{ event_type: string; details: Record<string, unknown> }>> {
  return server.db.query('SELECT event_type, details FROM activity_events WHERE user_id = $1 ORDER BY id', [userId]);
}

describe('closing an account from the warehouse system', () => {
  it('closed there: sessions end, the token answers 401 at once, the log says why; reopened: the token works again', async () => {
    const { client, token, userId } = await signedInAccount('closed-1');
    expect((await client.api(ORDERS, token)).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(200);

    expect(await applyAccountState(accounts(), 'wms', 'closed-1', { open: false })).toEqual({ closed: 1, reopened: 0 });
    expect((await client.api(ORDERS, token)).status).toBe(401);
    expect((await client.get('/api/auth/me', { unchecked: true })).status).toBe(401);
    expect(await server.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [userId])).toHaveLength(0);
    // Still listed for its owner, who cannot sign in to see it until the account opens again.
    expect(await server.db.query('SELECT 1 FROM api_tokens WHERE user_id = $1', [userId])).toHaveLength(1);
    expect((await eventsOf(userId)).at(-1)).toEqual({ event_type: 'account_closed', details: { provider: 'wms', subject: 'closed-1', reason: 'closed' } });

    // Told again: nothing more happens.
    expect(await applyAccountState(accounts(), 'wms', 'closed-1', { open: false })).toEqual({ closed: 0, reopened: 0 });

    const open = { open: true as const, account: { subject: 'closed-1', email: 'renamed@wms.example', userTypes: ['SELLER' as const] } };
    expect(await applyAccountState(accounts(), 'wms', 'closed-1', open)).toEqual({ closed: 0, reopened: 1 });
    expect((await client.api(ORDERS, token)).status).toBe(200);
    expect((await eventsOf(userId)).at(-1)?.event_type).toBe('account_reopened');
    expect((await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))[0]?.email).toBe('renamed@wms.example');

    // Signed in again, its owner reads both events on the Activity screen and in its CSV.
    const id = newSessionId();
    await createSession(server.db, hashSessionId(id), userId, 12, ORIGIN);
    client.cookie = `portal_session=${id}`;
    const activity = await client.get<{ data: Array<{ type: string; details: Record<string, unknown> }> }>('/api/portal/activity');
    expect(activity.body.data.slice(0, 2).map((event) => event.type)).toEqual(['account_reopened', 'account_closed']);
    expect(activity.body.data[1]?.details).toEqual({ provider: 'wms', subject: 'closed-1', reason: 'closed' });
    const csv = await client.get('/api/portal/activity.csv');
    for (const type of ['account_closed', 'account_reopened']) expect(csv.text).toContain(`,${type},`);
  });

  it('no longer a seller there: closed with reason user_type_removed', async () => {
    const { client, token, userId } = await signedInAccount('downgraded-1', ['SELLER', 'WAREHOUSE']);
    const state = { open: true as const, account: { subject: 'downgraded-1', email: 'downgraded-1@wms.example', userTypes: ['WAREHOUSE' as const] } };
    expect(await applyAccountState(accounts(), 'wms', 'downgraded-1', state)).toEqual({ closed: 1, reopened: 0 });
    expect((await client.api(ORDERS, token)).status).toBe(401);
    expect((await eventsOf(userId)).at(-1)?.details).toEqual({ provider: 'wms', subject: 'downgraded-1', reason: 'user_type_removed' });
  });

  it('an expired token stays refused after the account reopens', async () => {
    const { client, token, userId } = await signedInAccount('expired-1');
    await applyAccountState(accounts(), 'wms', 'expired-1', { open: false });
    await server.db.query("UPDATE api_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [userId]);
    await applyAccountState(accounts(), 'wms', 'expired-1', {
      open: true,
      account: { subject: 'expired-1', email: 'expired-1@wms.example', userTypes: ['SELLER'] },
    });
    expect((await client.api(ORDERS, token)).status).toBe(401);
  });

  it("another provider's account with the same subject is not touched", async () => {
    const { client, token } = await signedInAccount('shared-subject');
    expect(await applyAccountState(accounts(), 'ldap', 'shared-subject', { open: false })).toEqual({ closed: 0, reopened: 0 });
    expect((await client.api(ORDERS, token)).status).toBe(200);
  });
});

if (TEST_DATABASE === 'postgres') {
  describe('two replicas on PostgreSQL', () => {
    let replica: TestServer;
    let sql: pg.Client;
    beforeAll(async () => {
      replica = await startTestServer({ database: server.database });
      sql = new pg.Client({ connectionString: server.database.databaseUrl });
      await sql.connect();
    });
    afterAll(async () => {
      await sql?.end();
      await replica?.close();
    });

    it('a token the other replica has cached answers 401 there within 100 ms of the closing', async () => {
      const { token } = await signedInAccount('replicas-1');
      const other = replica.client();
      // Cached on the other replica: its next call is answered from the cache.
      expect((await other.api(ORDERS, token)).status).toBe(200);
      expect((await other.api(ORDERS, token)).status).toBe(200);
      await applyAccountState(accounts(), 'wms', 'replicas-1', { open: false });
      const closed = performance.now();
      await expect.poll(async () => (await other.api(ORDERS, token)).status, { timeout: 1000, interval: 5 }).toBe(401);
      expect(performance.now() - closed).toBeLessThan(100);
    });
  });
}
