/** The repository's commit-msg hook (subjects of at most 72 characters) and the prepare script that switches it on. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const HOOK = resolve('.githooks/commit-msg');
const SWITCH_ON = resolve('.githooks/switch-on.mjs');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'commit-msg-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the hook as git does, on a message file; answers its exit status and what it printed. */
function commitMsg(message: string): { status: number | null; stderr: string } {
  const file = join(dir, 'COMMIT_EDITMSG');
  writeFileSync(file, message);
  const run = spawnSync('sh', [HOOK, file], { encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

describe('commit-msg', () => {
  it('accepts a subject of 72 characters with a long body', () => {
    const body = 'Why, and what was measured: '.padEnd(300, 'x');
    expect(commitMsg(`${'s'.repeat(72)}\n\n${body}\n`).status).toBe(0);
  });

  it('refuses a subject of 73 characters and says how long it is', () => {
    const refused = commitMsg(`${'s'.repeat(73)}\n\nBody.\n`);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('the subject is 73 characters; keep it to 72');
  });

  it('counts characters, not bytes', () => {
    // 72 characters, 80 bytes in UTF-8.
    const subject = `Bench: figures for 2–4 cores ${'é'.repeat(7)}`.padEnd(72, '.');
    expect(Buffer.byteLength(subject)).toBeGreaterThan(72);
    expect(commitMsg(`${subject}\n`).status).toBe(0);
    expect(commitMsg(`${subject}é\n`).status).toBe(1);
  });

  it('judges the first line git keeps, past blank lines and comments', () => {
    const comments = `\n# Please enter the commit message for your changes.\n#${' long comment'.repeat(10)}\n`;
    expect(commitMsg(`${comments}Short subject\n`).status).toBe(0);
    expect(commitMsg(`${comments}${'s'.repeat(73)}\n`).status).toBe(1);
  });

  it("lets --fixup and --squash keep their target's subject whole", () => {
    expect(commitMsg(`fixup! ${'s'.repeat(72)}\n`).status).toBe(0);
    expect(commitMsg(`squash! ${'s'.repeat(72)}\n`).status).toBe(0);
  });
});

describe('switch-on.mjs (the prepare script)', () => {
  const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8' });

  it('points a git checkout at .githooks', () => {
    expect(git(dir, 'init', '-q').status).toBe(0);
    expect(spawnSync(process.execPath, [SWITCH_ON], { cwd: dir }).status).toBe(0);
    expect(git(dir, 'config', '--local', 'core.hooksPath').stdout.trim()).toBe('.githooks');
  });

  it('leaves an unpacked copy without .git alone, even inside another repository', () => {
    expect(git(dir, 'init', '-q').status).toBe(0);
    const unpacked = join(dir, 'package');
    mkdirSync(unpacked);
    expect(spawnSync(process.execPath, [SWITCH_ON], { cwd: unpacked }).status).toBe(0);
    expect(readFileSync(join(dir, '.git', 'config'), 'utf8')).not.toContain('hooksPath');
  });
});
