/** The API Test screen against the real server: validation, a list call, list to detail, a 401 with the other type's token. */
import { catalogue } from '../../src/generated/catalogue';
import { expect, login, test } from './support/fixtures';
import { createToken, pickToken } from './support/tokens';

test('shows each validation message in order', async ({ page }) => {
  await login(page);
  await page.goto('/api-test');
  await expect(page.getByRole('region', { name: 'Response body' })).toHaveText('No response yet');
  await page.getByRole('button', { name: 'Get Detail' }).click();
  const run = page.getByRole('button', { name: 'Test API' });
  await run.click();
  await expect(page.getByText('Please select a domain.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Domain' }).click();
  await page.getByRole('option', { name: 'Orders' }).click();
  await run.click();
  await expect(page.getByText('API token is required.')).toBeVisible();
  await expect(page.getByText('Please select a domain.')).toHaveCount(0);
  await page.getByLabel('API token', { exact: true }).fill('acme_s_anything');
  await run.click();
  await expect(page.getByText('ID is required for detail view.')).toBeVisible();
  await page.getByLabel('ID', { exact: true }).pressSequentially('4x2');
  await expect(page.getByLabel('ID', { exact: true })).toHaveValue('42');
  await expect(page.getByRole('region', { name: 'Response body' })).toHaveText('No response yet');
});

test('runs a list call, pages through it, and opens a row in detail view from its id', async ({ page }) => {
  await login(page);
  const title = await createToken(page);
  await page.goto('/api-test?operation=listSellerNormalOrders&size=2');
  await pickToken(page, title);
  await page.getByRole('button', { name: 'Test API' }).click();

  const summary = page.getByRole('group', { name: 'Response summary' });
  await expect(summary.getByText('Status 200')).toBeVisible();
  await expect(summary.getByText(/^Time \d+ ms$/)).toBeVisible();
  await expect(summary.getByText(/^Size [\d.]+ (B|KB)$/)).toBeVisible();
  const body = page.getByRole('region', { name: 'Response body' });
  await expect(body).toContainText('"lastPage"');
  await expect(body).toContainText('"orderNumber"');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(body).toContainText('"page": 1');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();

  const firstId = body.getByRole('button', { name: /^Open ID \d+ in detail view$/ }).first();
  const id = ((await firstId.textContent()) ?? '').trim();
  await firstId.click();
  await expect(page).toHaveURL(new RegExp(`operation=getSellerNormalOrder&id=${id}$`));
  await expect(page.getByLabel('ID', { exact: true })).toHaveValue(id);
  await expect(body).toContainText(`"id": ${id}`);
  await expect(body).not.toContainText('"lastPage"');
  await expect(summary.getByText('Status 200')).toBeVisible();
  expect(page.url()).not.toContain('acme_');
});

test('every list call of the Seller API offers its rows’ ids as links to their detail, Imports included', async ({ page }) => {
  await login(page);
  const title = await createToken(page);
  const lists = catalogue.operations.filter((operation) => operation.family === 'seller' && operation.mode === 'list');
  expect(lists.map((operation) => operation.operationId)).toContain('listSellerImports');
  for (const list of lists) {
    await page.goto(`/api-test?operation=${list.operationId}&size=2`);
    await pickToken(page, title);
    await page.getByRole('button', { name: 'Test API' }).click();
    const body = page.getByRole('region', { name: 'Response body' });
    await expect(body).toContainText('"lastPage"');
    await expect(body.getByRole('button', { name: /^Open ID \d+ in detail view$/ }), list.operationId).toHaveCount(2);
  }
  // An import row is {import, quotation}: its link opens the import, not the quotation.
  const firstId = page
    .getByRole('region', { name: 'Response body' })
    .getByRole('button', { name: /^Open ID \d+ in detail view$/ })
    .first();
  expect(lists.at(-1)?.operationId).not.toBe('listSellerImports');
  await page.goto('/api-test?operation=listSellerImports&size=2');
  await pickToken(page, title);
  await page.getByRole('button', { name: 'Test API' }).click();
  const id = ((await firstId.textContent()) ?? '').trim();
  await firstId.click();
  await expect(page).toHaveURL(new RegExp(`operation=getSellerImport&id=${id}$`));
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText(`"id": ${id}`);
});

test('a seller token on the Warehouse API gets a 401 that explains itself', async ({ page }) => {
  await login(page);
  await createToken(page);
  await page.goto('/settings');
  const card = page.getByRole('article').first();
  await card.getByRole('button', { name: 'Show token' }).click();
  const value = (await card.getByLabel('Token value', { exact: true }).textContent()) ?? '';
  await page.goto('/api-test?operation=listWarehouseInventory');
  await expect(page.getByRole('combobox', { name: 'Your tokens' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByLabel('API token', { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Test API' }).click();
  await expect(page.getByRole('alert')).toContainText('forbidden');
  await expect(page.getByRole('group', { name: 'Response summary' }).getByText('Status 401')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('This is a seller token (it starts with acme_s_): it reaches only the Seller API, not the Warehouse API');

  // Switching API clears the old response; the seller token stays for the Seller API and goes for the Warehouse API.
  await page.getByRole('button', { name: 'Seller API' }).click();
  await expect(page.getByRole('region', { name: 'Response body' })).toHaveText('No response yet');
  await expect(page.getByLabel('API token', { exact: true })).toHaveValue(value);
  await page.getByRole('button', { name: 'Warehouse API' }).click();
  await expect(page.getByLabel('API token', { exact: true })).toHaveValue('');
});

test('Copy as cURL copies the request with $ACME_API_TOKEN', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  await page.goto('/api-test?operation=getWarehouseReturnOrder&id=12');
  await page.getByRole('button', { name: 'Copy as cURL' }).click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`'${new URL(page.url()).origin}/api/v1/warehouse/orders/return/12'`);
  expect(curl).toContain('-H "ACME-API-TOKEN: $ACME_API_TOKEN"');
});

test('the same call again sends the last ETag and shows the 304 with the unchanged body', async ({ page }) => {
  await login(page);
  const title = await createToken(page);
  await page.goto('/api-test?operation=listSellerNormalOrders&size=2');
  await pickToken(page, title);
  const run = page.getByRole('button', { name: 'Test API' });
  await run.click();
  const summary = page.getByRole('group', { name: 'Response summary' });
  await expect(summary.getByText('Status 200')).toBeVisible();
  const body = page.getByRole('region', { name: 'Response body' });
  const first = await body.textContent();
  await run.click();
  await expect(summary.getByText('Status 304')).toBeVisible();
  await expect(summary.getByText('Unchanged since last call')).toBeVisible();
  await expect(summary.getByText('Size 0 B')).toBeVisible();
  await expect(body).toHaveText(first ?? '');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await summary.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/api-tester-304.png', fullPage: false });
});

test('Test API pressed from the keyboard keeps the focus once the answer is in', async ({ page }) => {
  await login(page);
  const title = await createToken(page);
  await page.goto('/api-test?operation=listSellerWarehouses');
  await pickToken(page, title);
  const run = page.getByRole('button', { name: 'Test API' });
  await run.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Response summary' }).getByText('Status 200')).toBeVisible();
  // While loading the button is disabled, which drops focus to the body unless it is handed back.
  await expect(run).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(run).toBeFocused();
});
