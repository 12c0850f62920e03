/**
 * The test object every end-to-end spec uses: any browser console error fails the test,
 * and helpers to log in and to run axe.
 *
 * One kind of console message is not an app error: Chromium logs "Failed to load resource" for every
 * 4xx answer, and the journeys provoke 401s on purpose (logged out, a wrong login, the other type's token).
 * Those are ignored for /api/ requests only; a failed asset or any other error still fails the test.
 * On the login page no request may fail at all, except the login itself (a wrong password is a 401).
 */
import axe from 'axe-core';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { suiteServerPort } from './suite-servers';

export const DEMO = {
  seller: { email: 'seller@example.com', password: 'demo-password', userType: 'Seller' },
  warehouse: { email: 'warehouse@example.com', password: 'demo-password', userType: 'Warehouse' },
  // Journeys that leave tokens about to expire use this one, so the reminder they cause stays theirs.
  seller2: { email: 'seller2@example.com', password: 'demo-password', userType: 'Seller' },
  // The account-security journeys (leak banner, ending other sessions) use this one, so no other journey meets them.
  warehouse2: { email: 'warehouse2@example.com', password: 'demo-password', userType: 'Warehouse' },
} as const;

function isExpectedApiFailure(text: string, url: string): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d/.test(text) && new URL(url, 'http://x').pathname.startsWith('/api/');
}

export const test = base.extend<{ consoleErrors: string[] }>({
  // The worker's own server (suite-servers.ts); a spec with a server of its own sets baseURL with test.use.
  baseURL: async ({ browserName: _ }, use, testInfo) => use(`http://127.0.0.1:${suiteServerPort(testInfo.parallelIndex)}`),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (isExpectedApiFailure(message.text(), message.location().url)) return;
        errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        const onLogin = new URL(page.url()).pathname === '/login';
        const isLogin = response.request().method() === 'POST' && pathname === '/api/auth/login';
        if (onLogin && !isLogin && response.status() >= 400)
          errors.push(`Failed request on /login: ${response.request().method()} ${pathname} ${response.status()}`);
      });
      await use(errors);
      expect(errors, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in through the API, as a page's own script would: the session cookie lands in `request`'s context. */
export async function signIn(request: APIRequestContext, baseURL: string, who: keyof typeof DEMO = 'seller'): Promise<void> {
  const account = DEMO[who];
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password, userType: account.userType.toUpperCase() },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

/** Logs in through the form and waits for the shell. */
export async function login(page: Page, who: keyof typeof DEMO = 'seller', path = '/login'): Promise<void> {
  const account = DEMO[who];
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (account.userType !== 'Seller') {
    await page.getByRole('combobox', { name: 'User type' }).click();
    await page.getByRole('option', { name: account.userType }).click();
  }
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/**
 * Runs axe in the page and returns the serious and critical violations. axe is injected as an inline
 * script, which the server's Content-Security-Policy forbids: specs that use this set `bypassCSP: true`.
 * `exclude`: selectors of parts the check leaves out.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]> {
  // Transitions (a dialog fading in, a toast sliding) make colours half-transparent: let them finish first.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  return page.evaluate(async (excluded) => {
    type Node = { target: string[]; html: string; failureSummary?: string };
    type Context = Document | { exclude: string[] };
    const runner = (
      window as unknown as {
        axe: { run: (context: Context, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: Node[] }[] }> };
      }
    ).axe;
    const result = await runner.run(excluded.length > 0 ? { exclude: excluded } : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`),
      }));
  }, exclude);
}
