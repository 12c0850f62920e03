/**
 * POST /api/provider/resource-changes with AUTH_PROVIDER=wms and live tokens, sent by the reference WMS's
 * own sender (examples/wms-reference/send-resource-change.mjs) or signed here: a signed change is recorded
 * with its events for the accounts it concerns, in their families' views, and answered 202; a repeat of an
 * id is answered 202 and recorded once; a bad signature is a 401 and a bad body a 400 naming the field,
 * both recording nothing; without live tokens the endpoint is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendResourceChange } from '../../examples/wms-reference/send-resource-change.mjs';
import type { TestResponse } from './support/http-client.ts';
import { WMS_PASSWORD, newSecret, signatureHeaders, startReferenceWms, type ReferenceWms } from './support/reference-wms.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const SECRET = newSecret();
const CHANGES = '/api/provider/resource-changes';

let wms: ReferenceWms;
let portal: TestServer;
let sellerId: number;

beforeAll(async () => {
  wms = await startReferenceWms(SECRET);
  portal = await startTestServer({
    env: {
      AUTH_PROVIDER: 'wms',
      WMS_AUTH_URL: wms.passwordCheckUrl,
      WMS_AUTH_SECRET: SECRET,
      UPSTREAM_API_URL: 'http://127.0.0.1:9/api/v1',
      PUBLIC_ORIGIN: 'https://developers.example.com',
    },
  });
  const seller = portal.client();
  await seller.login('seller@wms.example.com', 'SELLER', WMS_PASSWORD);
  const [row] = await portal.db.query<{ id: number }>("SELECT id FROM users WHERE auth_provider = 'wms' AND user_type = 'SELLER' ORDER BY id LIMIT 1");
  sellerId = Number(row?.id);
});
afterAll(async () => {
  await portal?.close();
  await wms?.close();
});

const subjectOf = (email: string) => wms.accounts.find((account) => account.email === email)?.subject ?? '';
const post = (body: string, headers: Record<string, string>): Promise<TestResponse> => portal.client().request('POST', CHANGES, { rawBody: body, headers });
const eventsOf = (accountId: number) =>
  portal.db.query<{ type: string; payload: string }>('SELECT event_type AS type, payload FROM webhook_events WHERE user_id = $1 ORDER BY created_at, id', [
    accountId,
  ]);

describe('a signed change', () => {
  it("is recorded as the seller's live event, with only its view's fields, and a repeat id once", async () => {
    const before = (await eventsOf(sellerId)).length;
    const change = {
      resource: 'import',
      resourceId: 57,
      seller: subjectOf('seller@wms.example.com'),
      warehouse: 'wms-warehouse-that-never-signed-in',
      changes: { status: { previous: 'IN_TRANSIT', current: 'RECEIVING' }, inbStatus: { previous: 'WAITING', current: 'RECEIVING' } },
    };
    const answer = await sendResourceChange({ portal: portal.baseUrl, secret: SECRET, change });
    expect(answer.status).toBe(202);
    const events = await eventsOf(sellerId);
    expect(events.length).toBe(before + 1);
    const payload = JSON.parse(String(events.at(-1)?.payload)) as { type: string; environment: string; data: { resourceUrl: string; changes: object } };
    expect(payload).toMatchObject({ type: 'seller.import.status_changed', environment: 'live' });
    expect(payload.data.resourceUrl).toBe('https://developers.example.com/api/v1/seller/imports/57');
    // The seller's view of an import has `status`; `inbStatus` is the warehouse's.
    expect(payload.data.changes).toEqual({ status: { previous: 'IN_TRANSIT', current: 'RECEIVING' } });

    const body = JSON.stringify({ ...change, time: '2026-11-29T08:00:00Z' });
    const headers = signatureHeaders(SECRET, body);
    expect((await post(body, headers)).status).toBe(202);
    expect((await post(body, headers)).status).toBe(202);
    expect((await eventsOf(sellerId)).length).toBe(before + 2);
  });

  it('for subjects that never signed in is accepted and records nothing', async () => {
    const body = JSON.stringify({
      resource: 'normal_order',
      resourceId: 1,
      seller: 'nobody-here',
      time: '2026-11-29T08:00:00Z',
      changes: { status: { previous: 'NEW', current: 'CONFIRMED' } },
    });
    const [{ count: before } = { count: 0 }] = await portal.db.query<{ count: number }>('SELECT count(*)::int AS count FROM webhook_events');
    expect((await post(body, signatureHeaders(SECRET, body))).status).toBe(202);
    const [{ count: after } = { count: 0 }] = await portal.db.query<{ count: number }>('SELECT count(*)::int AS count FROM webhook_events');
    expect(after).toBe(before);
  });
});

describe('refused, and nothing is recorded', () => {
  it('a bad signature: 401; a body without changes or with an unknown resource: 400 naming the field', async () => {
    const before = (await eventsOf(sellerId)).length;
    const body = JSON.stringify({
      resource: 'normal_order',
      resourceId: 1,
      seller: subjectOf('seller@wms.example.com'),
      time: '2026-11-29T08:00:00Z',
      changes: { status: { previous: 'NEW', current: 'CONFIRMED' } },
    });
    expect((await post(body, signatureHeaders(newSecret(), body))).status).toBe(401);
    const noChanges = JSON.stringify({ resource: 'normal_order', resourceId: 1, seller: 's', time: '2026-11-29T08:00:00Z' });
    const missing = await post(noChanges, signatureHeaders(SECRET, noChanges));
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('changes');
    const unknown = JSON.stringify({
      resource: 'pallet',
      resourceId: 1,
      seller: 's',
      time: '2026-11-29T08:00:00Z',
      changes: { status: { previous: 'A', current: 'B' } },
    });
    const refused = await post(unknown, signatureHeaders(SECRET, unknown));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('resource');
    expect((await eventsOf(sellerId)).length).toBe(before);
  });

  it('without live tokens the endpoint is a 404', async () => {
    const local = await startTestServer({ env: { AUTH_PROVIDER: 'wms', WMS_AUTH_URL: wms.passwordCheckUrl, WMS_AUTH_SECRET: SECRET } });
    try {
      const body = JSON.stringify({
        resource: 'normal_order',
        resourceId: 1,
        seller: 's',
        time: '2026-11-29T08:00:00Z',
        changes: { status: { previous: 'NEW', current: 'CONFIRMED' } },
      });
      expect((await local.client().request('POST', CHANGES, { rawBody: body, headers: signatureHeaders(SECRET, body) })).status).toBe(404);
    } finally {
      await local.close();
    }
  });
});
