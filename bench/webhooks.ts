/**
 * `npm run bench -- --only=webhooks` (section 9 of bench/REPORT.md): webhook delivery on PostgreSQL, one
 * portal process, ten local endpoints (bench/webhook-receivers.ts, a process of their own): five per demo
 * seller, each subscribed to one of the five seller event types, so each event is one delivery and the
 * events go round the ten endpoints.
 *
 * - Steady: events committed one per transaction at a steady rate (recordEvents, as a change records
 *   them); commit to received, p50/p95/p99, over every delivery. Then the same with one endpoint hanging
 *   (its attempts time out), over the nine others' deliveries: the hanging one must not delay them.
 * - Full speed: events committed in batches while the portal is paused, then deliveries a second from its
 *   resuming until the last one arrives, beside a bare loop of signed POSTs with undici to the same receivers at the same concurrency
 *   (the portal's in-flight limit). CPU per delivery of the process doing the work beside each.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import type { Transaction } from '../src/server/db/database.ts';
import { recordEvents, type ResourceEvent } from '../src/server/webhooks/outbox.ts';
import { sessionCookie } from './lib/api-session.ts';
import { options } from './lib/options.ts';
import { startOurServer } from './lib/our-server.ts';
import { createDatabase, dropDatabase } from './lib/postgres.ts';
import { cpuSeconds, start, tsNode, waitForHttp } from './lib/processes.ts';
import { currentLoad } from './lib/machine.ts';

const PORTS = { portal: 8487, control: 8488, receivers: 8490 };
const ENDPOINTS = 10;
const DATABASE = 'bench_webhooks';
/** Events per steady run and per full-speed run, and the steady rate (events a second). */
const STEADY_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? (options.quick ? 1_000 : 10_000));
const FAST_EVENTS = Number(process.env.BENCH_WEBHOOK_FAST_EVENTS ?? (options.quick ? 2_000 : 10_000));
const SELLERS = ['seller@example.com', 'seller2@example.com'];
const TYPES = [
  'seller.normal_order.status_changed',
  'seller.return_order.status_changed',
  'seller.import.status_changed',
  'seller.quotation.status_changed',
  'seller.product.inventory_changed',
] as const;
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 100);
/** The portal's in-flight limit across the nine endpoints the full-speed runs reach (WEBHOOK_ENDPOINT_CONCURRENCY 4 each). */
const CONCURRENCY = 4 * (ENDPOINTS - 1);

export interface LatencyRow {
  run: string;
  events: number;
  deliveries: number;
  p50: number;
  p95: number;
  p99: number;
  lost: number;
}

export interface ThroughputRow {
  target: string;
  deliveries: number;
  perSecond: number;
  cpuMicrosPerDelivery: number;
}

export interface WebhookBenchResult {
  rate: number;
  latency: LatencyRow[];
  throughput: ThroughputRow[];
  loadAverage: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function receipts(): Promise<number[]> {
  return (await (await fetch(`http://127.0.0.1:${PORTS.control}/receipts`)).json()) as number[];
}

async function setHanging(index: number | 'none'): Promise<void> {
  await fetch(`http://127.0.0.1:${PORTS.control}/hang/${index}`, { method: 'POST' });
}

/** Waits until `expected` deliveries (to endpoints other than `skip`) have arrived, or the wait runs out. */
async function awaitReceipts(expected: number, skip: number, timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await receipts();
    let count = 0;
    for (let at = 0; at < got.length; at += 3) if (got[at] !== skip) count += 1;
    if (count >= expected || Date.now() > deadline) return got;
    // Often enough that the wait adds little to a full-speed run's few seconds.
    await sleep(50);
  }
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);
}

