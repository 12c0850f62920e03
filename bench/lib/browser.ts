/** This machine's Chromium (scripts/lib/chromium.ts) through Playwright, with the flags the team uses everywhere. */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      // No network beyond loopback (localhost: the bench's start page, bench/pages.ts): a renderer reaching
      // for a CDN fails at once instead of waiting.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
}
