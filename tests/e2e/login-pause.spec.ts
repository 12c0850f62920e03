/**
 * The login throttle on the login screen: after too many wrong passwords for one account from this address,
 * even the right password is refused, and the screen says signing in is paused and for how long, counting
 * down, instead of the failure toast. A server of its own, so the pause touches no other spec's accounts.
 */
import { startServer, type RunningServer } from '../../scripts/lib/start-server';
import { DEMO, expect, seriousViolations, test } from './support/fixtures';
import { OWN_SERVER_PORT } from './support/suite-servers';

const PORT = OWN_SERVER_PORT + 3;
const BASE = `http://127.0.0.1:${PORT}`;
const LOGIN_FAILED = 'Login failed. Please check your email and password.';
const PAUSED = 'Signing in from this address is paused after too many failed attempts.';
// The default budget: 10 wrong passwords for one account from one address in 15 minutes.
const WRONG_PASSWORDS = 10;

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer(PORT);
});
test.afterAll(async () => server?.stop());
test.use({ baseURL: BASE, bypassCSP: true });

test('after too many wrong passwords the right one shows the pause with its countdown, not the toast', async ({ page }) => {
  test.setTimeout(120_000);
  for (let attempt = 0; attempt < WRONG_PASSWORDS; attempt += 1) {
    const response = await page.request.post('/api/auth/login', {
      data: { email: DEMO.seller.email, password: `wrong-${attempt}`, userType: 'SELLER' },
      headers: { origin: BASE },
    });
    expect(response.status()).toBe(401);
  }

  for (const [width, scheme] of [
    [1440, 'light'],
    [390, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.seller.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.seller.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const notice = page.getByRole('alert').filter({ hasText: PAUSED });
    await expect(notice).toBeVisible();
    const first = (await notice.textContent()) ?? '';
    expect(first).toMatch(/Try again in 1[45]:\d\d\.$/);
    await expect(notice).not.toHaveText(first, { timeout: 3000 });
    await expect(page.getByText(LOGIN_FAILED)).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    expect(await seriousViolations(page)).toEqual([]);
  }
});