export async function runWebhookBench(log: (line: string) => void): Promise<WebhookBenchResult> {
  const databaseUrl = await createDatabase(DATABASE);
  const [command, args] = tsNode('bench/webhook-receivers.ts', [String(PORTS.receivers), String(ENDPOINTS), String(PORTS.control)]);
  const receivers = start('webhook-receivers', command, args);
  const portal = await startOurServer({
    name: 'webhooks-portal',
    port: PORTS.portal,
    databaseUrl,
    env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', LOG_LEVEL: 'warn' },
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await waitForHttp(`http://127.0.0.1:${PORTS.control}/`, receivers);
    await client.connect();
    const sellerIds: number[] = [];
    for (const [account, email] of SELLERS.entries()) {
      const cookie = await sessionCookie(portal.origin, { email, password: 'demo-password', userType: 'SELLER' });
      for (const [kind, type] of TYPES.entries()) {
        const index = account * TYPES.length + kind;
        const made = await fetch(`${portal.origin}/api/webhooks/endpoints`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: portal.origin, cookie },
          body: JSON.stringify({ url: `http://127.0.0.1:${PORTS.receivers + index}/hook`, eventTypes: [type], description: `bench ${index}` }),
        });
        if (made.status !== 201) throw new Error(`endpoint creation answered ${made.status}`);
      }
      const [row] = (await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows;
      if (row === undefined) throw new Error(`no demo seller ${email}`);
      sellerIds.push(row.id);
    }
    const tx: Transaction = {
      query: async (text, params) => (await client.query(text, params)).rows,
      exec: async (sql) => void (await client.query(sql)),
    };
    let nextResource = 1;
    /** The next event, for the endpoint `(resourceId - 1) % 10`. */
    const event = (): ResourceEvent => {
      const id = nextResource++;
      const index = (id - 1) % ENDPOINTS;
      const type = TYPES[index % TYPES.length] ?? TYPES[0];
      return {
        accountId: sellerIds[Math.floor(index / TYPES.length)] ?? 0,
        environment: 'sandbox',
        type,
        resourceId: id,
        resourcePath: `/seller/orders/normal/${id}`,
        changes: { status: { previous: 'PACKED', current: 'SHIPPED' } },
        time: new Date(),
      };
    };
    const commit = async (events: ResourceEvent[]) => {
      await client.query('BEGIN');
      await recordEvents(tx, events);
      await client.query('COMMIT');
    };

    const steady = async (run: string, hanging: number | 'none'): Promise<LatencyRow> => {
      await setHanging(hanging);
      const committedAt = new Map<number, number>();
      const skip = hanging === 'none' ? -1 : hanging;
      let expected = 0;
      const startedAt = performance.now();
      for (let index = 0; index < STEADY_EVENTS; index += 1) {
        const due = startedAt + (index * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const one = event();
        await commit([one]);
        committedAt.set(one.resourceId, Date.now());
        if ((one.resourceId - 1) % ENDPOINTS !== skip) expected += 1;
      }
      const got = await awaitReceipts(expected, skip, 60_000);
      const latencies: number[] = [];
      for (let at = 0; at < got.length; at += 3) {
        if (got[at] === skip) continue;
        const committed = committedAt.get(got[at + 1] ?? -1);
        if (committed !== undefined) latencies.push((got[at + 2] ?? 0) - committed);
      }
      latencies.sort((a, b) => a - b);
      const row = {
        run,
        events: STEADY_EVENTS,
        deliveries: latencies.length,
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
        p99: percentile(latencies, 0.99),
        lost: expected - latencies.length,
      };
      log(`-- ${run}: ${JSON.stringify(row)}`);
      return row;
    };

    const latency = [await steady('all ten endpoints answering', 'none'), await steady('one of ten hanging (nine measured)', ENDPOINTS - 1)];
    // The hanging endpoint's retries must not reach the full-speed runs: switch it off.
    await client.query(`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'owner' WHERE url LIKE $1`, [`%:${PORTS.receivers + ENDPOINTS - 1}/%`]);
    await sleep(16_000);

    await setHanging('none');
    // The portal is paused while the events are committed, so what is timed is delivery alone (claim, sign,
    // POST, record), as the bare loop's is; the NOTIFYs wait in its socket and wake it when it resumes.
    process.kill(portal.pid, 'SIGSTOP');
    let ourExpected = 0;
    try {
      for (let sent = 0; sent < FAST_EVENTS; sent += 100) {
        const batch = Array.from({ length: Math.min(100, FAST_EVENTS - sent) }, event);
        // The switched-off endpoint's events queue nothing.
        ourExpected += batch.filter((one) => (one.resourceId - 1) % ENDPOINTS !== ENDPOINTS - 1).length;
        await commit(batch);
      }
    } finally {
      process.kill(portal.pid, 'SIGCONT');
    }
    const ourCpuBefore = cpuSeconds(portal.pid);
    const fastStarted = performance.now();
    const got = await awaitReceipts(ourExpected, -1, 300_000);
    const ourSeconds = (performance.now() - fastStarted) / 1000;
    const ourDeliveries = got.length / 3;
    const ours: ThroughputRow = {
      target: 'portal: claim, sign, POST, record',
      deliveries: ourDeliveries,
      perSecond: Math.round(ourDeliveries / ourSeconds),
      cpuMicrosPerDelivery: Math.round(((cpuSeconds(portal.pid) - ourCpuBefore) * 1e6) / Math.max(1, ourDeliveries)),
    };
    log(`-- ${ours.target}: ${JSON.stringify(ours)}`);

    await setHanging('none');
    const agent = new Agent({ connections: CONCURRENCY });
    const signer = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    const bareCpuBefore = process.cpuUsage();
    const bareStarted = performance.now();
    let next = 0;
    const worker = async () => {
      for (;;) {
        const index = next++;
        if (index >= ourExpected) return;
        const body = JSON.stringify({ id: `evt_bench${index}`, type: 'seller.normal_order.status_changed', data: { resourceId: index } });
        const now = new Date();
        const answer = await request(`http://127.0.0.1:${PORTS.receivers + (index % (ENDPOINTS - 1))}/hook`, {
          method: 'POST',
          dispatcher: agent,
          headers: {
            'content-type': 'application/json',
            'webhook-id': `evt_bench${index}`,
            'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
            'webhook-signature': signer.sign(`evt_bench${index}`, now, body),
          },
          body,
        });
        await answer.body.text();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const bareSeconds = (performance.now() - bareStarted) / 1000;
    const cpu = process.cpuUsage(bareCpuBefore);
    await agent.close();
    const bare: ThroughputRow = {
      target: 'bare loop: sign and POST with undici',
      deliveries: ourExpected,
      perSecond: Math.round(ourExpected / bareSeconds),
      cpuMicrosPerDelivery: Math.round((cpu.user + cpu.system) / ourExpected),
    };
    log(`-- ${bare.target}: ${JSON.stringify(bare)}`);
    return { rate: RATE, latency, throughput: [ours, bare], loadAverage: currentLoad() };
  } finally {
    await client.end().catch(() => undefined);
    await portal.stop();
    await receivers.stop();
    await dropDatabase(DATABASE);
  }
}

export function webhookReport(result: WebhookBenchResult): string {
  const [healthy, hanging] = result.latency;
  const [ours, bare] = result.throughput;
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const within = healthy !== undefined && hanging !== undefined ? hanging.p95 / healthy.p95 : Number.NaN;
  const share = ours !== undefined && bare !== undefined ? ours.perSecond / bare.perSecond : Number.NaN;
  return [
    '## 9. Webhook delivery (PostgreSQL)',
    '',
    `\`npm run bench -- --only=webhooks\` (bench/webhooks.ts): one portal process on PostgreSQL, ${ENDPOINTS} local endpoints`,
    '(bench/webhook-receivers.ts, a process of their own), five per demo seller, each subscribed to one event type: each',
    'event is one delivery, and the events go round the ten endpoints. Steady runs',
    `commit one event per transaction at ${result.rate} events/s; latency is commit to received. Full speed commits its events in`,
    `batches of 100 while the portal is paused (SIGSTOP) and times delivery from SIGCONT to the last arrival; the bare loop signs and POSTs the same number with undici at ${CONCURRENCY} in flight (the portal's limit across`,
    `the nine endpoints still on). Load average ${result.loadAverage} at the end.`,
    '',
    '| Steady run | Events | Deliveries measured | p50 | p95 | p99 | Not arrived |',
    '|---|---|---|---|---|---|---|',
    ...result.latency.map((row) => `| ${row.run} | ${row.events} | ${row.deliveries} | ${row.p50} ms | ${row.p95} ms | ${row.p99} ms | ${row.lost} |`),
    '',
    '| Full speed | Deliveries | Deliveries/s | CPU per delivery |',
    '|---|---|---|---|',
    ...result.throughput.map((row) => `| ${row.target} | ${row.deliveries} | ${row.perSecond} | ${row.cpuMicrosPerDelivery} µs |`),
    '',
    '| Goal | Measured | Verdict |',
    '|---|---|---|',
    `| p95 commit to received under 1 s at ${result.rate} events/s | ${healthy?.p95} ms | ${verdict((healthy?.p95 ?? Infinity) < 1000)} |`,
    `| One hanging endpoint: the others' p95 within 10% of healthy | ${(within * 100).toFixed(0)}% of healthy (${hanging?.p95} vs ${healthy?.p95} ms) | ${verdict(within <= 1.1)} |`,
    `| Full speed: at least half the bare loop's deliveries/s | ${(share * 100).toFixed(0)}% of the bare loop (${ours?.perSecond} vs ${bare?.perSecond}) | ${verdict(share >= 0.5)} |`,
  ].join('\n');
}
