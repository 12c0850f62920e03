/**
 * The account's activity log for sign-ins (routes/portal-session/handlers.ts) and its read side
 * (routes/portal-activity/): signed_in, sign_in_failed and signed_out written exactly once per action with
 * the forwarded address and the browser; signed_in commits with its session or not at all; a refused login
 * writes nothing; never a password. listActivity pages by keyset without gaps or duplicates and filters by
 * type and range; exportActivity is RFC 4180 with the same filters; retention keeps ACTIVITY_LOG_DAYS.
 */
import { createPostgresRequestLogStore } from '../../src/server/request-log/postgres-store.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../../src/server/lib/schemas.ts';
import { cleanUp } from '../../src/server/plugins/housekeeping.ts';
import { deleteOldActivity } from '../../src/server/repositories/activity-repository.ts';
import { Client, DEMO_PASSWORD, type TestResponse } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const LOGIN = '/api/auth/login';
const ACTIVITY = '/api/portal/activity';
const PAIR_LIMIT = 3;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { TRUST_PROXY: 'true' },
    testing: { loginThrottle: { perAccountAndAddress: PAIR_LIMIT, perAddress: 1000, windowSeconds: 900, refusalDelayMs: 0 } },
  });
});
afterAll(async () => server?.close());

const from = (ip: string, agent: string) => ({ headers: { 'x-forwarded-for': ip, 'user-agent': agent } });

