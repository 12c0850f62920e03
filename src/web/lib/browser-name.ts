/**
 * A short name for a user agent, as the Activity log and the sessions list show it: "Chrome on Linux",
 * "Safari on iOS". A client that is not a browser (curl, a GitHub report, an SDK) is named by its first
 * product token ("curl/8.5.0"). The full string stays in a tooltip; this is only a reading aid.
 */

/** Browsers by the token that identifies them, most specific first: Edge and Opera also say Chrome. */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdgA?\/|\bEdgiOS\//, 'Edge'],
  [/\bOPR\/|\bOPiOS\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bHeadlessChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari\//, 'Safari'],
];

/** Systems in the same way: Android before Linux (it says both), iOS before macOS ("like Mac OS X"). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

function firstMatch(text: string, table: readonly [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

/** "Chrome on Linux", "Firefox", "curl/8.5.0"; "Unknown" for an empty or missing one. */
export function browserName(userAgent: string | null | undefined): string {
  const text = userAgent?.trim() ?? '';
  if (text === '') return 'Unknown';
  const browser = firstMatch(text, BROWSERS);
  if (browser === undefined || !text.startsWith('Mozilla/')) {
    // Not a browser: its own product token says what it is.
    return text.split(/\s+/)[0] ?? text;
  }
  const system = firstMatch(text, SYSTEMS);
  return system === undefined ? browser : `${browser} on ${system}`;
}
