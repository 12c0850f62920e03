/** The shell: every sidebar link, the highlighted item, the not-found page and the narrow-screen drawer. */
import { expect, login, test } from './support/fixtures';

test('every sidebar link opens its screen and is highlighted', async ({ page }) => {
  await login(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The sidebar is the drawer column around the navigation (its 1 px border included).
  const box = await nav.locator('../..').boundingBox();
  expect(box?.width).toBe(280);
  const links = nav.getByRole('link');
  const count = await links.count();
  // Documentation and its 16 pages (each API's Events and Sandbox among them), API explorer, four screens.
  expect(count).toBe(22);
  for (let index = 0; index < count; index += 1) {
    const link = links.nth(index);
    const name = (await link.textContent())?.trim() ?? '';
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await expect(page).toHaveURL(href);
    await expect(link, `${name} is highlighted`).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    // The tab's title follows the screen (each screen renders its <title>), as the heading does.
    if (href.startsWith('/documentation?')) {
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
      await expect(page).toHaveTitle(new RegExp(`^${name} · .*Documentation$`));
    } else if (href === '/api-test') {
      await expect(page.getByRole('heading', { name: 'API Test', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/^API Test · /);
    } else if (href === '/usage') {
      await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/^Usage · /);
    } else if (href === '/activity') {
      await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/^Activity · /);
    } else if (href === '/settings') {
      await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/^Settings · /);
    }
  }
});

test('an unknown path shows a not-found page inside the shell with a way back', async ({ page }) => {
  await login(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the documentation' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a drawer behind a menu button', async ({ page }) => {
    await login(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(nav).toBeHidden();
  });
});

test('the colour mode toggle switches to dark and is remembered', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
});