interface EventRow {
  user_id: number;
  event_type: string;
  ip_address: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

async function events(where = 'true', params: unknown[] = []): Promise<EventRow[]> {
  return server.db.query<EventRow & Record<string, unknown>>(
    `SELECT user_id, event_type, ip_address, user_agent, details FROM activity_events WHERE ${where} ORDER BY id`,
    params,
  );
}

async function userId(email: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return row!.id;
}

async function sessionCount(email: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1', [email]);
  return row!.n;
}

describe('sign-in events', () => {
  it('signed_in: once per login, with the forwarded address (IPv4-mapped shown as IPv4) and the browser', async () => {
    const id = await userId('seller@example.com');
    const before = (await events()).length;
    const client = server.client();
    expect(
      (await client.post(LOGIN, { email: 'seller@example.com', password: DEMO_PASSWORD, userType: 'SELLER' }, from('::ffff:198.51.100.7', 'Browser "A", v1')))
        .status,
    ).toBe(200);
    // A second login from the same browser replaces its session: one more event, one session.
    expect(
      (await client.post(LOGIN, { email: 'seller@example.com', password: DEMO_PASSWORD, userType: 'SELLER' }, from('2001:db8::1', 'Browser B'))).status,
    ).toBe(200);
    expect((await events()).slice(before)).toEqual([
      { user_id: id, event_type: 'signed_in', ip_address: '198.51.100.7', user_agent: 'Browser "A", v1', details: {} },
      { user_id: id, event_type: 'signed_in', ip_address: '2001:db8::1', user_agent: 'Browser B', details: {} },
    ]);
  });

  it('sign_in_failed: once per wrong password or user type of an existing email, for that user; nothing for an unknown email', async () => {
    const id = await userId('seller2@example.com');
    const before = (await events()).length;
    const wrongPassword = await server
      .client()
      .post(LOGIN, { email: 'seller2@example.com', password: 'wrong-1', userType: 'SELLER' }, from('203.0.113.20', 'Guesser'));
    const wrongType = await server
      .client()
      .post(LOGIN, { email: 'seller2@example.com', password: DEMO_PASSWORD, userType: 'WAREHOUSE' }, from('203.0.113.21', 'Mixup'));
    const unknown = await server.client().post(LOGIN, { email: 'nobody@example.com', password: 'wrong-2', userType: 'SELLER' }, from('203.0.113.22', 'Nobody'));
    expect([wrongPassword.status, wrongType.status, unknown.status]).toEqual([401, 401, 401]);
    expect((await events()).slice(before)).toEqual([
      { user_id: id, event_type: 'sign_in_failed', ip_address: '203.0.113.20', user_agent: 'Guesser', details: {} },
      { user_id: id, event_type: 'sign_in_failed', ip_address: '203.0.113.21', user_agent: 'Mixup', details: {} },
    ]);
  });

  it('writes nothing for a throttled login (429), right password or not', async () => {
    const body = { email: 'warehouse2@example.com', userType: 'WAREHOUSE' };
    for (let i = 0; i < PAIR_LIMIT; i++) {
      expect((await server.client().post(LOGIN, { ...body, password: `wrong-${i}` }, from('203.0.113.30', 'Flood'))).status).toBe(401);
    }
    const failed = (await events(`event_type = 'sign_in_failed' AND ip_address = '203.0.113.30'`)).length;
    expect(failed).toBe(PAIR_LIMIT);
    const before = (await events()).length;
    const sessionsBefore = await sessionCount(body.email);
    expect((await server.client().post(LOGIN, { ...body, password: 'wrong-again' }, from('203.0.113.30', 'Flood'))).status).toBe(429);
    expect((await server.client().post(LOGIN, { ...body, password: DEMO_PASSWORD }, from('203.0.113.30', 'Flood'))).status).toBe(429);
    expect((await events()).length).toBe(before);
    expect(await sessionCount(body.email)).toBe(sessionsBefore);
  });

  it('never stores a password, in any column of any event', async () => {
    const secret = 'Pa55word-that-must-never-be-stored';
    await server.client().post(LOGIN, { email: 'seller@example.com', password: secret, userType: 'SELLER' }, from('203.0.113.40', secret));
    await server.client().post(LOGIN, { email: secret, password: secret, userType: 'SELLER' }, from('203.0.113.41', 'x'));
    const client = server.client();
    await client.post(LOGIN, { email: 'seller@example.com', password: DEMO_PASSWORD, userType: 'SELLER' }, from('203.0.113.42', 'y'));
    await client.get('/api/auth/logout');
    // The failed attempt was recorded (with the user agent the client chose) but no field holds a password.
    expect(await events(`event_type = 'sign_in_failed' AND ip_address = '203.0.113.40'`)).toHaveLength(1);
    const withPassword = await server.db.query(
      `SELECT id FROM activity_events e WHERE (to_jsonb(e) - 'user_agent')::text LIKE '%' || $1 || '%' OR e::text LIKE '%' || $2 || '%'`,
      [secret, DEMO_PASSWORD],
    );
    expect(withPassword).toEqual([]);
  });

  it('signed_out: once per logout of a live session; nothing without one or for an expired one', async () => {
    const id = await userId('warehouse@example.com');
    const client = server.client();
    await client.post(LOGIN, { email: 'warehouse@example.com', password: DEMO_PASSWORD, userType: 'WAREHOUSE' }, from('192.0.2.50', 'Leaver'));
    const before = (await events()).length;
    expect((await client.get('/api/auth/logout', from('192.0.2.51', 'Leaver'))).status).toBe(204);
    expect((await server.client().get('/api/auth/logout')).status).toBe(204);
    const expired = server.client();
    await expired.post(LOGIN, { email: 'warehouse@example.com', password: DEMO_PASSWORD, userType: 'WAREHOUSE' }, from('192.0.2.52', 'Stale'));
    await server.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_agent = 'Stale'`);
    const afterLogin = (await events()).length;
    await expired.get('/api/auth/logout');
    const written = await events();
    expect(written.slice(before, before + 1)).toEqual([{ user_id: id, event_type: 'signed_out', ip_address: '192.0.2.51', user_agent: 'Leaver', details: {} }]);
    expect(written.length).toBe(afterLogin);
    expect(written.slice(before + 1).map((event) => event.event_type)).toEqual(['signed_in']);
  });
});

describe('signed_in is atomic with its session', () => {
  it('a failing event insert fails the login: no new session, and the browser keeps the session it came with', async () => {
    const email = 'seller2@example.com';
    const client = server.client();
    await client.post(LOGIN, { email, password: DEMO_PASSWORD, userType: 'SELLER' }, from('192.0.2.60', 'Atomic'));
    const sessionsBefore = await sessionCount(email);
    const eventsBefore = (await events()).length;
    await server.db.exec(`
      CREATE FUNCTION test_refuse_signed_in() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$;
      CREATE TRIGGER test_refuse_signed_in BEFORE INSERT ON activity_events FOR EACH ROW
        WHEN (NEW.event_type = 'signed_in') EXECUTE FUNCTION test_refuse_signed_in();`);
    try {
      const response = await client.post(LOGIN, { email, password: DEMO_PASSWORD, userType: 'SELLER' }, { ...from('192.0.2.61', 'Atomic'), unchecked: true });
      expect(response.status).toBe(500);
      expect(response.text).not.toContain('refused by test');
    } finally {
      await server.db.exec('DROP TRIGGER test_refuse_signed_in ON activity_events; DROP FUNCTION test_refuse_signed_in();');
    }
    expect(await sessionCount(email)).toBe(sessionsBefore);
    expect((await events()).length).toBe(eventsBefore);
    // The deletion of the previous session was rolled back with it.
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });
});

type Page = Schemas['ActivityPage'];

describe('listActivity', () => {
  let client: Client;
  let owner: number;
  beforeAll(async () => {
    client = server.client();
    await client.login('warehouse2@example.com', 'WAREHOUSE');
    owner = await userId('warehouse2@example.com');
    // 130 events over the past 130 hours, every third pair sharing a time (ties are ordered by id).
    await server.db.query(
      `INSERT INTO activity_events (user_id, occurred_at, event_type, ip_address, user_agent, token_id, token_title, details)
       SELECT $1, now() - make_interval(hours => g - g % 3), CASE WHEN g % 5 = 0 THEN 'token_created' ELSE 'signed_in' END,
              '198.51.100.' || g, 'Seeded', CASE WHEN g % 5 = 0 THEN g END, CASE WHEN g % 5 = 0 THEN 'Token ' || g END,
              CASE WHEN g % 5 = 0 THEN jsonb_build_object('scopes', NULL, 'lifetimeDays', 90, 'ipAllowlist', '[]'::jsonb) ELSE '{}'::jsonb END
         FROM generate_series(1, 130) g`,
      [owner],
    );
  });

  async function walk(query = ''): Promise<Page['data']> {
    const all: Page['data'] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const params = [query, cursor === null ? '' : `cursor=${cursor}`].filter((part) => part !== '').join('&');
      const response: TestResponse<Page> = await client.get<Page>(params === '' ? ACTIVITY : `${ACTIVITY}?${params}`);
      expect(response.status).toBe(200);
      expect(response.body.data.length).toBeLessThanOrEqual(50);
      all.push(...response.body.data);
      cursor = response.body.nextCursor;
      if (cursor === null) return all;
      expect(response.body.data).toHaveLength(50);
    }
    throw new Error('too many pages');
  }

  it('walks every event of the user newest first, 50 a page, without duplicates or gaps', async () => {
    const all = await walk();
    const expected = await server.db.query<{ id: number }>('SELECT id FROM activity_events WHERE user_id = $1 ORDER BY occurred_at DESC, id DESC', [owner]);
    expect(all.length).toBeGreaterThan(100);
    expect(all.map((event) => event.id)).toEqual(expected.map((row) => Number(row.id)));
    const created = all.find((event) => event.type === 'token_created');
    expect(created).toMatchObject({
      tokenId: expect.any(Number),
      tokenTitle: expect.stringMatching(/^Token \d+$/),
      details: { scopes: null, lifetimeDays: 90, ipAllowlist: [] },
    });
  });

  it("never shows another user's events", async () => {
    const other = server.client();
    await other.login('seller2@example.com');
    const ids = new Set((await walk()).map((event) => event.id));
    const theirs = (await other.get<Page>(ACTIVITY)).body.data;
    expect(theirs.length).toBeGreaterThan(0);
    for (const event of theirs) expect(ids.has(event.id)).toBe(false);
  });

  it('filters by type and by range (from inclusive, to exclusive), paging within the filter', async () => {
    const all = await walk();
    const created = await walk('type=token_created');
    expect(created.map((event) => event.id)).toEqual(all.filter((event) => event.type === 'token_created').map((event) => event.id));
    const signedIn = await walk('type=signed_in');
    expect(signedIn.length).toBeGreaterThan(50);
    expect(signedIn.map((event) => event.id)).toEqual(all.filter((event) => event.type === 'signed_in').map((event) => event.id));
    const start = all[60]!.time;
    const end = all[10]!.time;
    const range = await walk(`from=${start}&to=${end}`);
    const inRange = all.filter((event) => event.time >= start && event.time < end);
    expect(range.map((event) => event.id)).toEqual(inRange.map((event) => event.id));
    expect(range.length).toBeGreaterThan(40);
  });

  it('answers 400 naming the parameter for a bad range, type or cursor', async () => {
    const cases: Array<[string, RegExp]> = [
      [`${ACTIVITY}?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`, /^to must be after from/],
      [`${ACTIVITY}?from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`, /^to must be after from/],
      [`${ACTIVITY}?from=yesterday`, /^from /],
      [`${ACTIVITY}?to=soon`, /^to /],
      [`${ACTIVITY}?type=token_viewed`, /^type /],
      [`${ACTIVITY}?cursor=abc`, /^cursor /],
      [`${ACTIVITY}?cursor=1-999999999999999999`, /^cursor /],
      [`${ACTIVITY}.csv?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`, /^to must be after from/],
    ];
    for (const [path, message] of cases) {
      const response = await client.get<{ message: string }>(path);
      expect(response.status, path).toBe(400);
      expect(response.body.message, path).toMatch(message);
    }
  });

  it('needs a session', async () => {
    expect((await server.client().get(ACTIVITY)).status).toBe(401);
    expect((await server.client().get(`${ACTIVITY}.csv`)).status).toBe(401);
  });
});

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += char;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else {
      field += char;
    }
  }
  expect(field).toBe('');
  return records;
}

describe('exportActivity', () => {
  it('downloads the filtered events newest first as RFC 4180 CSV, quoting commas, quotes and line breaks', async () => {
    const client = server.client();
    await client.login('seller@example.com');
    const owner = await userId('seller@example.com');
    const agent = 'Agent, "quoted"\r\nsecond line';
    await server.db.query(
      `INSERT INTO activity_events (user_id, event_type, ip_address, user_agent, token_id, token_title, details)
       VALUES ($1, 'ip_allowlist_changed', '203.0.113.9', $2, 7, 'CI, "main"', '{"before":[],"after":["203.0.113.0/24"]}')`,
      [owner, agent],
    );
    const response = await client.get(`${ACTIVITY}.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.text.startsWith('time,type,ip_address,user_agent,token_id,token_title,details\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual(['time', 'type', 'ip_address', 'user_agent', 'token_id', 'token_title', 'details']);
    expect(rows[0]?.slice(0, 6)).toEqual([expect.stringMatching(/^\d{4}-.*Z$/), 'ip_allowlist_changed', '203.0.113.9', agent, '7', 'CI, "main"']);
    expect(JSON.parse(rows[0]?.[6] ?? '')).toEqual({ before: [], after: ['203.0.113.0/24'] });

    // The same events as the pages, in the same order.
    const page = (await client.get<Page>(ACTIVITY)).body;
    expect(page.nextCursor).toBeNull();
    expect(rows.map((row) => `${row[0]} ${row[1]}`)).toEqual(page.data.map((event) => `${event.time} ${event.type}`));

    // The same filters.
    const failed = parseCsv((await client.get(`${ACTIVITY}.csv?type=sign_in_failed`)).text).slice(1);
    expect(failed.length).toBe(page.data.filter((event) => event.type === 'sign_in_failed').length);
    expect(failed.length).toBeGreaterThan(0);
    for (const row of failed) expect(row[1]).toBe('sign_in_failed');
    const none = parseCsv((await client.get(`${ACTIVITY}.csv?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z`)).text);
    expect(none).toHaveLength(1);
  });
});

describe('retention', () => {
  it('deletes only events older than ACTIVITY_LOG_DAYS, in batches, whatever REQUEST_LOG_DAYS says', async () => {
    expect(server.config.activityLogDays).toBe(365);
    const owner = await userId('warehouse@example.com');
    await server.db.query(
      `INSERT INTO activity_events (user_id, occurred_at, event_type, user_agent)
       SELECT $1, now() - make_interval(days => d), 'signed_in', 'retention ' || d FROM unnest(ARRAY[366, 366, 367, 400, 900, 364, 200, 31]) d`,
      [owner],
    );
    const kept = async () =>
      (await server.db.query<{ user_agent: string }>(`SELECT user_agent FROM activity_events WHERE user_agent LIKE 'retention %' ORDER BY occurred_at`)).map(
        (row) => row.user_agent,
      );
    // Batches of 2: five old events take three statements.
    expect(await deleteOldActivity(server.db, 365, 2)).toBe(5);
    expect(await kept()).toEqual(['retention 364', 'retention 200', 'retention 31']);
    // Housekeeping applies ACTIVITY_LOG_DAYS, not REQUEST_LOG_DAYS (30 here).
    await cleanUp({
      db: server.db,
      config: { ...server.config, activityLogDays: 100 },
      loginThrottle: { windowSeconds: 900 },
      requestLog: createPostgresRequestLogStore(server.db),
      now: Date.now,
    } as never);
    expect(await kept()).toEqual(['retention 31']);
  });
});
