/** axe on every screen: no serious or critical violation, in light and in dark. */
import type { Page } from '@playwright/test';
import { brand } from '../../src/generated/brand';
import { screenList, screenTitle, screenUrl, type NamedScreen, type ScreenName } from '../../src/shared/portal-data/screens';
import { expect, login, seriousViolations, test } from './support/fixtures';

// axe is injected as an inline script, which the app's Content-Security-Policy rightly forbids.
test.use({ bypassCSP: true });

// Swagger UI draws with its own stylesheet, some of whose colours fall short of AA contrast; axe checks the portal's part.
const notOurs: Partial<Record<ScreenName, string[]>> = { explorer: ['.swagger-ui'] };

/** Opens a screen of the table and checks it as it first shows: its heading, its title, axe. */
async function checkScreen(page: Page, screen: NamedScreen): Promise<void> {
  await page.goto(screenUrl(screen));
  await expect(page.getByRole('heading', { level: 1 }), screen.name).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (screen.title) await expect(page).toHaveTitle(screenTitle(screen.title, brand.name));
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page, notOurs[screen.name]), screen.name).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('every screen of the table, as it opens', async ({ page }) => {
      for (const screen of screenList.filter((entry) => entry.outsideShell)) await checkScreen(page, screen);
      await login(page);
      for (const screen of screenList.filter((entry) => !entry.outsideShell)) await checkScreen(page, screen);
    });

    test('login and its failure toast', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByLabel('Email')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByText('Enter your email.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('documentation pages', async ({ page }) => {
      await login(page);
      // An events page too: its outlined EVENT chips, payload trees and receiver samples.
      for (const path of [
        '/',
        '/documentation?category=authentication&subcategory=overview',
        '/documentation?category=warehouse&subcategory=order',
        '/documentation?category=seller&subcategory=events',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });

    test('API Test with validation and a response', async ({ page }) => {
      await login(page);
      await page.goto('/api-test?operation=getSellerProduct');
      await page.getByRole('button', { name: 'Test API' }).click();
      // With no token of its own the form asks for one; with exactly one it is preselected and the ID is asked for.
      await expect(page.getByText(/^(API token is required\.|ID is required for detail view\.)$/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('API token', { exact: true }).fill('acme_s_wrong');
      await page.getByLabel('ID', { exact: true }).fill('1');
      await page.getByRole('button', { name: 'Test API' }).click();
      await expect(page.getByRole('note')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('Settings, its modal and its confirmation', async ({ page }) => {
      await login(page);
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Create New Token' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create New Token' });
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText('Title is required.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('textbox', { name: 'Title' }).fill(`A11y ${colorScheme} ${Date.now()}`);
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Accessibility check');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog).toBeHidden();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('article').first().getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Are you sure you want to delete this token?')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('token access, refresh confirmation, grace window and expiry reminder', async ({ page }) => {
      await login(page, 'seller2');
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Create New Token' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create New Token' });
      const title = `A11y reminder ${colorScheme} ${Date.now()}`;
      await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Expires within a week');
      await dialog.getByRole('combobox', { name: 'Expires in' }).click();
      await page.getByRole('option', { name: '7 days', exact: true }).click();
      await dialog.getByRole('radio', { name: 'Only the domains I choose' }).check();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText('Choose at least one domain.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('checkbox', { name: 'Orders' }).check();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog).toBeHidden();
      const card = page.getByRole('article', { name: title });
      await card.getByRole('button', { name: 'Refresh' }).click();
      const refresh = page.getByRole('dialog', { name: `Refresh “${title}”` });
      await refresh.getByRole('radio', { name: '1 hour' }).check();
      expect(await seriousViolations(page)).toEqual([]);
      await refresh.getByRole('button', { name: 'Refresh' }).click();
      await expect(card.getByRole('button', { name: 'End now' })).toBeVisible();
      // A new 7-day token is no reason for the reminder; a day on (in the browser), it has 6 days left and is.
      await page.clock.install({ time: Date.now() + 24 * 3_600_000 });
      await page.goto('/api-test?operation=listSellerProducts');
      await expect(page.getByRole('complementary', { name: 'Token expiry reminder' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Your tokens' }).click();
      await page.getByRole('option', { name: new RegExp(title) }).click();
      await page.getByRole('button', { name: 'Test API' }).click();
      await expect(page.getByRole('note')).toContainText('does not include products');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('not found and the narrow-screen drawer', async ({ page }) => {
      await login(page);
      await page.goto('/nowhere');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
