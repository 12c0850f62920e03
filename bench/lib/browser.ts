/** Debian's Chromium through Playwright, with the flags the team uses everywhere. */
import { chromium, type Browser } from '@playwright/test';

export const CHROMIUM = '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // No network beyond loopback (localhost: the bench's start page, bench/pages.ts): a renderer reaching
      // for a CDN fails at once instead of waiting.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
}
