/**
 * The activity events of token changes: token_created, token_refreshed, grace_ended, token_deleted and
 * ip_allowlist_changed, each written exactly once with who, from where and which token, never a token
 * value; and each in the same transaction as its change: with the event's insert made to fail, the change
 * does not happen either, and a change refused writes no event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTokenValue } from '../../src/server/lib/token-format.ts';
import type { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const LIST = '/api/v1/seller/warehouses?page=0&size=1';
const USER_AGENT = 'token-activity-test/2.0';

type ApiToken = { id: number; title: string; token: string; previousValueExpiresAt: string | null };
type EventRow = {
  event_type: string;
  token_id: number | null;
  token_title: string | null;
  ip_address: string | null;
  user_agent: string | null;
  details: unknown;
};

let server: TestServer;
let seller: Client;

beforeAll(async () => {
  server = await startTestServer();
  seller = server.client();
  await seller.login();
});
afterAll(async () => server?.close());

const headers = { 'user-agent': USER_AGENT };
const eventsOf = (tokenId: number) =>
  server.db.query<EventRow>('SELECT event_type, token_id, token_title, ip_address, user_agent, details FROM activity_events WHERE token_id = $1 ORDER BY id', [
    tokenId,
  ]);
const allEvents = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_events'))[0]?.n ?? 0;

async function create(body: Record<string, unknown>) {
  return seller.post<{ data: ApiToken }>('/api/auth/token', { description: 'd', ...body }, { headers });
}
const refresh = (value: string, graceHours = 0) => seller.get<{ data: ApiToken }>(`/api/auth/token/refresh/${value}?graceHours=${graceHours}`, { headers });
const endGrace = (value: string) => seller.delete<{ data: ApiToken }>(`/api/auth/token/previous-value/${value}`, { headers });
const remove = (value: string) => seller.delete(`/api/auth/token/${value}`, { headers });
const setAllowlist = (id: number, ipAllowlist: string[]) =>
  seller.request<{ data: ApiToken }>('PUT', `/api/portal/tokens/${id}/ip-allowlist`, { body: { ipAllowlist }, headers });

describe('each token change writes its event once', () => {
  it('records the life of a token, with the address, the client and the title, and no token value', async () => {
    const created = (await create({ title: 'Lifecycle', scopes: ['orders', 'products'], expiresInDays: 30, ipAllowlist: ['127.0.0.1'] })).body.data;
    const refreshed = (await refresh(created.token, 24)).body.data;
    expect((await endGrace(refreshed.token)).status).toBe(200);
    // No window runs any more: answered the same, recorded nothing.
    expect((await endGrace(refreshed.token)).status).toBe(200);
    const again = (await refresh(refreshed.token)).body.data;
    expect((await setAllowlist(created.id, ['127.0.0.0/8'])).status).toBe(200);
    expect((await remove(again.token)).status).toBe(204);

    const events = await eventsOf(created.id);
    const who = { token_id: created.id, token_title: 'Lifecycle', ip_address: '127.0.0.1', user_agent: USER_AGENT };
    expect(events).toEqual([
      {
        ...who,
        event_type: 'token_created',
        details: { scopes: ['products', 'orders'], lifetimeDays: 30, ipAllowlist: ['127.0.0.1'], environment: 'sandbox' },
      },
      { ...who, event_type: 'token_refreshed', details: { graceHours: 24 } },
      { ...who, event_type: 'grace_ended', details: {} },
      { ...who, event_type: 'token_refreshed', details: { graceHours: 0 } },
      { ...who, event_type: 'ip_allowlist_changed', details: { before: ['127.0.0.1'], after: ['127.0.0.0/8'] } },
      { ...who, event_type: 'token_deleted', details: {} },
    ]);
    const stored = JSON.stringify(await server.db.query('SELECT * FROM activity_events'));
    for (const value of [created.token, refreshed.token, again.token]) expect(stored).not.toContain(value);
  });

  it('records a token with every domain as scopes null and the default lifetime', async () => {
    const created = (await create({ title: 'Defaults' })).body.data;
    expect((await eventsOf(created.id)).map((event) => event.details)).toEqual([{ scopes: null, lifetimeDays: 90, ipAllowlist: [], environment: 'sandbox' }]);
  });

  it('records one deletion when two deletes race', async () => {
    const created = (await create({ title: 'Raced' })).body.data;
    const statuses = (await Promise.all([remove(created.token), remove(created.token)])).map((response) => response.status).sort();
    expect(statuses).toEqual([204, 404]);
    expect((await eventsOf(created.id)).filter((event) => event.event_type === 'token_deleted')).toHaveLength(1);
  });
});

describe('a change refused writes no event', () => {
  it('on a bad entry, a scope of the other API and an unknown token', async () => {
    const before = await allEvents();
    expect((await create({ title: 'Bad list', ipAllowlist: ['nope'] })).status).toBe(400);
    expect((await create({ title: 'Bad scope', scopes: ['inventory'] })).status).toBe(400);
    // Well formed (prefix, alphabet, checksum), so it reaches the lookup, and no token of ours.
    const unknown = generateTokenValue('SELLER', 'sandbox');
    expect((await refresh(unknown)).status).toBe(404);
    expect((await remove(unknown)).status).toBe(404);
    expect((await endGrace(unknown)).status).toBe(404);
    expect((await setAllowlist(2_000_000_000, [])).status).toBe(404);
    expect(await allEvents()).toBe(before);
  });
});

describe('a change and its event commit together or not at all', () => {
  /** Makes every insert into activity_events fail, as a full disk or a broken constraint would, for the length of fn. */
  async function withFailingActivityLog(fn: () => Promise<void>): Promise<void> {
    await server.db.exec(`
      CREATE FUNCTION refuse_activity() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'activity log refused by the test'; END $$;
      CREATE TRIGGER refuse_activity BEFORE INSERT ON activity_events FOR EACH ROW EXECUTE FUNCTION refuse_activity();`);
    try {
      await fn();
    } finally {
      await server.db.exec('DROP TRIGGER refuse_activity ON activity_events; DROP FUNCTION refuse_activity();');
    }
  }

  it('creates, refreshes, ends no grace window, changes no list and deletes nothing when the event cannot be written', async () => {
    const live = (await create({ title: 'Survivor' })).body.data;
    const graced = (await refresh(live.token, 1)).body.data;
    const tokensBefore = await server.db.query('SELECT id, digest, previous_digest, ip_allowlist FROM api_tokens ORDER BY id');
    const eventsBefore = await allEvents();

    await withFailingActivityLog(async () => {
      // 500s are off the spec's list of answers on purpose: the validating client is told not to check them.
      const send = (method: string, path: string, body?: unknown) => seller.request(method, path, { body, headers, unchecked: true });
      const created = await send('POST', '/api/auth/token', { title: 'Never created', description: 'd' });
      expect(created.status).toBe(500);
      expect(created.body).toEqual({ status: 500, message: 'Internal server error.' });
      expect((await send('GET', `/api/auth/token/refresh/${graced.token}`)).status).toBe(500);
      expect((await send('DELETE', `/api/auth/token/previous-value/${graced.token}`)).status).toBe(500);
      expect((await send('PUT', `/api/portal/tokens/${live.id}/ip-allowlist`, { ipAllowlist: ['203.0.113.9'] })).status).toBe(500);
      expect((await send('DELETE', `/api/auth/token/${graced.token}`)).status).toBe(500);
    });

    expect(await server.db.query('SELECT id, digest, previous_digest, ip_allowlist FROM api_tokens ORDER BY id')).toEqual(tokensBefore);
    expect(await allEvents()).toBe(eventsBefore);
    // Both values still work: nothing was refreshed, ended or deleted.
    expect((await seller.api(LIST, graced.token)).status).toBe(200);
    expect((await seller.api(LIST, live.token)).status).toBe(200);
  });
});
