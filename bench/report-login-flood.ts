/** bench/REPORT.md section 4 (bench/login-flood.ts): the public API's throughput and the server's memory under a login flood. */
import type { FloodRun, FloodTarget, LoginFloodResult } from './login-flood.ts';
import type { BenchResults } from './lib/results.ts';

const MB = 1024 * 1024;
/** The share of the list's throughput it must keep while logins flood the server. */
const THROUGHPUT_GOAL = 0.8;
/**
 * What one hashing thread may add: scrypt at the production cost (N=2^17, r=8) needs 128 MB per check
 * running, and the worker thread itself about 30 MB (measured: 77 -> 106 MB idle, 234 MB at the peak).
 */
const PER_THREAD_BYTES = 160 * MB;

function fmt(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function run(target: FloodTarget, flood: FloodRun['flood']): FloodRun | undefined {
  return target.runs.find((candidate) => candidate.flood === flood);
}

/** The API alone: the mean of the runs before and after the floods. */
function baseline(target: FloodTarget): { rps: number; rssMaxBytes: number | null } | undefined {
  const alone = target.runs.filter((candidate) => candidate.flood === 'none');
  if (alone.length === 0) return undefined;
  const rss = alone.map((candidate) => candidate.rssMaxBytes).filter((value): value is number => value !== null);
  return { rps: alone.reduce((sum, candidate) => sum + candidate.api.rps, 0) / alone.length, rssMaxBytes: rss.length === 0 ? null : Math.max(...rss) };
}

function share(target: FloodTarget, flood: FloodRun['flood']): number | undefined {
  const alone = baseline(target)?.rps;
  const flooded = run(target, flood)?.api.rps;
  return alone === undefined || flooded === undefined || alone === 0 ? undefined : flooded / alone;
}

function shareCell(value: number | undefined): string {
  if (value === undefined) return 'n/a | n/a';
  return `${(value * 100).toFixed(0)}% | ${value >= THROUGHPUT_GOAL ? '**met**' : '**missed**'}`;
}

function statuses(run: FloodRun): string {
  if (run.logins === null) return '–';
  return Object.entries(run.logins.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${fmt(count)} x ${status}`)
    .join(', ');
}

export function loginFloodSection(results: BenchResults): string[] {
  const flood: LoginFloodResult | undefined = results.logins;
  if (flood === undefined) return ['## 4. Login flood', '', 'Not measured in this run (see Errors).', ''];
  const threads = Math.max(1, Math.floor(results.machine.cores / 2));
  const lines = [
    '## 4. Login flood: the public API while logins pour in',
    '',
    `Measured ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC (load average ${results.machine.loadAtStart.toFixed(1)} at the start of the run). ` +
      `The list call (\`/api/v1/seller/orders/normal?page=0&size=10\`, a valid token) loaded by autocannon with ${flood.apiConnections} connections as in section 2 ` +
      `(${results.settings.warmupSeconds} s warm-up, ${flood.seconds} s measured), four times per server: alone before and after the floods (the mean of the two is the baseline, so a drift in the machine's load counts half); while a second autocannon sends logins on ${flood.loginConnections} connections ` +
      "with the demo seller's **right** password (each must be checked with scrypt at the production cost, N=2^17: the most a login can cost); and with a **wrong** password " +
      "(after the address's failed-login budget each is refused before any check). Logins start before the API's warm-up and outlast its measured run; the server's RSS is sampled every 250 ms throughout. " +
      `Goal: the list keeps at least ${THROUGHPUT_GOAL * 100}% of its throughput, and memory stays bounded: at most 160 MB per hashing thread ` +
      `(${threads} on this machine; scrypt's 128 MB working set and the thread itself) above the API alone, whatever the number of logins. ` +
      "The rows named after a provider sign a seller of the warehouse system in instead (`AUTH_PROVIDER=ldap` against Debian's slapd, `AUTH_PROVIDER=wms` against the reference WMS, each on this machine): " +
      "each right-password login is a directory bind or a signed HTTP call, and the first one also writes the account's sandbox. Goal for them: the list keeps at least the share it keeps under the portal's own logins.",
    '',
    '### Goals',
    '',
    `| Server | List alone (mean of 2), req/s | With right-password logins, req/s | Share | Goal >= ${THROUGHPUT_GOAL * 100}% | With wrong-password logins, req/s | Share | Goal >= ${THROUGHPUT_GOAL * 100}% | RSS max alone (both runs), MB | RSS max under logins, MB | Goal: at most +${fmt((threads * PER_THREAD_BYTES) / MB)} MB |`,
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const target of flood.targets) {
    const alone = baseline(target);
    const right = run(target, 'right-password');
    const wrong = run(target, 'wrong-password');
    const peakFlooded = Math.max(right?.rssMaxBytes ?? 0, wrong?.rssMaxBytes ?? 0);
    const aloneRss = alone?.rssMaxBytes ?? null;
    const memoryMet = aloneRss === null ? null : peakFlooded - aloneRss <= threads * PER_THREAD_BYTES;
    lines.push(
      `| ${target.label}${target.commit === 'unknown' ? '' : ` (${target.commit})`} | ${fmt(alone?.rps)} | ${fmt(right?.api.rps)} | ${shareCell(share(target, 'right-password'))} | ${fmt(wrong?.api.rps)} | ${shareCell(share(target, 'wrong-password'))} | ${fmt(aloneRss === null ? null : aloneRss / MB)} | ${fmt(peakFlooded / MB)} | ${memoryMet === null ? 'n/a' : memoryMet ? '**met**' : '**missed**'} |`,
    );
  }
  lines.push(
    '',
    '### Every run',
    '',
    '| Server | Logins | List req/s | List p50, ms | List p99, ms | Server CPU (100% = one core) | RSS max, MB | Login answers | Logins without an answer | Login p50 / p99, ms |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const target of flood.targets) {
    for (const each of target.runs) {
      lines.push(
        `| ${target.label} | ${each.flood} | ${fmt(each.api.rps)} | ${fmt(each.api.latencyP50)} | ${fmt(each.api.latencyP99)} | ${fmt(each.api.serverCpuPercent)}% | ${fmt(each.rssMaxBytes === null ? null : each.rssMaxBytes / MB)} | ${statuses(each)} | ${each.logins === null ? '–' : fmt(each.logins.timeouts)} | ${each.logins === null ? '–' : `${fmt(each.logins.latencyP50)} / ${fmt(each.logins.latencyP99)}`} |`,
      );
    }
  }
  lines.push('', `Idle RSS before the runs: ${flood.targets.map((target) => `${target.label} ${fmt(target.idleRssBytes / MB)} MB`).join('; ')}.`, '');
  return lines;
}
