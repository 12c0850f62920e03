/**
 * What tells one process from a later one that happens to get the same pid: its start time. After a crash
 * the kernel may hand the dead server's pid to any new process; the pid alone would then look like a live
 * owner. Linux: field 22 of /proc/<pid>/stat (clock ticks since boot) with the boot id, so a lock written
 * before a reboot never matches. Elsewhere: `ps -o lstart=` (to the second). Undefined when neither works.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

function linuxStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself contain spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[19];
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTicks === undefined ? undefined : `linux:${bootId}:${startTicks}`;
  } catch {
    return undefined;
  }
}

function psStartTime(pid: number): string | undefined {
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5_000 }).trim();
    return started === '' ? undefined : `ps:${started}`;
  } catch {
    return undefined;
  }
}

/** An identifier of the process's start, stable for its whole life; undefined when it cannot be read. */
export function processStartTime(pid: number): string | undefined {
  return process.platform === 'linux' ? linuxStartTime(pid) : psStartTime(pid);
}
