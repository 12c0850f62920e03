/**
 * An account closed or downgraded in the directory is closed in the portal within ACCOUNT_RECHECK_MINUTES
 * (here 0.05: 3 s), while its owner is signed in and its token is in use: the session ends, the token
 * answers 401, the activity log says why. Opened again, the token works again at the next recheck.
 */
import { Attribute, Change } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_GROUP, startSlapd, userDn, USERS, type Slapd } from '../support/slapd.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { Client } from '../support/http-client.ts';

const ORDERS = '/api/v1/seller/orders/normal?size=1';
/** The bound (3 s), the timer's tick (half of it) and room for a busy machine. */
const WITHIN_MS = 3_000 + 1_500 + 4_000;

describe('the recheck with AUTH_PROVIDER=ldap', () => {
  let slapd: Slapd;
  let server: TestServer;
  beforeAll(async () => {
    slapd = await startSlapd({ memberOf: false });
    server = await startTestServer({ env: slapd.env({ ACCOUNT_RECHECK_MINUTES: '0.05' }) });
  });
  afterAll(async () => {
    await server?.close();
    await slapd?.dispose();
  });

  async function signedIn(key: 'seller' | 'both'): Promise<{ client: Client; token: string }> {
    const client = server.client();
    const login = await client.post('/api/auth/login', { email: USERS[key].mail, password: USERS[key].password, userType: 'SELLER' });
    expect(login.status).toBe(200);
    const token = await client.createToken('recheck', 'closed in the directory');
    expect((await client.api(ORDERS, token)).status).toBe(200);
    return { client, token };
  }

  const closedWithin = async (client: Client, token: string) => {
    const started = performance.now();
    await expect.poll(async () => (await client.api(ORDERS, token)).status, { timeout: WITHIN_MS, interval: 100 }).toBe(401);
    expect((await client.get('/api/auth/me', { unchecked: true })).status).toBe(401);
    return performance.now() - started;
  };

  it('removed from the sellers group: session and token end within the bound, with account_closed; back in the group, the token works again', async () => {
    const { client, token } = await signedIn('seller');
    const member = new Attribute({ type: 'member', values: [userDn('seller')] });
    await slapd.asAdmin((admin) => admin.modify(SELLER_GROUP, new Change({ operation: 'delete', modification: member })));
    await closedWithin(client, token);
    const [closed] = await server.db.query<{ details: Record<string, unknown> }>(
      "SELECT e.details FROM activity_events e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.event_type = 'account_closed'",
      ['sam.seller@example.com'],
    );
    expect(closed?.details).toEqual(expect.objectContaining({ provider: 'ldap', reason: 'user_type_removed' }));

    await slapd.asAdmin((admin) => admin.modify(SELLER_GROUP, new Change({ operation: 'add', modification: member })));
    await expect.poll(async () => (await client.api(ORDERS, token)).status, { timeout: WITHIN_MS, interval: 100 }).toBe(200);
  });

  it('deleted from the directory: closed within the bound', async () => {
    const { client, token } = await signedIn('both');
    await slapd.asAdmin((admin) => admin.del(userDn('both')));
    await closedWithin(client, token);
  });
});
