/**
 * listSessions, endOtherSessions, endSession (routes/portal-session/sessions-handlers.ts): the user's live
 * sessions with where they signed in from and the calling one marked; signing out the others, or one, takes
 * effect on their very next request (sessions are read from the database on every request); another user's
 * session answers 404. Each ending is one activity event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../../src/server/lib/schemas.ts';
import { Client } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => server?.close());

const SESSIONS = '/api/portal/sessions';

/** A browser of the given user, signed in from `ip` with `agent`: the cookie and headers it keeps sending. */
async function browser(email: string, ip: string, agent: string): Promise<Client & { as: { headers: Record<string, string> } }> {
  const client = Object.assign(server.client(), { as: { headers: { 'x-forwarded-for': ip, 'user-agent': agent } } });
  const response = await client.post(
    '/api/auth/login',
    { email, password: 'demo-password', userType: email.startsWith('seller') ? 'SELLER' : 'WAREHOUSE' },
    client.as,
  );
  expect(response.status).toBe(200);
  return client;
}

async function eventsOf(email: string, type: string) {
  return server.db.query<{ ip_address: string; user_agent: string; details: Record<string, unknown> }>(
    `SELECT e.ip_address, e.user_agent, e.details FROM activity_events e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.event_type = $2 ORDER BY e.id`,
    [email, type],
  );
}

