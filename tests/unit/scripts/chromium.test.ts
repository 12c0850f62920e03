/** Which Chromium the tools drive: CHROMIUM_PATH, then Debian's, then Playwright's own, else an error naming the variable. */
import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, findChromium } from '../../../scripts/lib/chromium.ts';

const PLAYWRIGHT = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const CHOSEN = '/opt/chrome/chrome';

function lookup(present: string[], env: Record<string, string | undefined> = {}, playwright: { path: string | undefined } = { path: PLAYWRIGHT }) {
  return findChromium({ env, exists: (path) => present.includes(path), playwrightChromium: () => playwright.path });
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, even where Debian and Playwright have theirs', () => {
    expect(lookup([CHOSEN, DEBIAN_CHROMIUM, PLAYWRIGHT], { CHROMIUM_PATH: CHOSEN })).toBe(CHOSEN);
  });

  it('refuses a CHROMIUM_PATH with no file there instead of driving another browser', () => {
    expect(() => lookup([DEBIAN_CHROMIUM, PLAYWRIGHT], { CHROMIUM_PATH: CHOSEN })).toThrow(`CHROMIUM_PATH is ${CHOSEN}, and there is no file there.`);
  });

  it("takes Debian's Chromium when the variable is unset or empty", () => {
    expect(lookup([DEBIAN_CHROMIUM, PLAYWRIGHT])).toBe(DEBIAN_CHROMIUM);
    expect(lookup([DEBIAN_CHROMIUM, PLAYWRIGHT], { CHROMIUM_PATH: '' })).toBe(DEBIAN_CHROMIUM);
  });

  it("takes Playwright's own build where Debian's is missing", () => {
    expect(lookup([PLAYWRIGHT])).toBe(PLAYWRIGHT);
  });

  it('names the variable, the Debian package and the Playwright command when there is none', () => {
    expect(() => lookup([])).toThrow(
      `No Chromium found: set CHROMIUM_PATH to a Chromium or Chrome binary, install Debian's (apt-get install chromium, ` +
        `${DEBIAN_CHROMIUM}), or run \`npx playwright install chromium\` (${PLAYWRIGHT}).`,
    );
    expect(() => lookup([], {}, { path: undefined })).toThrow(/set CHROMIUM_PATH .*npx playwright install chromium`\.$/);
  });
});
