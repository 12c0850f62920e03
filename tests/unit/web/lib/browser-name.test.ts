/** browserName: the short name the Activity log and the sessions list give a user agent. */
import { describe, expect, it } from 'vitest';
import { browserName } from '../../../../src/web/lib/browser-name';

describe('browserName', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0', 'Chrome on Linux'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari on macOS'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1', 'Chrome on iOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'Chrome on ChromeOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 OPR/115.0', 'Opera on Windows'],
  ])('names %s "%s"', (userAgent, name) => {
    expect(browserName(userAgent)).toBe(name);
  });

  it.each([
    ['curl/8.5.0', 'curl/8.5.0'],
    ['GitHub-Hookshot/2b4e2a1', 'GitHub-Hookshot/2b4e2a1'],
    ['python-requests/2.32.3', 'python-requests/2.32.3'],
    ['node-fetch/1.0 (+https://github.com/bitinn/node-fetch)', 'node-fetch/1.0'],
  ])('names a client that is not a browser by its product token: %s', (userAgent, name) => {
    expect(browserName(userAgent)).toBe(name);
  });

  it.each([null, undefined, '', '   '])('says "Unknown" for %j', (userAgent) => {
    expect(browserName(userAgent)).toBe('Unknown');
  });
});
