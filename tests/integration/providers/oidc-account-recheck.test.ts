/**
 * An account disabled at the OpenID Provider is closed in the portal within ACCOUNT_RECHECK_MINUTES (here
 * 0.05: 3 s) while its owner is signed in and its token is in use: the recheck's refresh grant answers
 * invalid_grant. A token made in that session answers 401 and the session ends, with account_closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, TOKEN_HEADER } from '../support/http-client.ts';
import { OidcBrowser, signInAtProvider } from '../support/oidc-browser.ts';
import { startOidcPortal, type OidcPortal } from '../support/oidc-portal.ts';

const ORDERS = '/api/v1/seller/orders/normal?size=1';
/** The bound (3 s), the timer's tick (half of it) and room for a busy machine. */
const WITHIN_MS = 3_000 + 1_500 + 4_000;

describe('the recheck with AUTH_PROVIDER=oidc', () => {
  let oidc: OidcPortal;
  beforeAll(async () => {
    oidc = await startOidcPortal({ env: { ACCOUNT_RECHECK_MINUTES: '0.05' } });
  });
  afterAll(async () => oidc?.close());

  it('disabled at the provider: the session ends and the token answers 401 within the bound', async () => {
    const browser = new OidcBrowser();
    const origin = oidc.portal.baseUrl;
    const back = await signInAtProvider(browser, `${origin}/api/auth/oidc/start?userType=SELLER`, 'seller');
    await browser.request(back.location!);
    const session = browser.cookies(origin).get('portal_session');
    expect(session).toBeDefined();
    const client = new Client(origin);
    client.cookie = `portal_session=${session}`;
    const token = await client.createToken('recheck', 'disabled at the provider');
    const call = async () => (await fetch(`${origin}${ORDERS}`, { headers: { [TOKEN_HEADER]: token } })).status;
    expect(await call()).toBe(200);

    oidc.idp.disable('seller');
    await expect.poll(call, { timeout: WITHIN_MS, interval: 100 }).toBe(401);
    expect((await client.get('/api/auth/me', { unchecked: true })).status).toBe(401);
    const [event] = await oidc.portal.db.query<{ details: Record<string, unknown> }>(
      "SELECT e.details FROM activity_events e JOIN users u ON u.id = e.user_id WHERE u.auth_provider = 'oidc' AND e.event_type = 'account_closed'",
    );
    expect(event?.details).toEqual(expect.objectContaining({ provider: 'oidc', reason: 'closed' }));
  });
});
