/**
 * Child processes the bench starts: servers, Prism, the seed script. Each gets its own process
 * group so that stopping it also stops whatever it spawned (npm -> sh -> node), and only that.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, mkdirSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { resultsDir, root } from './options.ts';

export interface Started {
  child: ChildProcess;
  name: string;
  logFile: string;
  stop: () => Promise<void>;
}

const logDir = join(resultsDir, 'logs');
const running = new Set<ChildProcess>();

// Interrupted (Ctrl+C, timeout): stop every process group this run started, and only those.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) signalGroup(child, 'SIGKILL');
    process.exit(130);
  });
}

/**
 * A child's output goes straight to its log file, as `npm start > file` sends it: the bench's own process
 * relays nothing, so a server that logs every request (ours, Prism) is not measured against the bench's
 * reading of its lines on the same two cores. `readOutput`: the bench also reads what the child prints.
 */
export function start(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  { cwd = root, readOutput = false }: { cwd?: string; readOutput?: boolean } = {},
): Started {
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${name}.log`);
  const logFd = readOutput ? undefined : openSync(logFile, 'w');
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  // An explicit undefined removes an inherited variable (e.g. DATABASE_URL for a PGlite run).
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
  const child = spawn(command, args, {
    cwd,
    env: merged,
    detached: true,
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  if (logFd === undefined) {
    const log = createWriteStream(logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  } else closeSync(logFd);
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup(child, 'SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(8_000).then(() => false)]);
      if (!done) {
        signalGroup(child, 'SIGKILL');
        await exited;
      }
    }
    // npm and tsx leave the real server as a grandchild in the same group: wait until it is gone too.
    for (let waited = 0; groupAlive(child) && waited < 8_000; waited += 50) await sleep(50);
    if (groupAlive(child)) signalGroup(child, 'SIGKILL');
  };
  return { child, name, logFile, stop };
}

function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Runs a command to completion; rejects with the tail of its output when it fails. */
export async function runToEnd(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd: string = root): Promise<number> {
  const started = performance.now();
  const proc = start(name, command, args, env, { cwd });
  const code = await new Promise<number | null>((resolve) => proc.child.once('exit', (exitCode) => resolve(exitCode)));
  if (code !== 0) {
    await sleep(100);
    const tail = readFileSync(proc.logFile, 'utf8').split('\n').slice(-20).join('\n');
    throw new Error(`${name} exited with ${code}:\n${tail}`);
  }
  return performance.now() - started;
}

/** Polls a URL until it answers with the wanted status; returns the elapsed time in ms. */
export async function waitForHttp(url: string, proc: Started | null, timeoutMs = 120_000, status = 200): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (proc !== null && (proc.child.exitCode !== null || proc.child.signalCode !== null)) {
      const tail = readFileSync(proc.logFile, 'utf8').split('\n').slice(-20).join('\n');
      throw new Error(`${proc.name} exited before ${url} answered:\n${tail}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === status) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
    await sleep(25);
  }
}

/** Resident set size of one process, in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return match === null ? Number.NaN : Number(match[1]) * 1024;
}

/** Samples a process's RSS every interval until stopped; returns the samples. */
export function sampleRss(pid: number, intervalMs = 250): { stop: () => number[] } {
  const samples: number[] = [];
  const timer = setInterval(() => {
    try {
      samples.push(rssBytes(pid));
    } catch {
      // process gone
    }
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
}

/** Node with the tsx loader in-process, so the child's pid is the server itself (for RSS). */
export function tsNode(script: string, args: string[] = []): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', script, ...args]];
}

/** CPU time (user + system) a process has used so far, in seconds (Linux /proc; clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  return statCpuSeconds(`/proc/${pid}/stat`);
}

/**
 * CPU time of a process's main thread alone (its thread id is its pid): for our server, the thread that
 * answers every call, without libuv's pool, the garbage collector's helpers or the embedded database's thread.
 */
export function mainThreadCpuSeconds(pid: number): number {
  return statCpuSeconds(`/proc/${pid}/task/${pid}/stat`);
}

function statCpuSeconds(path: string): number {
  try {
    const stat = readFileSync(path, 'utf8');
    // Fields after the command name (which may contain spaces): utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds used so far by every process with this command name (e.g. all "postgres" backends).
 * Keyed by pid, so a caller can diff two snapshots and count backends that started in between.
 */
export function cpuByCommand(command: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== command) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
