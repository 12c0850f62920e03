/** Debian's Chromium through Playwright, with the flags the team uses everywhere. */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

export const CHROMIUM = CHROMIUM_PATH;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      // No network beyond loopback (localhost: the bench's start page, bench/pages.ts): a renderer reaching
      // for a CDN fails at once instead of waiting.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
}
