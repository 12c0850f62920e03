/**
 * The API Test screen for lists against the real server: every page of a list downloaded as one CSV,
 * the Table and Headers views, and a call restored from the history.
 */
import { readFile } from 'node:fs/promises';
import { expect, login, test } from './support/fixtures';
import { createToken, pickToken } from './support/tokens';
import { parseCsv } from './support/csv';

test('downloads every page of a 3-page list as one CSV with every row', async ({ page }) => {
  await login(page);
  const title = await createToken(page);
  // The demo seller has 84 normal orders: 30 a page makes pages 0, 1 and 2.
  await page.goto('/api-test?operation=listSellerNormalOrders&size=30');
  await pickToken(page, title);
  await page.getByRole('button', { name: 'Test API' }).click();
  await expect(page.getByText('Page 1 of 3 · page=0')).toBeVisible();

  await page.getByRole('button', { name: 'Download CSV' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /All pages/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^seller-orders-normal-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

  const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1));
  expect(header?.slice(0, 3)).toEqual(['id', 'orderNumber', 'orderDate']);
  expect(header).toContain('products');
  expect(rows).toHaveLength(84);
  expect(rows.every((row) => row.length === header?.length)).toBe(true);
  const ids = rows.map((row) => Number(row[0]));
  expect(new Set(ids).size).toBe(84);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  // Arrays keep their items (as JSON) in the file.
  const products = header?.indexOf('products') ?? -1;
  expect(JSON.parse(rows[0]?.[products] ?? '[]')).toEqual(expect.arrayContaining([expect.objectContaining({ sku: expect.any(String) })]));
});

test('shows a list as a table and the rate-limit budget in the headers', async ({ page }) => {
  await login(page);
  const title = await createToken(page);
  await page.goto('/api-test?operation=listSellerProducts');
  await pickToken(page, title);
  await page.getByRole('button', { name: 'Test API' }).click();
  const summary = page.getByRole('group', { name: 'Response summary' });
  await expect(summary.getByText('Status 200')).toBeVisible();
  await expect(summary.getByLabel(/^Rate limit: \d+ of 100000 left, resets in \d+ s$/)).toBeVisible();

  await page.getByRole('tab', { name: 'Table' }).click();
  const grid = page.getByRole('grid', { name: 'Response rows' });
  await expect(grid.getByRole('columnheader').first()).toHaveText('id');
  // The header row and the page's 10 rows.
  await expect(grid).toHaveAttribute('aria-rowcount', '11');
  await grid.getByRole('columnheader', { name: 'productName' }).click();
  await expect(grid.getByRole('columnheader', { name: 'productName' })).toHaveAttribute('aria-sort', 'ascending');

  await page.getByRole('tab', { name: 'Headers' }).click();
  await expect(page.getByRole('table', { name: 'Response headers' }).getByRole('rowheader', { name: 'ratelimit-limit' })).toBeVisible();
  // The minute's window may end while the test runs: the gauge then says so instead of counting down.
  await expect(page.getByRole('group', { name: 'Rate limit' })).toContainText(/\d+ of 100000 left(, resets in \d+ s| when sent; the window has reset since)/);
});

test('restores a call from the history', async ({ page }) => {
  await login(page);
  const title = await createToken(page);
  await page.goto('/api-test?operation=getSellerNormalOrder&id=3');
  await pickToken(page, title);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('group', { name: 'Response summary' }).getByText('Status 200')).toBeVisible();

  await page.goto('/api-test?operation=listWarehouseInventory');
  // The history is the signed-in user's: it lists the call once the profile has loaded.
  await page.getByRole('button', { name: 'History (1)' }).click();
  const entry = page.getByRole('list', { name: 'Recent requests' }).getByRole('button', { name: /\/seller\/orders\/normal\/3/ });
  await expect(entry).toBeVisible();
  // Twice in many runs on a loaded 2-core machine a click on the entry, made while the list was still
  // expanding, changed nothing; a reader would click again, and so does the test (a restore that never
  // works still fails here).
  await expect(async () => {
    await entry.click();
    await expect(page).toHaveURL(/\/api-test\?operation=getSellerNormalOrder&id=3$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByLabel('ID', { exact: true })).toHaveValue('3');
  await expect(page.getByRole('combobox', { name: 'Your tokens' })).toHaveText(title);
  await page.getByRole('button', { name: 'Test API' }).click();
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText('"id": 3');
  // The browser keeps the title, never the value.
  const stored = await page.evaluate(() => Object.values(localStorage).join('\n'));
  expect(stored).toContain(title);
  expect(stored).not.toMatch(/acme_s_/);
});
