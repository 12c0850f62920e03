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

test('a logged-out visit asks the server nothing that can fail, and logs nothing', async ({ page }) => {
  const apiCalls: string[] = [];
  const messages: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiCalls).toEqual([]);
  expect(messages).toEqual([]);
});

test('the form says what is missing before sending, one failure toast at a time, and /login while logged in goes on', async ({ page }) => {
  let logins = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/login') logins += 1;
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Enter your email.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  await page.getByLabel('Email').fill('seller.example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Enter an email address such as name@example.com.')).toBeVisible();
  expect(logins).toBe(0);

  // An unknown account, so these failures do not spend the demo seller's failed-login budget.
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  const toasts = page.getByRole('alert').filter({ hasText: LOGIN_FAILED });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await answered;
    await expect(toasts).toHaveCount(1);
  }
  expect(logins).toBe(3);

  await login(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
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
  await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveAttribute(
    'href',
    '/documentation?category=warehouse&subcategory=quotation',
  );
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
