/**
 * Runs the Redocly CLI (the version in package.json) as a child process: it has no stable
 * programmatic API. Calling its bin with `node` directly skips npx's start-up cost.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const cliBin = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runRedocly(args: string[], cwd: string): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliBin, ...args],
      {
        cwd,
        maxBuffer: 64 * 1024 * 1024,
        // No telemetry or update checks: generate must work offline and stay quiet.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
