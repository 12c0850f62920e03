/**
 * API Test in a real browser where layout matters: on a phone (390 px) the response sits below the form,
 * so after Test API it is brought into view; the token menu is as wide as its field, not its content.
 */
import { expect, login, test } from './support/fixtures';
import { createToken, pickToken } from './support/tokens';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('after Test API the response status is on screen', async ({ page }) => {
    await login(page);
    const title = await createToken(page);
    await page.goto('/api-test?operation=listSellerNormalOrders&size=2');
    await pickToken(page, title);
    // Test API stays in reach at the bottom of the screen while the form runs past it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const run = page.getByRole('button', { name: 'Test API' });
    await expect(run).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Response' })).not.toBeInViewport();
    await run.click();
    await expect(page.getByRole('group', { name: 'Response summary' }).getByText('Status 200')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('heading', { name: 'Response' })).toBeInViewport({ ratio: 1 });
  });
});

test('the token menu is no wider than its field', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);
  await createToken(page, { title: `A token whose title is long enough to run past the width of the field it is chosen in ${Date.now()}` });
  await page.goto('/api-test?operation=listSellerWarehouses');
  const field = page.getByRole('combobox', { name: 'Your tokens' });
  // The outlined box around the select (its menu's anchor), measured before the menu hides the page from the accessibility tree.
  const fieldBox = await field.locator('xpath=..').boundingBox();
  await field.click();
  const menu = page.getByRole('listbox');
  await expect(menu).toBeVisible();
  const menuBox = await menu.locator('xpath=..').boundingBox();
  expect(fieldBox?.width).toBeGreaterThan(200);
  expect(Math.round(menuBox?.width ?? Infinity)).toBeLessThanOrEqual(Math.round(fieldBox?.width ?? 0));
});
