/** Tokens for the API Test specs: created through the Settings screen, then picked by title in the tester. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Creates a token for the logged-in user through the Settings screen and returns its title. */
export async function createToken(page: Page, purpose = 'For the API tester tests'): Promise<string> {
  const title = `Tester ${Date.now()}`;
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Create New Token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Token' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(purpose);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  return title;
}

export async function pickToken(page: Page, title: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Your tokens' }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
}
