/**
 * `npm run bench -- --only=activity` (section 7 of bench/REPORT.md): the account activity log's reads at
 * volume, on PostgreSQL. A scratch database gets 1,000,000 events for one user (a year of a realistic mix of
 * types and details, written set-based) and 30,000 for three others; the built server on it answers, over
 * HTTP with a signed-in session, the newest page, the newest page of one type and the page ten pages deep
 * (by cursor). p50/p95 of N sequential calls after a warm-up, and the EXPLAIN (ANALYZE, BUFFERS) of the
 * repository's own statements for the same three pages. Goal: newest page p95 under 20 ms.
 */
import pg from 'pg';
import type { Queryable } from '../src/server/db/database.ts';
import { listActivityEvents, type ActivityCursor, type ActivityFilter } from '../src/server/repositories/activity-repository.ts';
import { sessionCookie } from './lib/api-session.ts';
import { options } from './lib/options.ts';
import { startOurServer } from './lib/our-server.ts';
import { createDatabase, dropDatabase } from './lib/postgres.ts';
import { percentile } from './lib/stats.ts';

const PORT = 8490;
const PAGE = 50;
const GOAL_P95_MS = 20;
/** The demo seller (seller@example.com), whose session makes the calls. */
const USER_ID = 1;

export interface ActivityBenchResult {
  events: number;
  otherEvents: number;
  seedSeconds: number;
  calls: number;
  queries: Array<{ name: string; path: string; p50: number; p95: number }>;
  explains: Array<{ name: string; plan: string }>;
}

/**
 * One year of events for one user, newest first by g: the type from a fixed mix (35% signed in, 20% signed
 * out, 10% failed sign-ins, 10% refreshes, 8% tokens created, 6% deleted, 5.5% allowlist changes, 3%
 * sessions ended, 2% grace ended, 0.5% leaks), each with the details and token its type carries.
 */
const SEED_EVENTS = `
  INSERT INTO activity_events (user_id, occurred_at, event_type, ip_address, user_agent, token_id, token_title, details)
  SELECT $1, now() - make_interval(secs => g * (365 * 86400.0 / $2::int) + (g % 7)), t.type,
         CASE WHEN t.type = 'token_revoked_leaked' THEN NULL WHEN g % 9 = 0 THEN '2001:db8::' || to_hex(g % 4096) ELSE '198.51.100.' || (g % 250) END,
         CASE WHEN t.type = 'token_revoked_leaked' THEN NULL
              ELSE (ARRAY['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36',
                          'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
                          'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
                          'curl/8.5.0'])[1 + g % 4] END,
         CASE WHEN t.token THEN 1 + (g / 997) % 400 END,
         CASE WHEN t.token THEN 'Token ' || (1 + (g / 997) % 400) END,
         CASE t.type
           WHEN 'token_created' THEN jsonb_build_object('scopes', CASE WHEN g % 2 = 0 THEN NULL ELSE '["orders"]'::jsonb END, 'lifetimeDays', 90, 'ipAllowlist', '[]'::jsonb)
           WHEN 'token_refreshed' THEN jsonb_build_object('graceHours', (ARRAY[0, 1, 24, 168])[1 + g % 4])
           WHEN 'session_ended' THEN jsonb_build_object('sessionsEnded', 1 + g % 3)
           WHEN 'ip_allowlist_changed' THEN jsonb_build_object('before', '[]'::jsonb, 'after', jsonb_build_array('203.0.113.0/24', '2001:db8::/32'))
           WHEN 'token_revoked_leaked' THEN jsonb_build_object('foundAt', 'https://github.com/example/erp-sync/blob/main/.env', 'source', 'commit')
           ELSE '{}'::jsonb END
    FROM generate_series(1, $2::int) g
    CROSS JOIN LATERAL (SELECT m.type, m.type LIKE 'token%' OR m.type IN ('grace_ended', 'ip_allowlist_changed') AS token
      FROM (SELECT CASE
        WHEN r < 70 THEN 'signed_in' WHEN r < 90 THEN 'sign_in_failed' WHEN r < 130 THEN 'signed_out'
        WHEN r < 136 THEN 'session_ended' WHEN r < 152 THEN 'token_created' WHEN r < 172 THEN 'token_refreshed'
        WHEN r < 176 THEN 'grace_ended' WHEN r < 188 THEN 'token_deleted' WHEN r < 189 THEN 'token_revoked_leaked'
        ELSE 'ip_allowlist_changed' END AS type
        FROM (SELECT (g::bigint * 2654435761) % 200 AS r) h) m) t`;

