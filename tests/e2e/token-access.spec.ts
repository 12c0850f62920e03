/**
 * Token access, grace windows and reminders against the real server: a restricted token in API Test (an
 * allowed and a forbidden domain), a refresh with a grace window called with both values, "End now", and
 * the shell's expiry reminder. On the second seller account, so the 7-day token stays out of other journeys.
 */
import type { Page } from '@playwright/test';
import { expect, login, test } from './support/fixtures';
import { createToken, revealedValue } from './support/tokens';

/** Runs the seller's normal order list in API Test with a pasted value; the status it got. */
async function callWith(page: Page, value: string): Promise<string> {
  await page.goto('/api-test?operation=listSellerNormalOrders&size=1');
  await page.getByLabel('API token', { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Test API' }).click();
  const status = page.getByRole('group', { name: 'Response summary' }).getByText(/^Status \d+$/);
  await expect(status).toBeVisible();
  return (await status.textContent()) ?? '';
}

test('a token restricted to orders reads orders and gets 403 for products in API Test', async ({ page }) => {
  const title = `Orders only ${Date.now()}`;
  await login(page, 'seller2');
  await createToken(page, { title, expiresIn: '30 days', domains: ['Orders'] });
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('listitem')).toHaveText(['Orders']);

  await page.goto('/api-test?family=seller');
  await page.getByRole('combobox', { name: 'Your tokens' }).click();
  const option = page.getByRole('option', { name: new RegExp(title) });
  await expect(option).toContainText('Access: Orders');
  await option.click();
  await page.getByRole('combobox', { name: 'Domain' }).click();
  await expect(page.getByRole('option', { name: /Products/ })).toContainText("not in this token's access");
  await expect(page.getByRole('option', { name: /Orders/ })).not.toContainText("not in this token's access");
  await page.getByRole('option', { name: /Orders/ }).click();
  await page.getByRole('button', { name: 'Test API' }).click();
  const summary = page.getByRole('group', { name: 'Response summary' });
  await expect(summary.getByText('Status 200')).toBeVisible();

  await page.getByRole('combobox', { name: 'Domain' }).click();
  await page.getByRole('option', { name: /Products/ }).click();
  await expect(page.getByText("Not in this token's access: the call will answer 403.")).toBeVisible();
  await page.getByRole('button', { name: 'Test API' }).click();
  await expect(summary.getByText('Status 403')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This token has no access to products.');
  await expect(page.getByRole('note')).toContainText('its access does not include products');
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText('"status": 403');
});

test('refresh with a 24-hour grace window: both values work, End now stops the old one', async ({ page }) => {
  const title = `Rotated ${Date.now()}`;
  await login(page, 'seller2');
  await createToken(page, { title });
  const oldValue = await revealedValue(page, title);

  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Refresh' }).click();
  const dialog = page.getByRole('dialog', { name: `Refresh “${title}”` });
  await expect(dialog.getByRole('radio', { name: /Not at all/ })).toBeChecked();
  await dialog.getByRole('radio', { name: '24 hours' }).check();
  await dialog.getByRole('button', { name: 'Refresh' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Previous value stops working in 24 h')).toBeVisible();
  const newValue = await revealedValue(page, title);
  expect(newValue).not.toBe(oldValue);

  expect(await callWith(page, oldValue)).toBe('Status 200');
  expect(await callWith(page, newValue)).toBe('Status 200');

  await page.goto('/settings');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'End now' }).click();
  await page.getByRole('dialog', { name: 'End the grace window?' }).getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('article', { name: title }).getByText(/Previous value stops working/)).toHaveCount(0);
  expect(await callWith(page, oldValue)).toBe('Status 401');
  await expect(page.getByRole('alert')).toContainText('forbidden');
  expect(await callWith(page, newValue)).toBe('Status 200');
  expect(page.url()).not.toContain('acme_');
});

test('a new 7-day token is no reason for a reminder; a day later the shell reminds of it until dismissed for the day', async ({ page }) => {
  const title = `Short-lived ${Date.now()}`;
  await login(page, 'seller2');
  await createToken(page, { title, expiresIn: '7 days' });
  await expect(page.getByRole('article', { name: title }).getByText('Expires in 7 days')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Token expiry reminder' })).toHaveCount(0);
  expect(await (await page.request.get('/')).text()).not.toContain(`“${title}”`);

  // A day on (in the browser), the token has 6 days left and is due.
  await page.clock.install({ time: Date.now() + 24 * 3_600_000 });
  await page.goto('/');
  const reminder = page.getByRole('complementary', { name: 'Token expiry reminder' });
  await expect(reminder).toContainText(`“${title}” expires in 6 days`);
  await reminder.getByRole('link', { name: 'Review in Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await reminder.getByRole('button', { name: 'Dismiss for today' }).click();
  await expect(reminder).toHaveCount(0);
  await page.goto('/api-test');
  await expect(page.getByRole('heading', { name: 'API Test', level: 1 })).toBeVisible();
  await expect(reminder).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
  expect(stored).not.toContain('acme_');
});