describe('listSessions', () => {
  it('lists the live sessions newest first with browser and address, the calling one marked current', async () => {
    const first = await browser('seller2@example.com', '203.0.113.1', 'First browser/1.0');
    const second = await browser('seller2@example.com', '::ffff:203.0.113.2', 'Second browser/2.0');
    // An expired session of the same user is not listed.
    const expired = await browser('seller2@example.com', '203.0.113.3', 'Old browser');
    await server.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_agent = 'Old browser'`);
    await server.db.query(`UPDATE sessions SET created_at = created_at - interval '1 minute' WHERE user_agent = 'First browser/1.0'`);
    const other = await browser('warehouse2@example.com', '203.0.113.4', 'Someone else');

    const list = await second.get<Schemas['PortalSessionList']>(SESSIONS);
    expect(list.status).toBe(200);
    expect(list.body.data.map(({ userAgent, ipAddress, current }) => ({ userAgent, ipAddress, current }))).toEqual([
      { userAgent: 'Second browser/2.0', ipAddress: '203.0.113.2', current: true },
      { userAgent: 'First browser/1.0', ipAddress: '203.0.113.1', current: false },
    ]);
    const fromFirst = await first.get<Schemas['PortalSessionList']>(SESSIONS);
    expect(fromFirst.body.data.map((session) => session.current)).toEqual([false, true]);
    for (const session of list.body.data) expect(Date.parse(session.lastSeenDate)).toBeGreaterThanOrEqual(Date.parse(session.signedInDate) - 1000);
    expect((await expired.get(SESSIONS)).status).toBe(401);
    expect((await other.get<Schemas['PortalSessionList']>(SESSIONS)).body.data).toHaveLength(1);
  });

  it('cuts a long user agent to 200 characters and never shows the cookie', async () => {
    const client = await browser('warehouse@example.com', '203.0.113.5', 'x'.repeat(500));
    const list = await client.get<Schemas['PortalSessionList']>(SESSIONS);
    const current = list.body.data.find((session) => session.current);
    expect(current?.userAgent).toBe('x'.repeat(200));
    const cookie = (client.cookie ?? '').split('=')[1] ?? '';
    expect(cookie).toHaveLength(43);
    expect(list.text).not.toContain(cookie);
  });

  it('needs a session', async () => {
    expect((await server.client().get(SESSIONS)).status).toBe(401);
  });
});

describe('endOtherSessions', () => {
  it("signs out every other session of the user at once, keeps this one and other users', and records it once", async () => {
    const email = 'seller@example.com';
    const keep = await browser(email, '198.51.100.10', 'Keeper');
    const others = [await browser(email, '198.51.100.11', 'Other A'), await browser(email, '198.51.100.12', 'Other B')];
    const stranger = await browser('warehouse@example.com', '198.51.100.13', 'Stranger');
    for (const client of others) expect((await client.get('/api/auth/me')).status).toBe(200);

    const response = await keep.delete<Schemas['EndedSessions']>(`${SESSIONS}/others`, keep.as);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ended: 2 });
    for (const client of others) expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await keep.get('/api/auth/me')).status).toBe(200);
    expect((await stranger.get('/api/auth/me')).status).toBe(200);
    const list = await keep.get<Schemas['PortalSessionList']>(SESSIONS);
    expect(list.body.data.map((session) => session.userAgent)).toEqual(['Keeper']);

    expect(await eventsOf(email, 'session_ended')).toEqual([{ ip_address: '198.51.100.10', user_agent: 'Keeper', details: { sessionsEnded: 2 } }]);
    // Nothing left to end: answered 0, and no event.
    expect((await keep.delete<Schemas['EndedSessions']>(`${SESSIONS}/others`, keep.as)).body).toEqual({ ended: 0 });
    expect(await eventsOf(email, 'session_ended')).toHaveLength(1);
  });

  it('is refused cross-site', async () => {
    const client = await browser('warehouse2@example.com', '198.51.100.14', 'Cross');
    const response = await client.delete(`${SESSIONS}/others`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
  });
});

describe('endSession', () => {
  async function sessionIds(client: Client): Promise<{ id: number; userAgent: string | null; current: boolean }[]> {
    return (await client.get<Schemas['PortalSessionList']>(SESSIONS)).body.data;
  }

  it("signs out another of the user's sessions at once, recorded as session_ended", async () => {
    await server.db.query(`DELETE FROM sessions`);
    const email = 'seller2@example.com';
    const keep = await browser(email, '192.0.2.1', 'Here');
    const gone = await browser(email, '192.0.2.2', 'There');
    const target = (await sessionIds(keep)).find((session) => !session.current);
    expect(target?.userAgent).toBe('There');
    const before = (await eventsOf(email, 'session_ended')).length;
    const response = await keep.delete(`${SESSIONS}/${target?.id}`, keep.as);
    expect(response.status).toBe(204);
    expect((await gone.get('/api/auth/me')).status).toBe(401);
    expect((await keep.get('/api/auth/me')).status).toBe(200);
    const events = await eventsOf(email, 'session_ended');
    expect(events.slice(before)).toEqual([{ ip_address: '192.0.2.1', user_agent: 'Here', details: { sessionsEnded: 1 } }]);
  });

  it("answers 404 for another user's session and an unknown id, ending nothing", async () => {
    const mine = await browser('seller@example.com', '192.0.2.3', 'Mine');
    const theirs = await browser('warehouse@example.com', '192.0.2.4', 'Theirs');
    const theirId = (await sessionIds(theirs)).find((session) => session.current)?.id;
    for (const id of [theirId, 2147483647]) {
      const response = await mine.delete(`${SESSIONS}/${id}`, mine.as);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: 404, message: 'Session not found.' });
    }
    expect((await theirs.get('/api/auth/me')).status).toBe(200);
    expect((await mine.delete(`${SESSIONS}/abc`, mine.as)).status).toBe(400);
  });

  it('ending the calling session signs this browser out (cookies cleared), recorded as signed_out', async () => {
    const email = 'warehouse2@example.com';
    const client = await browser(email, '192.0.2.5', 'Self');
    const own = (await sessionIds(client)).find((session) => session.current);
    const signedOutBefore = (await eventsOf(email, 'signed_out')).length;
    const endedBefore = (await eventsOf(email, 'session_ended')).length;
    const cookie = client.cookie;
    const response = await client.delete(`${SESSIONS}/${own?.id}`, client.as);
    expect(response.status).toBe(204);
    const cleared = response.headers.getSetCookie();
    expect(cleared.find((value) => value.startsWith('portal_session='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared.find((value) => value.startsWith('portal_signed_in='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await server.client().get('/api/auth/me', { headers: { cookie: cookie ?? '' } })).status).toBe(401);
    expect((await eventsOf(email, 'signed_out')).slice(signedOutBefore)).toEqual([{ ip_address: '192.0.2.5', user_agent: 'Self', details: {} }]);
    expect(await eventsOf(email, 'session_ended')).toHaveLength(endedBefore);
  });
});
