/**
 * The Chromium every tool here drives (the end-to-end tests, the screenshots, the bench, the export test), and
 * the flags that keep a headless run quiet and local (no sandbox in containers, no GPU, no background traffic
 * or updates).
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Debian's package (`apt-get install chromium`); CI installs it. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export interface ChromiumLookup {
  env: Readonly<Record<string, string | undefined>>;
  exists: (path: string) => boolean;
  /** Where `npx playwright install chromium` puts Playwright's own build (whether it is there or not). */
  playwrightChromium: () => string | undefined;
}

/**
 * CHROMIUM_PATH when set (and then only it: a path someone chose that is missing is an error, not a cue to
 * drive another browser), else Debian's Chromium, else Playwright's own.
 */
export function findChromium({ env, exists, playwrightChromium }: ChromiumLookup): string {
  const chosen = env.CHROMIUM_PATH;
  if (chosen !== undefined && chosen !== '') {
    if (exists(chosen)) return chosen;
    throw new Error(`CHROMIUM_PATH is ${chosen}, and there is no file there.`);
  }
  if (exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const playwrights = playwrightChromium();
  if (playwrights !== undefined && exists(playwrights)) return playwrights;
  throw new Error(
    `No Chromium found: set CHROMIUM_PATH to a Chromium or Chrome binary, install Debian's (apt-get install chromium, ` +
      `${DEBIAN_CHROMIUM}), or run \`npx playwright install chromium\`${playwrights === undefined ? '' : ` (${playwrights})`}.`,
  );
}

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    // Playwright has no build of its own for this platform.
    return undefined;
  }
}

let found: string | undefined;

/** This machine's Chromium, looked up once (findChromium). */
export function chromiumPath(): string {
  found ??= findChromium({ env: process.env, exists: existsSync, playwrightChromium });
  return found;
}

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
