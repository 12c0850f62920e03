// @ts-check
/**
 * How the build talks to whoever started it, in one place: the one line `npm start` prints before it
 * builds, and the environment the build's tools run in. When the output is not a terminal (a log file,
 * a CI job, a process manager), colour is switched off for every tool: colour libraries turn it on under
 * `CI` or `FORCE_COLOR` whatever the output is, and their escape codes would show as raw text.
 */

/** Roughly how long the whole build takes on a laptop (about 25 s on two shared cores). */
export const BUILD_DURATION = 'under a minute';
/** Roughly how long `npm start` takes to answer its login page from a fresh clone (bench/REPORT.md, Start-up). */
export const FIRST_START_DURATION = 'about 5–10 s';

/**
 * The line printed before the build runs from `npm start` or `npm test`.
 * @param {boolean} firstBuild no build output exists yet (a fresh clone)
 * @param {boolean} [firstStart] `npm start`: only the login page is built before the server listens
 */
export function buildNotice(firstBuild, firstStart = false) {
  if (firstStart) {
    return `build: ${firstBuild ? 'the first start builds the app' : 'sources changed since the last build, rebuilding the app'} (${FIRST_START_DURATION} to the login page; the downloads follow in the background)`;
  }
  return firstBuild
    ? `build: the first start builds the app (${BUILD_DURATION}); later starts skip this until a source changes`
    : `build: sources changed since the last build, rebuilding the app (${BUILD_DURATION})`;
}

/**
 * The environment for the build's child processes: colour only when the output is a terminal.
 * @param {NodeJS.ProcessEnv} env
 * @param {boolean} isTerminal
 * @returns {NodeJS.ProcessEnv}
 */
export function toolEnv(env, isTerminal) {
  if (isTerminal) return env;
  const { FORCE_COLOR: _force, ...rest } = env;
  return { ...rest, NO_COLOR: '1' };
}
