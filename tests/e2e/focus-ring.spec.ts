/**
 * Keyboard focus is plainly visible (WCAG 2.4.7): buttons, icon buttons, toggle buttons, tabs, the
 * sidebar's list items and links reached with Tab draw a solid 2 px outline, in light and dark; and the
 * button that opened a dialog keeps no focus ripple lit behind it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, login, test } from './support/fixtures';

/** Moves focus onto `target` with the keyboard (Shift+Tab away, Tab back), as a keyboard user gets there. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

async function outlineOf(target: Locator): Promise<{ style: string; width: number; color: string }> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
  });
}

const CHECKS: { what: string; path: string; target: (page: Page) => Locator }[] = [
  { what: 'button', path: '/settings', target: (page) => page.getByRole('button', { name: 'Create New Token' }).first() },
  { what: 'icon button', path: '/settings', target: (page) => page.getByRole('button', { name: /^Switch to (dark|light) mode$/ }) },
  { what: 'toggle button', path: '/usage', target: (page) => page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '7 days' }) },
  { what: 'list item', path: '/usage', target: (page) => page.getByRole('navigation').getByRole('link', { name: 'API Test' }) },
  {
    what: 'tab',
    path: '/documentation?category=seller&subcategory=order',
    target: (page) => page.getByRole('tablist', { name: 'Code sample language for listSellerNormalOrders' }).getByRole('tab', { selected: true }),
  },
  { what: 'link', path: '/documentation?category=seller&subcategory=order', target: (page) => page.getByRole('main').getByRole('link').first() },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(colorScheme, () => {
    test.use({ colorScheme });

    test('every kind of control shows a solid outline when reached with Tab', async ({ page }) => {
      await login(page);
      for (const check of CHECKS) {
        if (new URL(page.url()).pathname + new URL(page.url()).search !== check.path) await page.goto(check.path);
        const target = check.target(page);
        await expect(target).toBeVisible();
        await tabTo(page, target);
        const outline = await outlineOf(target);
        expect(outline.style, `${check.what}: outline style`).not.toBe('none');
        expect(outline.width, `${check.what}: outline width`).toBeGreaterThanOrEqual(2);
        expect(outline.color, `${check.what}: outline colour`).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
      }
    });
  });
}

test('the button that opened a dialog keeps no focus ripple lit, behind the dialog or after it closes', async ({ page }) => {
  await login(page);
  await page.goto('/settings');
  const opener = page.getByRole('button', { name: 'Create New Token' }).first();
  await tabTo(page, opener);
  // The dialog hides the page from the accessibility tree: hold on to the element itself.
  const handle = await opener.elementHandle();
  const pulsingRipples = () => handle?.evaluate((element) => element.querySelectorAll('.MuiTouchRipple-ripplePulsate').length);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create New Token' });
  await expect(dialog).toBeVisible();
  expect(await pulsingRipples()).toBe(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await pulsingRipples()).toBe(0);
  expect((await outlineOf(opener)).style).not.toBe('none');
});
