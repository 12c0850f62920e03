/**
 * POST /api/provider/account-events with AUTH_PROVIDER=wms, sent by the reference WMS's own sender
 * (examples/wms-reference/send-account-event.mjs) or signed here: `account.closed` ends the account's
 * session and its token answers the API's 401 at once; `account.changed` looks the account up again in
 * the WMS and applies it (reopened; a user type removed closes that shadow account). A bad or stale
 * signature is a 401 that changes nothing, a body without `subject` a 400 naming it, an id already
 * applied is answered 204 and not applied again; with AUTH_PROVIDER=local the endpoint is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAccountEvent } from '../../examples/wms-reference/send-account-event.mjs';
import type { Client, TestResponse } from './support/http-client.ts';
import { WMS_PASSWORD, newSecret, signatureHeaders, startReferenceWms, type ReferenceWms } from './support/reference-wms.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const SECRET = newSecret();
const EVENTS = '/api/provider/account-events';
const SELLER_CALL = '/api/v1/seller/warehouses?page=0&size=1';
const UNVERIFIED = { status: 401, message: "The event's signature could not be verified." };

let wms: ReferenceWms;
let portal: TestServer;
let seller: Client;
let token: string;

beforeAll(async () => {
  wms = await startReferenceWms(SECRET);
  portal = await startTestServer({ env: { AUTH_PROVIDER: 'wms', WMS_AUTH_URL: wms.passwordCheckUrl, WMS_AUTH_SECRET: SECRET } });
  seller = portal.client();
  await seller.login('seller@wms.example.com', 'SELLER', WMS_PASSWORD);
  token = await seller.createToken();
});
afterAll(async () => {
  await portal?.close();
  await wms?.close();
});

/** An event with these exact bytes and headers, through the spec-checking client. */
function post(body: string, headers: Record<string, string>): Promise<TestResponse> {
  return portal.client().request('POST', EVENTS, { rawBody: body, headers });
}

const event = (type: string, subject: string) => JSON.stringify({ type, subject });
const account = (subject: string) => wms.accounts.find((candidate) => candidate.subject === subject)!;

async function expectSignedIn(): Promise<void> {
  expect((await seller.get('/api/auth/me')).status).toBe(200);
  expect((await seller.api(SELLER_CALL, token)).status).toBe(200);
}

describe('refused, and nothing changes', () => {
  it('a bad signature (another secret, a tampered body, none): 401', async () => {
    const body = event('account.closed', 'wms-seller-1');
    expect(await post(body, signatureHeaders(newSecret(), body))).toMatchObject({ status: 401, body: UNVERIFIED });
    expect(await post(event('account.closed', 'wms-seller-1'), signatureHeaders(SECRET, event('account.changed', 'wms-seller-1')))).toMatchObject({
      status: 401,
      body: UNVERIFIED,
    });
    expect((await post(body, {})).status).toBe(401);
    await expectSignedIn();
  });

  it('a timestamp older than 5 minutes: 401', async () => {
    const body = event('account.closed', 'wms-seller-1');
    expect(await post(body, signatureHeaders(SECRET, body, new Date(Date.now() - 6 * 60 * 1000)))).toMatchObject({ status: 401, body: UNVERIFIED });
    await expectSignedIn();
  });

  it('signed right but without subject, or of an unknown type: 400 naming the field', async () => {
    const noSubject = JSON.stringify({ type: 'account.closed' });
    const missing = await post(noSubject, signatureHeaders(SECRET, noSubject));
    expect(missing.status).toBe(400);
    expect((missing.body as { message: string }).message).toContain('subject');
    const badType = event('account.deleted', 'wms-seller-1');
    const wrongType = await post(badType, signatureHeaders(SECRET, badType));
    expect(wrongType.status).toBe(400);
    expect((wrongType.body as { message: string }).message).toContain('type');
    await expectSignedIn();
  });
});

describe('applied', () => {
  let closing: { body: string; headers: Record<string, string> };

  it("account.closed: 204, the session ends and the token answers the API's 401", async () => {
    const body = event('account.closed', 'wms-seller-1');
    closing = { body, headers: signatureHeaders(SECRET, body) };
    expect((await post(closing.body, closing.headers)).status).toBe(204);
    expect((await seller.get('/api/auth/me')).status).toBe(401);
    const refused = await seller.api(SELLER_CALL, token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ status: 401, message: 'forbidden' });
    const [row] = await portal.db.query<{ closed: boolean }>(`SELECT closed_at IS NOT NULL AS closed FROM users WHERE subject = 'wms-seller-1'`);
    expect(row?.closed).toBe(true);
  });

  it('account.changed, sent by the reference WMS: looked up again, open there, so reopened and its token works again', async () => {
    const response = await sendAccountEvent({ portal: portal.baseUrl, secret: SECRET, type: 'account.changed', subject: 'wms-seller-1' });
    expect(response.status).toBe(204);
    expect((await seller.api(SELLER_CALL, token)).status).toBe(200);
  });

  it('the same event id again within 5 minutes: 204, not applied twice', async () => {
    expect((await post(closing.body, closing.headers)).status).toBe(204);
    expect((await seller.api(SELLER_CALL, token)).status).toBe(200);
  });

  it('account.changed after the WMS took the user type away: that shadow account is closed', async () => {
    account('wms-seller-1').userTypes = ['WAREHOUSE'];
    const response = await sendAccountEvent({ portal: portal.baseUrl, secret: SECRET, type: 'account.changed', subject: 'wms-seller-1' });
    expect(response.status).toBe(204);
    expect((await seller.api(SELLER_CALL, token)).status).toBe(401);
    const [row] = await portal.db.query<{ closed: boolean }>(`SELECT closed_at IS NOT NULL AS closed FROM users WHERE subject = 'wms-seller-1'`);
    expect(row?.closed).toBe(true);
  });

  it('an event for a subject that never signed in: 204, nothing to change', async () => {
    const response = await sendAccountEvent({ portal: portal.baseUrl, secret: SECRET, type: 'account.closed', subject: 'never-seen' });
    expect(response.status).toBe(204);
  });
});

it('with AUTH_PROVIDER=local the endpoint answers 404, signed or not', async () => {
  const local = await startTestServer();
  try {
    const body = event('account.closed', 'wms-seller-1');
    expect((await local.client().request('POST', EVENTS, { rawBody: body, headers: signatureHeaders(SECRET, body) })).status).toBe(404);
    expect((await local.client().request('POST', EVENTS, { rawBody: body })).status).toBe(404);
  } finally {
    await local.close();
  }
});
