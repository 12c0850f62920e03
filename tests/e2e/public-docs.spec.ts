/**
 * PUBLIC_DOCS=true in Chromium, on a second server started here: a logged-out reader reads the reference
 * (Log in in the top bar, both APIs in the sidebar, no request that fails), the page menu offers ChatGPT
 * and Claude, the HTML names its Markdown, and the screens still send the reader to /login. Screenshots at
 * 1440 and 390 px, light and dark. (page-menu.spec.ts: without PUBLIC_DOCS the menu has no such links.)
 */
import { startServer, type RunningServer } from '../../scripts/lib/start-server';
import { DEMO, expect, test } from './support/fixtures';
import { OWN_SERVER_PORT } from './support/suite-servers';

// Beside the suite's servers, and beside the rate-limit spec's server, which may run at the same time.
const PORT = OWN_SERVER_PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const PAGE = '/documentation?category=seller&subcategory=order';
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer(PORT, { PUBLIC_DOCS: 'true', RATE_LIMIT_PER_MINUTE: '100000' });
});
test.afterAll(async () => server?.stop());
test.use({ baseURL: BASE });

test('a logged-out reader reads the reference, with Log in instead of the user and no failed request', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: /Order/ })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/documentation');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('list', { name: 'Seller API' })).toBeVisible();
  await expect(nav.getByRole('list', { name: 'Warehouse API' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);

  const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Get a return order' }) });
  await section.getByRole('button', { name: 'Use my token' }).click();
  await expect(section.getByRole('link', { name: 'Log in to use your tokens' })).toBeVisible();

  await page.getByRole('button', { name: 'Copy page, or open it as Markdown or in an assistant' }).click();
  const chatGpt = page.getByRole('menuitem', { name: 'Open in ChatGPT' });
  await expect(chatGpt).toBeVisible();
  expect(new URL((await chatGpt.getAttribute('href')) ?? '').searchParams.get('q')).toBe(
    `Read ${BASE}/documentation/seller/order.md so I can ask you questions about it.`,
  );
  await expect(page.getByRole('menuitem', { name: 'Open in Claude' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(failed).toEqual([]);

  // Log in, then back to the page.
  await banner.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(DEMO.seller.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.seller.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('?category=seller&subcategory=order');
});

test('the screens still send a logged-out reader to /login', async ({ page }) => {
  for (const path of ['/settings', '/api-test', '/usage']) {
    await page.goto(path);
    await expect(page).toHaveURL(`${BASE}/login?redirectTo=${encodeURIComponent(path)}`);
  }
});

test('the HTML answer names the page’s Markdown', async ({ request }) => {
  const response = await request.get(PAGE, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(response.headers()['link']).toBe('</documentation/seller/order.md>; rel="alternate"; type="text/markdown"');
  expect(response.headers()['vary']).toMatch(/\baccept\b/i);
});

for (const width of [1440, 390]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the public page at ${width} px, ${scheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(PAGE);
      await expect(page.getByRole('heading', { level: 1, name: /Order/ })).toBeVisible();
      await page.screenshot({ path: `test-results/public-docs-${width}-${scheme}.png` });
    });
  }
}
