/**
 * The Usage screen against the real server: calls made with curl and in API Test appear in the request
 * log within 2 seconds while the screen is open, the chart's totals and the token card's strip count
 * them, the CSV downloads without the token value, and "Open in API Test" restores a call. axe-clean in
 * light and dark.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, login, seriousViolations, test } from './support/fixtures';
import { wordsBrokenAcrossLines } from './support/layout';
import { createToken, revealedValue } from './support/tokens';

test.use({ bypassCSP: true });

/** A token made through Settings, with its value. */
async function tokenWithValue(page: Page): Promise<{ title: string; value: string }> {
  const title = await createToken(page, { description: 'For the usage test' });
  return { title, value: await revealedValue(page, title) };
}

/** The Usage screen has loaded its first log page: the table, or the text for no calls yet. */
async function logShown(page: Page): Promise<void> {
  await expect(page.getByRole('table', { name: 'Request log' }).or(page.getByText(/No calls match these filters/))).toBeVisible();
}

function curl(page: Page, path: string, token: string): string {
  const origin = new URL(page.url()).origin;
  return execFileSync('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', `ACME-API-TOKEN: ${token}`, `${origin}${path}`], { encoding: 'utf8' });
}

test('calls appear in the log within 2 seconds, counted by the chart and the token card, and download as CSV', async ({ page }) => {
  await login(page, 'seller2');
  const { title, value } = await tokenWithValue(page);
  await page.goto('/usage');
  const log = page.getByRole('table', { name: 'Request log' });
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await logShown(page);

  expect(curl(page, '/api/v1/seller/orders/normal?page=1&size=3', value)).toBe('200');
  await expect(log.getByRole('row', { name: /\/api\/v1\/seller\/orders\/normal\?page=1&size=3/ }).filter({ hasText: title })).toBeVisible({ timeout: 2_000 });
  expect(curl(page, '/api/v1/seller/products/99999999', value)).toBe('404');
  // Other tests of this account call the same address: the row is this token's.
  const notFound = log.getByRole('row', { name: /\/api\/v1\/seller\/products\/99999999/ }).filter({ hasText: title });
  await expect(notFound).toBeVisible({ timeout: 2_000 });
  await expect(notFound).toContainText(title);
  await expect(notFound).toContainText('404');

  // A call made in API Test.
  await page.goto('/api-test?operation=listSellerWarehouses&size=2');
  await page.getByRole('combobox', { name: 'Your tokens' }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
  await page.getByRole('button', { name: 'Test API' }).click();
  await expect(page.getByRole('group', { name: 'Response summary' }).getByText('Status 200')).toBeVisible();
  // Within 2 s of the screen showing its log (the page's own load is not the log's delay).
  await page.goto('/usage');
  await logShown(page);
  await expect(
    page
      .getByRole('table', { name: 'Request log' })
      .getByRole('row', { name: /\/api\/v1\/seller\/warehouses\?.*size=2/ })
      .filter({ hasText: title }),
  ).toBeVisible({
    timeout: 2_000,
  });

  // The chart's totals and the per-operation table, for this test's token (other specs call as seller2 too).
  await page.getByRole('combobox', { name: 'Token' }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
  const totals = page.getByLabel('Totals for the range');
  await expect(totals).toContainText('3');
  await expect(totals).toContainText('33%');
  await expect(page.getByRole('table', { name: 'Calls per operation' })).toContainText('getSellerProduct');
  await expect(page.getByRole('figure', { name: /Requests over time: 3 calls/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // CSV of the filtered log (4xx only).
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: '4xx (all)' }).click();
  await expect(page).toHaveURL(/status=4xx/);
  await expect(page.getByRole('table', { name: 'Request log' }).getByRole('row')).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^request-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  // A byte order mark first, as on every CSV, so spreadsheet programs read accents right.
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('time,token,token_deleted,operation,method,path,status,duration_ms,response_bytes,user_agent,client_address');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',getSellerProduct,GET,/api/v1/seller/products/99999999,404,');
  expect(csv).not.toContain(value);
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded 1 row.' })).toBeVisible();

  // The token card's strip.
  await page.goto('/settings');
  const strip = page.getByRole('group', { name: `Usage of ${title} in the last 7 days` });
  await expect(strip).toContainText('3 calls in 7 days');
  await strip.getByRole('link', { name: 'View usage' }).click();
  await expect(page).toHaveURL(/\/usage\?tokenId=\d+$/);
  await expect(page.getByRole('combobox', { name: 'Token' })).toHaveText(title);
});

test('"Open in API Test" restores a logged call (operation, id) and its token by id, never a token value', async ({ page }) => {
  await login(page, 'seller2');
  const { title, value } = await tokenWithValue(page);
  expect(curl(page, '/api/v1/seller/orders/normal/1', value)).toMatch(/^(200|404)$/);
  await page.goto('/usage');
  await logShown(page);
  const row = page
    .getByRole('table', { name: 'Request log' })
    .getByRole('row', { name: /\/api\/v1\/seller\/orders\/normal\/1\b/ })
    .first();
  await expect(row).toBeVisible({ timeout: 2_000 });
  await row.getByRole('button', { name: /^Details of the call/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Call details' });
  await expect(dialog).toContainText('getSellerNormalOrder');
  await expect(dialog).toContainText('curl/');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('link', { name: 'Open in API Test' }).click();
  await expect(page).toHaveURL(/\/api-test\?operation=getSellerNormalOrder&id=1&token=\d+$/);
  await expect(page.getByLabel('ID', { exact: true })).toHaveValue('1');
  await expect(page.getByRole('combobox', { name: 'Your tokens' })).toHaveText(title);
  await expect(page.getByLabel('API token', { exact: true })).toHaveValue(value);
  expect(page.url()).not.toContain('acme_');
});

test('the Usage screen is axe-clean in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await login(page, 'seller2');
  await page.goto('/usage?range=7d');
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await logShown(page);
  expect(await seriousViolations(page)).toEqual([]);
});

/** `element` is shown and lies within the screen's width (neither hidden nor off to the side). */
async function expectAcrossTheScreen(element: import('@playwright/test').Locator, width: number): Promise<void> {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
}

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${width} px the log shows time, operation and status, names break only between words, and the chart's last label fits`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await login(page, 'seller2');
    const { value } = await tokenWithValue(page);
    expect(curl(page, '/api/v1/seller/orders/normal?page=0&size=3', value)).toBe('200');
    await page.goto('/usage');
    // The log's 2 seconds count from the screen showing its first page, not from the navigation.
    await logShown(page);
    const log = page.getByRole('table', { name: 'Request log' });
    const row = log.getByRole('row', { name: /\/api\/v1\/seller\/orders\/normal\?page=0&size=3/ }).first();
    await expect(row).toBeVisible({ timeout: 2_000 });

    for (const header of ['Time', 'Operation', 'Status']) await expectAcrossTheScreen(log.getByRole('columnheader', { name: header }), width);
    await expectAcrossTheScreen(row.getByRole('button', { name: /^Details of the call at / }), width);
    await expectAcrossTheScreen(row.getByText('200', { exact: true }), width);
    const operation = row.getByText('listSellerNormalOrders', { exact: true });
    await expectAcrossTheScreen(operation, width);
    expect(await wordsBrokenAcrossLines(operation)).toEqual([]);
    expect(await wordsBrokenAcrossLines(page.getByLabel('Totals for the range'))).toEqual([]);
    const perOperation = page.getByRole('table', { name: 'Calls per operation' });
    for (const name of await perOperation
      .getByRole('cell')
      .filter({ hasText: /^[a-z]+[A-Z]\w+$/ })
      .all()) {
      expect(await wordsBrokenAcrossLines(name)).toEqual([]);
    }

    // Every x-axis label ends inside the chart (the last one used to be cut off at the right edge).
    const chart = page.getByRole('figure', { name: /Requests over time/ });
    const svg = chart.locator('svg').last();
    const box = await svg.boundingBox();
    const labels = await chart
      .locator('svg text')
      .evaluateAll((texts) => texts.map((text) => ({ text: text.textContent, right: text.getBoundingClientRect().right })));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label.right, `${label.text} ends inside the chart`).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 0.5);
  });
}