async function timed(calls: number, warmUp: number, once: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < calls + warmUp; i++) {
    const started = performance.now();
    await once();
    if (i >= warmUp) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

export async function runActivityBench(log: (line: string) => void): Promise<ActivityBenchResult> {
  const events = Number(process.env.BENCH_ACTIVITY_EVENTS ?? 1_000_000);
  const othersEach = 10_000;
  const calls = options.quick ? 30 : 200;
  const name = `bench_activity_${process.pid}`;
  const databaseUrl = await createDatabase(name);
  try {
    const server = await startOurServer({ name: 'activity', port: PORT, databaseUrl, env: { LOG_LEVEL: 'warn' } });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const seedStarted = performance.now();
      await client.query(SEED_EVENTS, [USER_ID, events]);
      const others = (await client.query<{ id: number }>('SELECT id FROM users WHERE id <> $1 ORDER BY id LIMIT 3', [USER_ID])).rows;
      for (const other of others) await client.query(SEED_EVENTS, [other.id, othersEach]);
      await client.query('VACUUM ANALYZE activity_events');
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      log(
        `  seeded ${events.toLocaleString()} events for one user and ${(others.length * othersEach).toLocaleString()} for others in ${seedSeconds.toFixed(0)} s`,
      );

      const cookie = await sessionCookie(server.origin);
      const get = async (path: string) => {
        const response = await fetch(server.origin + path, { headers: { cookie } });
        const body = (await response.json()) as { data: unknown[]; nextCursor: string | null };
        if (response.status !== 200 || body.data.length !== PAGE) throw new Error(`${path} answered ${response.status} with ${body.data.length} events`);
        return body;
      };
      // The cursor of the 11th page: ten pages walked as the screen walks them.
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) cursor = (await get(`/api/portal/activity${cursor === null ? '' : `?cursor=${cursor}`}`)).nextCursor;
      if (cursor === null) throw new Error('fewer than 11 pages');
      const cases = [
        { name: 'Newest page', path: '/api/portal/activity' },
        { name: 'Newest page of one type (token_created)', path: '/api/portal/activity?type=token_created' },
        { name: 'Page 11, by cursor', path: `/api/portal/activity?cursor=${cursor}` },
      ];
      const queries: ActivityBenchResult['queries'] = [];
      for (const entry of cases) {
        const result = await timed(calls, 10, async () => void (await get(entry.path)));
        queries.push({ name: entry.name, path: entry.path.replace(/cursor=[^&]+/, 'cursor=<after 10 pages>'), ...result });
        log(`  ${entry.name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`);
      }

      // The repository's own statements, prefixed with EXPLAIN.
      const explaining: Queryable = {
        query: async (text, params) => (await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params)).rows,
      };
      const [at, id] = cursor.split('-').map(Number) as [number, number];
      const after: ActivityCursor = { occurredAtMs: at, id };
      const all: ActivityFilter = { userId: USER_ID };
      const plans: Array<[string, () => Promise<unknown>]> = [
        ['Newest page', () => listActivityEvents(explaining, all, undefined, PAGE + 1)],
        ['Newest page of one type (token_created)', () => listActivityEvents(explaining, { ...all, type: 'token_created' }, undefined, PAGE + 1)],
        ['Page 11, by cursor', () => listActivityEvents(explaining, all, after, PAGE + 1)],
      ];
      const explains: ActivityBenchResult['explains'] = [];
      for (const [label, run] of plans) {
        const planRows = (await run()) as unknown as Array<{ 'QUERY PLAN': string }>;
        explains.push({ name: label, plan: planRows.map((row) => row['QUERY PLAN']).join('\n') });
      }
      return { events, otherEvents: others.length * othersEach, seedSeconds, calls, queries, explains };
    } finally {
      await client.end();
      await server.stop();
    }
  } finally {
    await dropDatabase(name);
  }
}

export function activityReport(result: ActivityBenchResult): string {
  const newest = result.queries[0];
  const met = newest !== undefined && newest.p95 < GOAL_P95_MS;
  return [
    '## 7. Activity log (PostgreSQL)',
    '',
    `\`npm run bench -- --only=activity\` (bench/activity.ts): ${result.events.toLocaleString()} events for one user over a year (a mix of`,
    `every type with its details, written by one \`INSERT ... SELECT generate_series\` in ${result.seedSeconds.toFixed(0)} s with VACUUM ANALYZE), and`,
    `${result.otherEvents.toLocaleString()} for three other users. The built server on PostgreSQL, ${result.calls} sequential calls each over HTTP with a`,
    'signed-in session, after 10 warm-up calls; the shared 2-core machine had other work on it.',
    '',
    '| Page (50 events) | p50 ms | p95 ms |',
    '|---|---:|---:|',
    ...result.queries.map((q) => `| ${q.name} (\`${q.path}\`) | ${q.p50.toFixed(1)} | ${q.p95.toFixed(1)} |`),
    '',
    `Goal: newest page p95 under ${GOAL_P95_MS} ms: **${met ? 'met' : 'missed'}** (${newest?.p95.toFixed(1) ?? '–'} ms).`,
    '',
    'Each page reads 51 entries of `activity_events_user_newest` (user, time, id, newest first) or, filtered by type,',
    "of `activity_events_user_type_newest`: the cost does not grow with the user's events. The EXPLAIN of the",
    "repository's statements (src/server/repositories/activity-repository.ts), same data:",
    '',
    ...result.explains.flatMap((e) => [`#### EXPLAIN: ${e.name}`, '', '```', e.plan, '```', '']),
  ].join('\n');
}
