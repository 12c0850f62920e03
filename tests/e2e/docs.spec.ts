/**
 * The documentation journeys against the real server in Debian's Chromium: the default page,
 * every sidebar page, a deep link, search, a code sample with the user's own token, "Open in API Test", the
 * downloads and the Swagger UI explorer (under the server's CSP, with no console error).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { catalogue } from '../../src/generated/catalogue';
import type { ReferencePage } from '../../src/shared/portal-data/reference-page';
import { expect, login, seriousViolations, test } from './support/fixtures';
import { wordsBrokenAcrossLines } from './support/layout';

function referencePage(category: string, subcategory: string): ReferencePage {
  return JSON.parse(readFileSync(`src/generated/reference/${category}-${subcategory}.json`, 'utf8')) as ReferencePage;
}

const operationSections = (page: Page) => page.locator('section[data-operation-id]');

test.describe('documentation', () => {
  test('opens seller / warehouse by default with this host’s base URL', async ({ page, baseURL }) => {
    await login(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Warehouse' })).toBeVisible();
    await expect(operationSections(page)).toHaveCount(referencePage('seller', 'warehouse').operations.length);
    await expect(page.getByTestId('base-url')).toHaveText(`${baseURL}/api/v1`);
    await expect(page.getByRole('heading', { level: 2, name: 'List warehouses' })).toBeVisible();
  });

  test('every sidebar sub-item opens its page with all its operations', async ({ page }) => {
    await login(page);
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const group of catalogue.groups) {
      for (const sub of group.pages) {
        const href = `/documentation?category=${group.category}&subcategory=${sub.subcategory}`;
        await sidebar.locator(`a[href="${href}"]`).click();
        await expect(page).toHaveURL(href);
        const data = referencePage(group.category, sub.subcategory);
        await expect(page.getByRole('heading', { level: 1, name: data.title })).toBeVisible();
        await expect(operationSections(page)).toHaveCount(data.operations.length);
        for (const operation of data.operations) {
          await expect(page.getByRole('heading', { level: 2, name: operation.summary })).toBeVisible();
        }
      }
    }
  });

  test('Getting started has its own page in the sidebar, and every prose code block has a copy button', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Getting started' }).click();
    await expect(page).toHaveURL('/documentation?category=guide&subcategory=getting-started');
    await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
    for (const heading of ['Lists and paging', 'Errors', 'Rate limits']) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Authentication', exact: true }).first().click();
    await expect(page).toHaveURL('/documentation?category=authentication&subcategory=overview');
    await expect(page.getByRole('heading', { level: 2, name: 'About the API' })).toHaveCount(0);
    // Count only once the Authentication prose has rendered: a count taken mid-navigation is 0.
    await expect(page.getByRole('heading', { name: 'Polling efficiently' })).toBeVisible();
    const codeBlocks = page.locator('.prose pre');
    const blocks = page.locator('.prose .code-block-wrap');
    const codeBlockCount = await codeBlocks.count();
    expect(codeBlockCount).toBeGreaterThan(0);
    await expect(blocks).toHaveCount(codeBlockCount);
    await blocks
      .first()
      .getByRole('button', { name: /^Copy / })
      .click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`${baseURL}/api/v1/seller/warehouses`);
  });

  test('a deep link scrolls to its operation, and an unknown page says so', async ({ page }) => {
    await login(page, 'seller', '/login?redirectTo=%2Fdocumentation%3Fcategory%3Dseller%26subcategory%3Dorder%23getSellerReturnOrder');
    await expect(page).toHaveURL(/#getSellerReturnOrder$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Get a return order' })).toBeInViewport();
    await page.goto('/documentation?category=seller&subcategory=order#getSellerNormalOrder');
    await expect(page.getByRole('heading', { level: 2, name: 'Get a normal order' })).toBeInViewport();
    await expect(page.getByRole('heading', { level: 2, name: 'List normal orders' })).not.toBeInViewport();

    await page.goto('/documentation?category=buyer');
    await expect(page.getByRole('heading', { level: 1, name: 'No such documentation page' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Documentation pages' }).getByRole('link', { name: 'Inventory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  });

  test('Ctrl+K searches every page and goes to the result', async ({ page }) => {
    await login(page);
    await expect(operationSections(page).first()).toBeVisible();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search operations, schemas and fields' });
    await expect(input).toBeFocused();
    await page.keyboard.type('returnReason');
    await expect(page.getByRole('option').first()).toContainText('returnReason');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/category=seller&subcategory=order#listSellerReturnOrders\.200\.data\.returnReason$/);
    await expect(page.locator('[id="listSellerReturnOrders.200.data.returnReason"]')).toBeInViewport();

    // Reopened, the old query is selected: typing replaces it.
    await page.keyboard.press('Control+k');
    await expect(input).toHaveValue('returnReason');
    await page.keyboard.type('warehouses');
    await expect(input).toHaveValue('warehouses');
  });

  test('Ctrl+K works on every screen, and a warehouse user sees their own API first', async ({ page }) => {
    await login(page, 'warehouse');
    const input = page.getByRole('combobox', { name: 'Search operations, schemas and fields' });
    for (const path of ['/settings', '/api-test']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('Control+k');
      await expect(input).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(input).toBeHidden();
    }
    await page.keyboard.press('Control+k');
    await page.keyboard.type('trackingNumber');
    const options = page.getByRole('option');
    await expect(options.first()).toContainText('Warehouse API');
    await expect(options.filter({ hasText: 'Seller API' }).first()).toBeVisible();
    await options.first().click();
    await expect(page).toHaveURL(/category=warehouse&subcategory=order#/);
  });

  test('a code sample carries a token the user picks, masked until revealed', async ({ page, baseURL }) => {
    await login(page);
    // A title of its own, so the option below is this run's token even after earlier runs.
    const title = `Docs e2e ${Date.now()}`;
    const created = await page.request.post('/api/auth/token', {
      data: { title, description: 'Token for the docs sample test' },
      headers: { origin: baseURL ?? '' },
    });
    expect(created.status()).toBe(201);
    const { data: token } = (await created.json()) as { data: { token: string } };

    await page.goto('/documentation?category=seller&subcategory=warehouse');
    const section = page.locator('section#listSellerWarehouses');
    await section.getByRole('button', { name: 'Use my token' }).click();
    await section.getByRole('combobox', { name: 'Token' }).click();
    await page.getByRole('option', { name: new RegExp(`^${title} · `) }).click();
    const code = section.getByRole('tabpanel');
    await expect(code).toContainText('ACME-API-TOKEN: ••••');
    await expect(code).not.toContainText(token.token);
    await section.getByRole('button', { name: 'Show token' }).click();
    await expect(code).toContainText(`ACME-API-TOKEN: ${token.token}`);
    await expect(code).toContainText(`${baseURL}/api/v1/seller/warehouses?page=0&size=10`);
    // Every sample on the page follows the choice.
    await expect(page.locator('section#getSellerWarehouse').getByRole('tabpanel')).toContainText(token.token);

    // The sample works as shown: the same request with the same header succeeds.
    const response = await page.request.get('/api/v1/seller/warehouses?page=0&size=10', { headers: { 'ACME-API-TOKEN': token.token } });
    expect(response.status()).toBe(200);

    // "Open in API Test" carries the chosen token to the API Test screen (never in the URL), ready to call.
    await section.getByRole('link', { name: 'Open in API Test' }).click();
    await expect(page).toHaveURL('/api-test?operation=listSellerWarehouses');
    await expect(page.getByLabel('API token', { exact: true })).toHaveValue(token.token);
    await expect(page.getByRole('combobox', { name: 'Your tokens' })).toHaveText(title);
    await page.getByRole('button', { name: 'Test API' }).click();
    await expect(page.getByRole('group', { name: 'Response summary' }).getByText('Status 200')).toBeVisible();
  });

  test('a response with several examples shows the first and keeps each other one a click away', async ({ page }) => {
    await login(page);
    await page.goto('/documentation?category=seller&subcategory=order');
    const examples =
      referencePage('seller', 'order')
        .operations.find((operation) => operation.operationId === 'listSellerNormalOrders')
        ?.responses.find((response) => response.status === '200')?.examples ?? [];
    const [first, second] = examples;
    if (!first?.summary || !second?.summary) throw new Error('listSellerNormalOrders should document two examples of its 200');
    const side = page.locator('section#listSellerNormalOrders .example');
    await expect(side.getByText(first.summary, { exact: true })).toBeVisible();
    await expect(side.getByLabel(`Example 200 response of listSellerNormalOrders: ${first.summary}`, { exact: true })).toBeVisible();
    const other = side.getByLabel(`Example 200 response of listSellerNormalOrders: ${second.summary}`, { exact: true });
    await expect(other).toBeHidden();
    await side.getByText(`Example: ${second.summary}`).click();
    await expect(other).toBeVisible();
    await expect(other).toContainText('"data": []');
  });

  test('"Open in API Test" opens the API tester with the operation’s choices', async ({ page }) => {
    await login(page);
    await page.goto('/documentation?category=seller&subcategory=order');
    await page.locator('section#getSellerReturnOrder').getByRole('link', { name: 'Open in API Test' }).click();
    await expect(page).toHaveURL('/api-test?operation=getSellerReturnOrder&id=1');
  });

  test("the header offers the seller's own API files first and every file behind All downloads", async ({ page }) => {
    await login(page);
    const header = page.getByRole('navigation', { name: 'Downloads and explorer' });
    await expect(header.getByText('Seller API:')).toBeVisible();
    const expected: Record<string, (body: string) => void> = {
      'Seller API OpenAPI YAML': (body) => expect(body).toMatch(/^openapi: 3\.1/m),
      'Seller API Postman collection': (body) => expect((JSON.parse(body) as { info: { schema: string } }).info.schema).toContain('postman'),
      'Seller API Insomnia export': (body) => expect((JSON.parse(body) as { __export_format: number }).__export_format).toBe(4),
      'Seller API .http requests (VS Code, JetBrains)': (body) => expect(body).toContain('{{ACME_SELLER_API_TOKEN}}'),
      'Seller API TypeScript types (api.d.ts)': (body) => expect(body).toContain('export interface paths'),
    };
    for (const [label, check] of Object.entries(expected)) {
      const link = header.getByRole('link', { name: label });
      await expect(link).toHaveAttribute('download', '');
      const response = await page.request.get((await link.getAttribute('href')) ?? '');
      expect(response.status(), label).toBe(200);
      const body = await response.text();
      check(body);
      expect(body, label).not.toContain('/auth/token');
      expect(body, label).not.toContain('/warehouse/orders');
    }
    const download = page.waitForEvent('download');
    await header.getByRole('link', { name: 'Seller API Postman collection' }).click();
    expect((await download).suggestedFilename()).toBe('acme-seller-api-postman-collection.json');

    await header.getByRole('button', { name: 'All downloads' }).click();
    const menu = page.getByRole('dialog', { name: 'All downloads' });
    const whole = await page.request.get((await menu.getByRole('link', { name: 'Whole API OpenAPI JSON' }).getAttribute('href')) ?? '');
    expect(Object.keys(((await whole.json()) as { paths: object }).paths).sort()).toEqual(catalogue.operations.map((op) => op.path).sort());
    const warehouseEnvironment = await page.request.get(
      (await menu.getByRole('link', { name: 'Warehouse API Postman environment' }).getAttribute('href')) ?? '',
    );
    expect(((await warehouseEnvironment.json()) as { values: Array<{ key: string; type: string }> }).values).toContainEqual(
      expect.objectContaining({ key: 'ACME_WAREHOUSE_API_TOKEN', type: 'secret' }),
    );
    const html = await page.request.get((await menu.getByRole('link', { name: 'Seller API HTML reference (offline)' }).getAttribute('href')) ?? '');
    expect(html.headers()['content-disposition']).toBe('inline; filename="acme-seller-api-reference.html"');
  });

  test('the Changelog page is in the sidebar and lists the released versions; the header shows the current one', async ({ page }) => {
    await login(page);
    await expect(page.getByTestId('api-version')).toHaveText(/^\d+\.\d+\.\d+$/);
    // The sidebar's entry (the header's own link is the other one).
    await expect(page.getByRole('link', { name: 'Changelog' })).toHaveCount(2);
    await page.getByRole('link', { name: 'Changelog' }).first().click();
    await expect(page).toHaveURL('/documentation?category=authentication&subcategory=changelog');
    await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^1\.0\.0 \d{4}-\d{2}-\d{2}$/ })).toBeVisible();
  });

  test('on a phone the Changelog reads without scrolling sideways; documentation edits stay collapsed until asked for', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await page.goto('/documentation?category=authentication&subcategory=changelog');
    await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
    // Never a second "1.0.0": what is not released yet is "Unreleased".
    await expect(page.getByRole('heading', { level: 2, name: /^1\.0\.0\b/ })).toHaveCount(1);
    const documentationOnly = page.locator('details.changelog-documentation').first();
    if ((await documentationOnly.count()) > 0) {
      await expect(documentationOnly).not.toHaveAttribute('open');
      await documentationOnly.locator('summary').click();
      await expect(documentationOnly).toHaveAttribute('open');
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test.describe('layout', () => {
    test('at 1440 px the sample tabs fit one row and every line of a sample is in view', async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page);
      await page.goto('/documentation?category=seller&subcategory=order#listSellerNormalOrders');
      const section = page.locator('section#listSellerNormalOrders');
      const tabs = section.getByRole('tablist', { name: 'Code sample language for listSellerNormalOrders' }).getByRole('tab');
      await expect(tabs).toHaveCount(6);
      const tops = new Set((await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top))).map(Math.round));
      expect(tops.size, 'rows of tabs').toBe(1);
      for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
      const code = section.getByRole('tabpanel');
      await expect(code).toContainText('--url');
      const { scrollWidth, clientWidth } = await code.evaluate((pre) => ({ scrollWidth: pre.scrollWidth, clientWidth: pre.clientWidth }));
      expect(scrollWidth, 'the sample is wider than its box').toBeLessThanOrEqual(clientWidth);
    });

    test('All downloads fits a 768 px tall screen', async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await login(page);
      await page.getByRole('navigation', { name: 'Downloads and explorer' }).getByRole('button', { name: 'All downloads' }).click();
      const panel = page.getByRole('dialog', { name: 'All downloads' });
      await expect(panel.getByRole('link', { name: 'Whole API HTML reference (offline)' })).toBeVisible();
      const box = await panel.boundingBox();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 0) + (box?.height ?? Infinity)).toBeLessThanOrEqual(768);
      for (const link of await panel.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
    });

    test('on a phone, search results break paths and names only between their parts', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await login(page);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('warehouse inventory');
      const options = page.getByRole('option');
      await expect(options.first()).toBeVisible();
      for (const option of (await options.all()).slice(0, 8)) expect(await wordsBrokenAcrossLines(option)).toEqual([]);
    });
  });

  test.describe('accessibility', () => {
    // axe is injected as an inline script, which the server's CSP forbids.
    test.use({ bypassCSP: true });

    test('axe finds no serious or critical violation on a reference page, the Authentication page and search', async ({ page }) => {
      await login(page);
      await page.goto('/documentation?category=seller&subcategory=order');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/documentation?category=authentication');
      await expect(page.getByRole('heading', { name: 'Create a token' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('combobox', { name: 'Search operations, schemas and fields' })).toBeFocused();
      await page.keyboard.type('order');
      await expect(page.getByRole('option').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
