/**
 * Account security as a person meets it, on the real server: an IP allowlist that leaves this browser out
 * (warned before the call, 403 after it), a token GitHub reports found in public (the banner on every
 * screen, the revoked card, the event), the Activity screen's filter and CSV, and signing out another
 * browser's session. All on warehouse2, so no other journey sees the banner or loses a session.
 */
import type { Page } from '@playwright/test';
import { expect, login, test } from './support/fixtures';
import { parseCsv } from './support/csv';
import { reportLeak } from './support/leak-report';
import { createToken, pickToken } from './support/tokens';

test.describe.configure({ mode: 'serial' });

/** A token's value, read as the page's own script reads it (the list of the signed-in user's tokens). */
async function valueOf(page: Page, title: string): Promise<string> {
  const response = await page.request.get('/api/auth/token');
  const { data } = (await response.json()) as { data: { title: string; token: string }[] };
  const token = data.find((candidate) => candidate.title === title);
  if (token === undefined) throw new Error(`no token ${title}`);
  return token.token;
}

test('a token whose IP allowlist leaves this browser out is warned about, then refused with 403', async ({ page }) => {
  await login(page, 'warehouse2');
  const title = await createToken(page, { title: `Office only ${Date.now()}` });
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Any IP address');
  await card.getByRole('button', { name: 'Edit IP allowlist' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'IP allowlist' }).fill('203.0.113.0/24\n203.0.113.300');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('"203.0.113.300" is not an IP address or range.');
  await dialog.getByRole('textbox', { name: 'IP allowlist' }).fill('203.0.113.0/24');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('203.0.113.0/24');
  await expect(card).toContainText("This browser's address (127.0.0.1) is outside this list");

  await page.goto('/api-test?operation=listWarehouseInventory');
  await pickToken(page, title);
  await expect(page.getByText("This token's IP allowlist does not include this browser's address (127.0.0.1): the call will get 403.")).toBeVisible();
  await page.getByRole('button', { name: 'Test API' }).click();
  await expect(page.getByRole('alert')).toContainText('This token cannot be used from 127.0.0.1.');
  await expect(page.getByRole('note')).toContainText('its IP allowlist does not include 127.0.0.1');
});

test('a token reported found in public shows the banner on every screen, a revoked card and an event', async ({ page }) => {
  await login(page, 'warehouse2');
  const title = await createToken(page, { title: `CI ${Date.now()}` });
  const value = await valueOf(page, title);
  const url = 'https://github.com/example/warehouse-ci/blob/main/.env';
  expect(await reportLeak(page.request, value, url)).toEqual([expect.objectContaining({ label: 'true_positive' })]);

  await page.goto('/settings');
  const banner = page.getByRole('alert').filter({ hasText: `Your token '${title}' was found in public at ${url} and has been revoked.` });
  await expect(banner).toBeVisible();
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Revoked');
  await expect(card).toContainText(`Found in public at ${url}`);
  await expect(card.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Delete' })).toBeVisible();

  for (const path of ['/api-test', '/usage', '/activity']) {
    await page.goto(path);
    await expect(banner).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Activity' }).getByRole('row').filter({ hasText: 'Token revoked (found in public)' }).first()).toContainText(
    title,
  );

  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Activity' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('Activity filters by event type and downloads the same events as CSV', async ({ page }) => {
  await login(page, 'warehouse2');
  await page.goto('/activity');
  const table = page.getByRole('table', { name: 'Activity' });
  await expect(table.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: 'Token created', exact: true }).click();
  await expect(page).toHaveURL(/type=token_created/);
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText('Token created');
  const events = await rows.locator('td[data-label="Event"]').allTextContents();
  expect(events.length).toBeGreaterThanOrEqual(2);
  expect(new Set(events)).toEqual(new Set(['Token created']));

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  // Every CSV starts with a UTF-8 byte order mark, so spreadsheet programs read accents right.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = parseCsv(bytes.subarray(3).toString('utf8').trimEnd());
  expect(header).toEqual(['time', 'type', 'ip_address', 'user_agent', 'token_id', 'token_title', 'details']);
  expect(records).toHaveLength(events.length);
  expect(new Set(records.map((record) => record[1]))).toEqual(new Set(['token_created']));
});

test('signing out the other sessions ends another browser at once and keeps this one', async ({ page, browser, baseURL }) => {
  const elsewhere = await browser.newContext({ baseURL });
  const otherPage = await elsewhere.newPage();
  await login(otherPage, 'warehouse2');
  await login(page, 'warehouse2');

  await page.goto('/settings');
  const sessions = page.getByRole('region', { name: 'Signed-in sessions' });
  await expect(sessions.getByText('This session')).toBeVisible();
  await sessions.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(page.getByText(/other sessions? signed out\./)).toBeVisible();
  await expect(sessions.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();

  await otherPage.goto('/settings');
  await expect(otherPage).toHaveURL(/\/login/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto('/activity?type=session_ended');
  await expect(page.getByRole('table', { name: 'Activity' })).toContainText(/signed out/);
  await elsewhere.close();
});
