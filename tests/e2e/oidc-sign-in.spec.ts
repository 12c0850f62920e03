/**
 * "Sign in with ..." in Chromium: the login page's button (the form off, as LOGIN_FORM is by default with
 * oidc), the test OpenID Provider's own sign-in pages, back in the portal signed in, and Logout through the
 * provider's end-session back to /login. A server of its own, with the provider in this process.
 */
import { startServer, type RunningServer } from '../../scripts/lib/start-server';
import { freePort } from '../integration/support/free-port';
import { startTestOpenIdProvider, TEST_CLIENT_SECRET, type TestOpenIdProvider } from '../integration/support/oidc-test-provider';
import { expect, seriousViolations, test } from './support/fixtures';

const SHOTS = '/tmp/oidc-shots';
let server: RunningServer;
let idp: TestOpenIdProvider;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  idp = await startTestOpenIdProvider({ portalOrigin: base });
  server = await startServer(port, {
    AUTH_PROVIDER: 'oidc',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientIds.basic,
    OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
    OIDC_DISPLAY_NAME: 'Acme WMS',
    PUBLIC_ORIGIN: base,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await idp?.stop();
});

// axe is added to the page as a script, which the portal's CSP would refuse.
test.use({ bypassCSP: true });

test.beforeEach(async ({ page }) => {
  // The provider's development pages import a web font; this machine has no way out, and no font is needed.
  await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
});

test('the login page offers "Sign in with Acme WMS" with the user type, and no form', async ({ page }) => {
  for (const [width, scheme] of [
    [1440, 'light'],
    [390, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${base}/login`);
    await expect(page.getByRole('link', { name: 'Sign in with Acme WMS' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'User type' })).toHaveText('Seller');
    await expect(page.getByLabel('Email')).toHaveCount(0);
    await expect(page.getByText(/same email and password as the warehouse management system/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/login-${width}-${scheme}.png`, fullPage: true });
  }
});

test('signs in at the provider, lands in the portal signed in, and logs out through the provider', async ({ page }) => {
  await page.goto(`${base}/settings`);
  await expect(page).toHaveURL(`${base}/login?redirectTo=%2Fsettings`);
  await page.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Warehouse' }).click();
  await page.getByRole('link', { name: 'Sign in with Acme WMS' }).click();

  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('both');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: /continue/i }).click();

  await expect(page).toHaveURL(`${base}/settings`);
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('both@idp.example')).toBeVisible();
  await expect(banner.getByText('Warehouse', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByRole('link', { name: 'Sign in with Acme WMS' })).toBeVisible();
  await page.goto(`${base}/settings`);
  await expect(page).toHaveURL(`${base}/login?redirectTo=%2Fsettings`);
});

test('an account without the chosen user type comes back to the login page with the "Login failed" toast', async ({ page }) => {
  await page.goto(`${base}/login`);
  await page.getByRole('link', { name: 'Sign in with Acme WMS' }).click();
  await page.locator('input[name="login"]').fill('warehouse');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: /continue/i }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your email and password.');
  await expect(page).toHaveURL(`${base}/login`);
});
