/**
 * PUBLIC_DOCS=true in Chromium, on a second server started here: a logged-out reader reads the reference
 * (Log in in the top bar, both APIs in the sidebar, no request that fails), the page menu offers ChatGPT
 * and Claude, the HTML names its Markdown, and the screens still send the reader to /login. The page comes
 * rendered at build time in its logged-out variant: it reads in full with JavaScript off (1440 and 390 px,
 * light and dark, axe), and the app hydrates every page without a warning. (page-menu.spec.ts: without
 * PUBLIC_DOCS the menu has no such links.)
 */
import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { catalogue } from '../../src/generated/catalogue';
import { startServer, type RunningServer } from '../../scripts/lib/start-server';
import { documentationHref } from '../../src/shared/portal-data/links';
import type { ReferencePage } from '../../src/shared/portal-data/reference-page';
import { DEMO, expect, seriousViolations, test } from './support/fixtures';
import { hydrated, removedSections, texts, watchHydration } from './support/hydration';
import { OWN_SERVER_PORT } from './support/suite-servers';

function referencePage(category: string, subcategory: string): ReferencePage {
  return JSON.parse(readFileSync(`src/generated/reference/${category}-${subcategory}.json`, 'utf8')) as ReferencePage;
}

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

test('the first response is the page rendered for a logged-out reader: its operations, no user, no account controls', async ({ request }) => {
  const data = referencePage('seller', 'order');
  const response = await request.get(PAGE);
  expect(response.headers()['cache-control']).toBe('private, no-cache');
  const html = await response.text();
  for (const operation of data.operations) {
    expect(html).toContain(`id="${operation.operationId}"`);
    for (const parameter of operation.parameters) expect(html).toContain(`<code class="field-name">${parameter.name}</code>`);
  }
  expect(html).toContain(`${BASE}/api/v1`);
  expect(html).not.toContain('portal-prerender.invalid');
  expect(html).not.toMatch(/Logout|Signed in user|Token expiry reminder|Open in API Test/);
  expect(html).toContain('"user":null');
});

test('every public page hydrates for a logged-out reader with no hydration warning, and its links lead to login', async ({ page }) => {
  const watched = await watchHydration(page);
  const urls = ['/', '/documentation', `${PAGE}#getSellerReturnOrder`];
  for (const group of catalogue.groups) for (const sub of group.pages) urls.push(documentationHref({ category: group.category, subcategory: sub.subcategory }));
  for (const url of urls) {
    await page.goto(url);
    await hydrated(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await removedSections(page), url).toBe(0);
    const { now, served } = await texts(page);
    expect(served.length, url).toBeGreaterThan(500);
    expect(now, url).toBe(served);
    expect(watched.messages, url).toEqual([]);
  }
  // The deep link's #fragment joins "Log in" once the app is live; "Log in to try it" comes back to the tester.
  await page.goto(`${PAGE}#getSellerReturnOrder`);
  await hydrated(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    `/login?${new URLSearchParams({ redirectTo: `${PAGE}#getSellerReturnOrder` }).toString()}`,
  );
  await page.locator('section#getSellerReturnOrder').getByRole('link', { name: 'Log in to try it' }).click();
  await page.getByLabel('Email').fill(DEMO.seller.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.seller.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${BASE}/api-test?operation=getSellerReturnOrder&id=1`);
  expect(watched.messages).toEqual([]);
});

/**
 * axe waits on timers, which never fire with scripts off: it checks the same HTML with the app's scripts
 * answered empty, which is the page as served, before (or without) the app.
 */
async function violationsAsServed(browser: Browser, width: number, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ javaScriptEnabled: true, bypassCSP: true, viewport: { width, height: 900 }, colorScheme, baseURL: BASE });
  const page = await context.newPage();
  await page.route(/\/assets\/[^/]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  await page.goto(PAGE);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  const violations = await seriousViolations(page);
  await context.close();
  return violations;
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [1440, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`a logged-out reader reads every operation at ${width} px, ${scheme}`, async ({ page, browser }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        const data = referencePage('seller', 'order');
        await page.goto(PAGE);
        await expect(page.getByRole('heading', { level: 1, name: 'Order' })).toBeVisible();
        const banner = page.getByRole('banner');
        await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();
        await expect(banner.getByRole('button', { name: 'Logout' })).toHaveCount(0);
        await expect(page.getByRole('group', { name: 'Signed in user' })).toHaveCount(0);
        await expect(page.locator('section[data-operation-id]')).toHaveCount(data.operations.length);
        for (const operation of data.operations) {
          const section = page.locator(`section[id="${operation.operationId}"]`);
          await section.scrollIntoViewIfNeeded();
          await expect(section.getByRole('heading', { level: 2, name: operation.summary })).toBeVisible();
          for (const parameter of operation.parameters) await expect(section.locator('code.field-name', { hasText: parameter.name }).first()).toBeVisible();
          await expect(section.getByRole('tabpanel').first()).toContainText(`curl --request GET`);
          await expect(section.getByRole('link', { name: 'Log in to try it' })).toHaveAttribute(
            'href',
            `/login?${new URLSearchParams({ redirectTo: operation.tryIt ?? '' }).toString()}`,
          );
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `test-results/public-docs-no-script-${width}-${scheme}.png` });
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe(scheme === 'dark' ? 'rgb(13, 15, 20)' : 'rgb(247, 248, 250)');
        expect(await violationsAsServed(browser, width, scheme)).toEqual([]);
      });
    }
  }
});
