/** Tokens made as a user makes them, through the Settings screen's Create dialog, and used from there. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface NewToken {
  /** Unique by default, so a rerun against the same database never finds two. */
  title?: string;
  description?: string;
  /** An "Expires in" option, e.g. "7 days"; the dialog's default otherwise. */
  expiresIn?: string;
  /** Domain checkboxes, e.g. ["Orders"]; every domain otherwise. */
  domains?: string[];
}

/** Creates a token for the logged-in user through Settings and returns its title. */
export async function createToken(
  page: Page,
  { title = `Token ${Date.now()}`, description = 'Created by the end-to-end test', expiresIn, domains }: NewToken = {},
): Promise<string> {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Create New Token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Token' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  if (expiresIn) {
    await dialog.getByRole('combobox', { name: 'Expires in' }).click();
    await page.getByRole('option', { name: expiresIn, exact: true }).click();
  }
  if (domains) {
    await dialog.getByRole('radio', { name: 'Only the domains I choose' }).check();
    for (const domain of domains) await dialog.getByRole('checkbox', { name: domain }).check();
  }
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  return title;
}

/** The token's value, shown on its card in Settings and hidden again. */
export async function revealedValue(page: Page, title: string): Promise<string> {
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Show token' }).click();
  const value = ((await card.getByLabel('Token value', { exact: true }).textContent()) ?? '').trim();
  await card.getByRole('button', { name: 'Hide token' }).click();
  expect(value).toMatch(/^acme_s_/);
  return value;
}

/** Picks a token by title in the API tester's or a reference page's token menu. */
export async function pickToken(page: Page, title: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Your tokens' }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
}
