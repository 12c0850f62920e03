// @ts-check
/**
 * A smoke test of `npm start` on the Node that runs this file (CI runs it on Node 24): the server starts on a
 * fresh embedded database in a temporary DATA_DIR and a demo login signs in. Exits 0 when it did within the
 * time limit, 1 otherwise (with the server's output); stops the server either way.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = 8097;
const LIMIT_MS = 300_000;
const dataDir = mkdtempSync(join(tmpdir(), 'start-and-sign-in-'));
const started = Date.now();

// `npm start` is `node scripts/start.mjs`: run it with this very node, in its own process group.
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
let exited = false;
server.on('exit', () => (exited = true));

async function signIn() {
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'seller@example.com', password: 'demo-password', userType: 'SELLER' }),
    });
    return response.status;
  } catch {
    return undefined;
  }
}

let status;
while (!exited && Date.now() - started < LIMIT_MS) {
  status = await signIn();
  if (status === 200) break;
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (!exited && server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
await new Promise((resolve) => (exited ? resolve(undefined) : server.on('exit', resolve)));
rmSync(dataDir, { recursive: true, force: true });

if (status === 200) {
  console.log(`npm start on Node ${process.versions.node}: signed in as seller@example.com after ${seconds} s`);
} else {
  console.error(`npm start on Node ${process.versions.node}: no sign-in after ${seconds} s (last answer: ${status ?? 'none'})\n${output}`);
  process.exitCode = 1;
}
