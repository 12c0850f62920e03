/** Session journeys against the real server: redirect when logged out, failed login, login, logout. */
import { DEMO, expect, login, test } from './support/fixtures';

const LOGIN_FAILED = 'Login failed. Please check your email and password.';

test('a logged-out visitor is sent to /login and returns to where they were going after login', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByLabel('Email').fill(DEMO.seller.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.seller.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
});

test('a failed login shows the spec toast, announced, for 3 seconds', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.seller.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  const toast = page.getByRole('alert').filter({ hasText: LOGIN_FAILED });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await expect(toast).toHaveText(LOGIN_FAILED);
  await page.waitForTimeout(Math.max(0, 2500 - (Date.now() - shownAt)));
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 2500 });
  expect(Date.now() - shownAt).toBeLessThan(5000);
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong user type fails like a wrong password', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.seller.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.seller.password);
  await page.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Warehouse' }).click();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: LOGIN_FAILED })).toBeVisible();
});

test('login goes to the documentation with the user in the top bar', async ({ page }) => {
  await login(page, 'warehouse');
  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByRole('banner');
  await expect(banner.getByText(DEMO.warehouse.email)).toBeVisible();
  await expect(banner.getByText('Warehouse', { exact: true })).toBeVisible();
  // A warehouse user lands on their own API: the Warehouse API's first page, highlighted in the sidebar.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quotation');
  await expect(page.getByText('Warehouse API', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveAttribute('href', '/documentation?category=warehouse&subcategory=quotation');
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quotation');
  // The Seller API is one click away.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Warehouse', exact: true }).click();
  await expect(page).toHaveURL(/category=seller&subcategory=warehouse/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Warehouse');
});

test('logout ends the session and goes to /login', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/api-test');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapi-test$/);
});

test('the login route loads neither the documentation, the shell nor Swagger UI code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.includes('login-route'))).toBe(true);
  expect(scripts.filter((path) => /documentation-route|explorer-route|swagger|docs-root|shell-route|catalogue/.test(path))).toEqual([]);
});
