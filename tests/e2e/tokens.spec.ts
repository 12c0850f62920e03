/** Token management against the real server: create, reveal, hide, copy, refresh, delete. */
import { expect, login, test } from './support/fixtures';

const MASK = '•'.repeat(24);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('create, reveal, hide, copy, refresh and delete a token', async ({ page }) => {
  const title = `E2E token ${Date.now()}`;
  await login(page);
  await page.goto('/settings');

  // Create: both fields are required, then it appears in the list.
  await page.getByRole('button', { name: 'Create New Token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Token' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await expect(dialog.getByText('Description is required.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Created by the end-to-end test');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Created by the end-to-end test')).toBeVisible();

  // Masked by default; reveal shows the real value, hide masks it again.
  await expect(card.getByText(MASK)).toBeVisible();
  await card.getByRole('button', { name: 'Show token' }).click();
  const value = (await card.getByLabel('Token value', { exact: true }).textContent()) ?? '';
  expect(value).toMatch(/^acme_s_/);
  await card.getByRole('button', { name: 'Hide token' }).click();
  await expect(card.getByText(MASK)).toBeVisible();
  await expect(card).not.toContainText(value);

  // Copy puts the real value on the clipboard.
  await card.getByRole('button', { name: 'Copy token' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);

  // Refresh asks first (the old value stops at once by default), then reloads the list with a new value.
  await card.getByRole('button', { name: 'Refresh' }).click();
  const refresh = page.getByRole('dialog', { name: `Refresh “${title}”` });
  await expect(refresh.getByRole('radio', { name: /Not at all/ })).toBeChecked();
  await refresh.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText(`Token “${title}” refreshed.`)).toBeVisible();
  await expect(card.getByText(MASK)).toBeVisible();
  await expect(card.getByText(/Previous value stops working/)).toHaveCount(0);
  await card.getByRole('button', { name: 'Show token' }).click();
  await expect(card.getByLabel('Token value', { exact: true })).toHaveText(/^acme_s_/);
  await expect(card.getByLabel('Token value', { exact: true })).not.toHaveText(value);

  // Delete asks first; Cancel keeps it, Delete removes it.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Are you sure you want to delete this token?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
});

test('the token value never reaches the URL, the title or localStorage', async ({ page }) => {
  const title = `Secret check ${Date.now()}`;
  await login(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Create New Token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Token' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('x');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Show token' }).click();
  const value = (await card.getByLabel('Token value', { exact: true }).textContent()) ?? '';
  expect(value.length).toBeGreaterThan(20);
  expect(page.url()).not.toContain(value);
  expect(await page.title()).not.toContain(value);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(value);
});
