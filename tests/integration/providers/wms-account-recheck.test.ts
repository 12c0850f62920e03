/**
 * An account closed or downgraded in the reference WMS is closed in the portal within
 * ACCOUNT_RECHECK_MINUTES (here 0.05: 3 s) while its owner is signed in and its token is in use, with no
 * signed call from the WMS: the periodic recheck asks. Opened again, the token works again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/http-client.ts';
import { newSecret, startReferenceWms, WMS_PASSWORD, type ReferenceWms } from '../support/reference-wms.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const ORDERS = '/api/v1/seller/orders/normal?size=1';
/** The bound (3 s), the timer's tick (half of it) and room for a busy machine. */
const WITHIN_MS = 3_000 + 1_500 + 4_000;
const SECRET = newSecret();

describe('the recheck with AUTH_PROVIDER=wms', () => {
  let wms: ReferenceWms;
  let server: TestServer;
  beforeAll(async () => {
    wms = await startReferenceWms(SECRET);
    server = await startTestServer({
      env: { AUTH_PROVIDER: 'wms', WMS_AUTH_URL: wms.passwordCheckUrl, WMS_AUTH_SECRET: SECRET, ACCOUNT_RECHECK_MINUTES: '0.05' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await wms?.close();
  });

  async function signedIn(email: string): Promise<{ client: Client; token: string }> {
    const client = server.client();
    expect((await client.post('/api/auth/login', { email, password: WMS_PASSWORD, userType: 'SELLER' })).status).toBe(200);
    const token = await client.createToken('recheck', 'closed in the WMS');
    expect((await client.api(ORDERS, token)).status).toBe(200);
    return { client, token };
  }

  const account = (subject: string) => {
    const found = wms.accounts.find((candidate) => candidate.subject === subject);
    if (found === undefined) throw new Error(`no account ${subject}`);
    return found;
  };

  it('closed in the WMS: session and token end within the bound; open again, the token works again', async () => {
    const { client, token } = await signedIn('seller@wms.example.com');
    account('wms-seller-1').open = false;
    await expect.poll(async () => (await client.api(ORDERS, token)).status, { timeout: WITHIN_MS, interval: 100 }).toBe(401);
    expect((await client.get('/api/auth/me', { unchecked: true })).status).toBe(401);
    account('wms-seller-1').open = true;
    await expect.poll(async () => (await client.api(ORDERS, token)).status, { timeout: WITHIN_MS, interval: 100 }).toBe(200);
  });

  it('no longer a seller in the WMS: closed within the bound, with user_type_removed', async () => {
    const { client, token } = await signedIn('both@wms.example.com');
    account('wms-both-2').userTypes = ['WAREHOUSE'];
    await expect.poll(async () => (await client.api(ORDERS, token)).status, { timeout: WITHIN_MS, interval: 100 }).toBe(401);
    const [event] = await server.db.query<{ details: Record<string, unknown> }>(
      "SELECT e.details FROM activity_events e JOIN users u ON u.id = e.user_id WHERE u.subject = 'wms-both-2' AND e.event_type = 'account_closed'",
    );
    expect(event?.details).toEqual({ provider: 'wms', subject: 'wms-both-2', reason: 'user_type_removed' });
  });

  it('the WMS down: nothing closes, and the server log says the recheck could not reach it', async () => {
    const { client, token } = await signedIn('seller@wms.example.com');
    await wms.close();
    try {
      await expect.poll(() => server.logs(), { timeout: WITHIN_MS, interval: 200 }).toMatch(/account recheck: the warehouse system could not be reached/);
      expect((await client.api(ORDERS, token)).status).toBe(200);
    } finally {
      wms = await startReferenceWms(SECRET, wms.accounts);
    }
  });
});
