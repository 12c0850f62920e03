/** axe on the API tester's Table (list and detail) and Headers views and the history, in light and in dark. */
import { expect, login, seriousViolations, test } from './support/fixtures';

// axe is injected as an inline script, which the app's Content-Security-Policy rightly forbids.
test.use({ bypassCSP: true });

test('Table, Headers and History have no serious violation', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  const title = `A11y views ${Date.now()}`;
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Create New Token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Token' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Accessibility of the views');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/api-test?operation=listSellerNormalOrders');
    await page.getByRole('combobox', { name: 'Your tokens' }).click();
    await page.getByRole('option', { name: new RegExp(title) }).click();
    await page.getByRole('button', { name: 'Test API' }).click();
    await page.getByRole('tab', { name: 'Table' }).click();
    await expect(page.getByRole('grid', { name: 'Response rows' })).toBeVisible();
    expect(await seriousViolations(page), `${colorScheme} list table`).toEqual([]);
    await page.getByRole('tab', { name: 'Headers' }).click();
    await expect(page.getByRole('group', { name: 'Rate limit' })).toBeVisible();
    expect(await seriousViolations(page), `${colorScheme} headers`).toEqual([]);
    await page.getByRole('tab', { name: 'Table' }).click();
    await page.getByRole('button', { name: 'Open ID 1 in detail view' }).click();
    await expect(page.getByRole('table', { name: 'Response fields' })).toBeVisible();
    await page.getByRole('button', { name: /^History/ }).click();
    await expect(page.getByRole('list', { name: 'Recent requests' })).toBeVisible();
    expect(await seriousViolations(page), `${colorScheme} detail table and history`).toEqual([]);
  }
});
