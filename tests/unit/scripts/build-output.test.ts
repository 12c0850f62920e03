/** The build's own output: one line before a start builds, and no raw colour codes when not on a terminal. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BUILD_DURATION, FIRST_START_DURATION, buildNotice, toolEnv } from '../../../scripts/lib/build-output.mjs';

/** What a tool of the build prints in colour (vite's logger uses picocolors), captured through a pipe. */
function colouredLine(env: NodeJS.ProcessEnv): string {
  return execFileSync(process.execPath, ['-e', "import('picocolors').then((c) => console.log(c.default.yellow('(!) a warning')))"], {
    env,
    encoding: 'utf8',
  });
}

describe('toolEnv', () => {
  // CI and FORCE_COLOR turn colour on even when the output is a file or a pipe.
  const ci = { ...process.env, CI: 'true', FORCE_COLOR: '1' };

  it('switches colour off when the output is not a terminal', () => {
    expect(colouredLine(ci)).toContain('\x1b[');
    const output = colouredLine(toolEnv(ci, false));
    expect(output).not.toContain('\x1b');
    expect(output.trim()).toBe('(!) a warning');
  });

  it('leaves a terminal its colours', () => {
    expect(toolEnv(ci, true)).toBe(ci);
  });
});

describe('buildNotice', () => {
  it('says that the first start builds the app, and roughly how long it takes', () => {
    expect(buildNotice(true)).toMatch(/^build: the first start builds the app/);
    expect(buildNotice(true)).toContain(BUILD_DURATION);
    expect(buildNotice(false)).toContain('rebuilding the app');
    expect(buildNotice(true)).not.toContain('\n');
  });
});

describe('buildNotice on npm start', () => {
  it('says how long until the login page and that the downloads follow', () => {
    expect(buildNotice(true, true)).toMatch(/^build: the first start builds the app/);
    expect(buildNotice(true, true)).toContain(`${FIRST_START_DURATION} to the login page`);
    expect(buildNotice(true, true)).toContain('the downloads follow');
    expect(buildNotice(false, true)).toContain('rebuilding the app');
  });
});
