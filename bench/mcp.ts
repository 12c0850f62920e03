/**
 * `npx tsx bench/mcp.ts`: the MCP endpoint on the built server (`node dist/node/server/main.js`,
 * PUBLIC_DOCS=true, embedded PGlite): get_operation latency through the SDK's client (one POST per call,
 * p50/p95 of 500 calls after 50 to warm up) and the server's resident memory at idle before the endpoint
 * is used and after (10 s later). Figures go into bench/REPORT.md, section "MCP server".
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const PORT = Number(process.env.BENCH_MCP_PORT ?? 8195);
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
const child = spawn(process.execPath, ['dist/node/server/main.js'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_DOCS: 'true', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    if (i > 360) throw new Error('server did not start');
    if (
      await fetch(`${base}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await sleep(250);
  }
  await sleep(5000);
  const idleBefore = rssMb(child.pid ?? 0);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  const { operationList } = JSON.parse(readFileSync('src/generated/agent-docs.json', 'utf8')) as { operationList: { operationId: string }[] };
  const ids = operationList.map((op) => op.operationId);
  const times: number[] = [];
  for (let i = 0; i < 550; i++) {
    const started = performance.now();
    await client.callTool({ name: 'get_operation', arguments: { operationId: ids[i % ids.length] } });
    if (i >= 50) times.push(performance.now() - started);
  }
  await client.close();
  const peak = rssMb(child.pid ?? 0);
  await sleep(10_000);
  const idleAfter = rssMb(child.pid ?? 0);
  times.sort((a, b) => a - b);
  const result = {
    calls: times.length,
    p50Ms: Number(quantile(times, 0.5).toFixed(2)),
    p95Ms: Number(quantile(times, 0.95).toFixed(2)),
    idleRssBeforeMb: Math.round(idleBefore),
    rssAfterCallsMb: Math.round(peak),
    idleRssAfterMb: Math.round(idleAfter),
    markdownMb: Number((readFileSync('src/generated/agent-docs.json').length / 1024 / 1024).toFixed(2)),
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  child.kill('SIGTERM');
  await sleep(1000);
  rmSync(dataDir, { recursive: true, force: true });
}
