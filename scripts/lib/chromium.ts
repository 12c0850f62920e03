/**
 * Debian's Chromium as every tool here drives it (the end-to-end tests, the screenshots, the bench): its path
 * and the flags that keep a headless run quiet and local (no sandbox in containers, no GPU, no background
 * traffic or updates).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
