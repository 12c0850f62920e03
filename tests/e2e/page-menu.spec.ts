/**
 * The reference page's menu for AI assistants in Chromium: Copy page puts the page's Markdown on the
 * clipboard, View as Markdown opens the .md address, and Open in ChatGPT / Claude are absent while the
 * reference is behind login. Screenshots of the open menu at 1440 and 390 px, light and dark.
 */
import { expect, login, test } from './support/fixtures';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('Copy page and View as Markdown', async ({ page, context }) => {
  await login(page);
  await page.goto('/documentation?category=seller&subcategory=order');
  const menuButton = page.getByRole('button', { name: 'Copy page, or open it as Markdown or in an assistant' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Copy page/ })).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'View as Markdown' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Open in ChatGPT' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Page copied as Markdown')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')[0]).toMatch(/^> The index of this documentation for AI assistants is http:\/\/127\.0\.0\.1:\d+\/llms\.txt$/);
  expect(copied).toContain('# Seller API · Order');

  await menuButton.click();
  const [opened] = await Promise.all([context.waitForEvent('page'), page.getByRole('menuitem', { name: 'View as Markdown' }).click()]);
  await opened.waitForLoadState();
  expect(new URL(opened.url()).pathname).toBe('/documentation/seller/order.md');
  expect(await opened.locator('body').innerText()).toContain('# Seller API · Order');
  await opened.close();
});

for (const width of [1440, 390]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the open menu at ${width} px, ${scheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await login(page);
      await page.goto('/documentation?category=seller&subcategory=order');
      await page.getByRole('button', { name: 'Copy page, or open it as Markdown or in an assistant' }).click();
      await expect(page.getByRole('menuitem', { name: 'View as Markdown' })).toBeVisible();
      // After the menu's enter transition.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `test-results/page-menu-${width}-${scheme}.png` });
    });
  }
}
