/**
 * "All pages" under a tight rate limit: a server of its own with RATE_LIMIT_PER_MINUTE=2 (the suite's
 * server allows 100,000). The test call spends one request and page 0 the other, so the walk must wait
 * for the window to reset (up to a minute), show the countdown, and then finish with every row.
 */
import { readFile } from 'node:fs/promises';
import { startServer, type RunningServer } from '../../scripts/lib/start-server';
import { expect, login, test } from './support/fixtures';
import { parseCsv } from './support/csv';
import { OWN_SERVER_PORT } from './support/suite-servers';

// Beside the suite's servers: E2E_LIMITED_PORT, or the first port for a spec's own server.
const port = Number(process.env.E2E_LIMITED_PORT ?? OWN_SERVER_PORT);
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer(port, { RATE_LIMIT_PER_MINUTE: '2' });
});
test.afterAll(async () => server?.stop());
test.use({ baseURL: `http://127.0.0.1:${port}` });

test('waits for the rate limit to reset, then finishes the download', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page);
  const title = `Slow ${Date.now()}`;
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Create New Token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Token' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Under a tight rate limit');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  // 84 orders, 30 a page: pages 0, 1 and 2. Test API spends 1 of the 2 calls; the walk's page 0 is a 304
  // (the tester sends the ETag it holds), which spends nothing; page 1 spends the last, so page 2 waits.
  await page.goto('/api-test?operation=listSellerNormalOrders&size=30');
  await page.getByRole('combobox', { name: 'Your tokens' }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
  await page.getByRole('button', { name: 'Test API' }).click();
  await expect(page.getByRole('group', { name: 'Response summary' }).getByLabel(/^Rate limit: 1 of 2 left/)).toBeVisible();

  await page.getByRole('button', { name: 'Download CSV' }).click();
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: /All pages/ }).click();
  const progress = page.getByRole('status');
  await expect(progress).toContainText(/Rate limit reached: waiting \d+ s \(page 2 of 3, 60 rows\)/);
  await expect(progress.getByRole('button', { name: 'Cancel' })).toBeVisible();

  const download = await downloading;
  const [, ...rows] = parseCsv((await readFile(await download.path())).toString('utf8').slice(1));
  expect(rows).toHaveLength(84);
  expect(new Set(rows.map((row) => row[0])).size).toBe(84);
  await expect(progress).toHaveCount(0);
});
