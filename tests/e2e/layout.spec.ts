/**
 * Layout on a phone, in dark mode and from the keyboard, in the real browser: nothing scrolls sideways at
 * 390 px on any screen (light and dark), inline code stays inline, the chosen toggle looks chosen, keyboard
 * hints hide on touch screens, every choice uses the theme's select, and the keyboard reaches the content.
 */
import type { Page } from '@playwright/test';
import { expect, login, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };

/** A token of the logged-in user, made through the portal's own API. */
async function createToken(page: Page, baseURL: string | undefined, title: string): Promise<void> {
  const created = await page.request.post('/api/auth/token', { data: { title, description: 'Layout check' }, headers: { origin: baseURL ?? '' } });
  expect(created.status()).toBe(201);
}

async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/**
 * Nothing in the page content ends past the right edge either, where a parent may clip it instead of
 * scrolling (long inline examples); code blocks and tables that scroll inside themselves are fine.
 */
async function expectNothingPastTheEdge(page: Page, screen: string): Promise<void> {
  const past = await page.evaluate(async () => {
    // Off-screen operations skip layout (content-visibility): scroll through so every one is laid out.
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      // A frame lets the newly visible part lay out; the timer bounds the wait when a busy machine's headless
      // Chromium stops producing frames (once it left this loop hanging past the test's 2 minutes).
      await new Promise((resolve) => {
        requestAnimationFrame(resolve);
        setTimeout(resolve, 100);
      });
    }
    const edge = document.documentElement.clientWidth;
    return [...document.querySelectorAll('main *')]
      .filter((element) => !element.closest('pre, .table-scroll, [role="region"]') && element.getBoundingClientRect().right > edge + 1)
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 60) ?? ''}`);
  });
  expect(past, `${screen}: content past the right edge`).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`390 px, ${colorScheme}`, () => {
    test.use({ viewport: PHONE, colorScheme });

    test('nothing on any screen scrolls sideways', async ({ page, baseURL }) => {
      await page.goto('/login');
      await expect(page.getByLabel('Email')).toBeVisible();
      await expectNoSidewaysScroll(page, 'login');

      await login(page);
      const title = `Phone ${colorScheme} ${Date.now()} with a rather long title for a token`;
      await createToken(page, baseURL, title);

      for (const path of ['/', '/documentation?category=authentication&subcategory=overview', '/documentation?category=warehouse&subcategory=inventory']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page, path);
        await expectNothingPastTheEdge(page, path);
      }

      // A page with its token picked into the samples: the select and its reveal button stay on screen.
      await page.goto('/documentation?category=seller&subcategory=order');
      const section = page.locator('section#listSellerNormalOrders');
      await section.getByRole('button', { name: 'Use my token' }).click();
      await section.getByRole('combobox', { name: 'Token' }).click();
      await page.getByRole('option', { name: new RegExp(`^${title} · `) }).click();
      const reveal = section.getByRole('button', { name: 'Show token' });
      await expect(reveal).toBeInViewport({ ratio: 1 });
      const select = await section.getByRole('combobox', { name: 'Token' }).boundingBox();
      const button = await reveal.boundingBox();
      // The reveal button sits beside the select, not on a line of its own.
      expect(Math.abs((select?.y ?? 0) + (select?.height ?? 0) / 2 - ((button?.y ?? 0) + (button?.height ?? 0) / 2))).toBeLessThan(12);
      await expectNoSidewaysScroll(page, 'documentation with a token picked');
      await expectNothingPastTheEdge(page, 'documentation with a token picked');

      await page.goto('/documentation/explorer');
      await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 20_000 });
      await page.locator('.swagger-ui .opblock-summary').first().click();
      await expect(page.getByRole('button', { name: 'Execute' }).first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'explorer');

      await page.goto('/api-test?operation=listSellerNormalOrders');
      await page.getByRole('combobox', { name: 'Your tokens' }).click();
      await page.getByRole('option', { name: new RegExp(`^${title}`) }).click();
      await page.getByRole('button', { name: 'Test API' }).click();
      await expect(page.getByRole('group', { name: 'Response summary' }).getByText('Status 200')).toBeVisible();
      await expectNoSidewaysScroll(page, 'API Test with a response');
      await expectNothingPastTheEdge(page, 'API Test with a response');

      await page.goto('/settings');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'Settings with tokens');
      await expectNothingPastTheEdge(page, 'Settings with tokens');

      await page.goto('/no-such-screen');
      await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, 'not found');
    });
  });
}

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the chosen option of a toggle group is the one that looks chosen', async ({ page }) => {
    await login(page);
    await page.goto('/api-test?operation=listSellerReturnOrders');
    for (const [chosen, other] of [
      ['Seller API', 'Warehouse API'],
      ['Return', 'Normal'],
      ['Get List', 'Get Detail'],
    ] as const) {
      const style = (name: string) =>
        page.getByRole('button', { name, exact: true }).evaluate((element) => {
          const computed = getComputedStyle(element);
          return { weight: Number(computed.fontWeight), background: computed.backgroundColor, pressed: element.getAttribute('aria-pressed') };
        });
      const on = await style(chosen);
      const off = await style(other);
      expect(on.pressed).toBe('true');
      expect(off.pressed).toBe('false');
      expect(on.weight, `${chosen} is bolder than ${other}`).toBeGreaterThan(off.weight);
      // Filled with the primary colour: fully opaque, unlike the unchosen option's transparent background.
      expect(on.background).toMatch(/^rgb\(/);
      expect(off.background).toBe('rgba(0, 0, 0, 0)');
    }
  });

  test('the explorer follows the dark scheme', async ({ page }) => {
    await login(page);
    await page.goto('/documentation/explorer');
    await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 20_000 });
    const colours = await page.locator('.swagger-ui .info .title').evaluate((title) => {
      let element: Element | null = title;
      let background = 'rgba(0, 0, 0, 0)';
      while (element && background === 'rgba(0, 0, 0, 0)') {
        background = getComputedStyle(element).backgroundColor;
        element = element.parentElement;
      }
      return { text: getComputedStyle(title).color, background };
    });
    const luminance = (rgb: string) => {
      const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    expect(luminance(colours.background), 'a dark panel').toBeLessThan(60);
    expect(luminance(colours.text), 'light text').toBeGreaterThan(180);
  });
});

test('the errors list keeps inline code inside its sentence', async ({ page }) => {
  await login(page);
  await page.goto('/documentation?category=seller&subcategory=order');
  const row = page.locator('[id="listSellerNormalOrders.429"]');
  const status = await row.getByText('429', { exact: true }).boundingBox();
  const code = await row.getByText('Retry-After', { exact: true }).boundingBox();
  const sentence = await row.getByText(/^Too many requests\. Wait for Retry-After seconds\.$/).boundingBox();
  // One paragraph: it starts on the status badge's line, and the code sits on that same first line.
  expect(Math.abs((code?.y ?? 0) - (status?.y ?? 0))).toBeLessThan(12);
  expect(sentence?.height ?? 0).toBeLessThan(30);
});

test('choices use the theme’s select, not the browser’s own', async ({ page, baseURL }) => {
  await login(page);
  await createToken(page, baseURL, `Select ${Date.now()}`);
  await page.goto('/documentation?category=seller&subcategory=order');
  await page.locator('section#listSellerNormalOrders').getByRole('button', { name: 'Use my token' }).click();
  await expect(page.locator('section#listSellerNormalOrders').getByRole('combobox', { name: 'Token' })).toBeVisible();
  await expect(page.locator('select')).toHaveCount(0);
});

test.describe('touch screens', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('show no keyboard hints', async ({ page }) => {
    await login(page);
    await page.goto('/documentation?category=seller&subcategory=order');
    const search = page.getByRole('main').getByRole('button', { name: 'Search' });
    await expect(search).toBeVisible();
    await expect(search).toHaveText('Search', { useInnerText: true });
    await search.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByText('Esc to close')).toBeHidden();
  });
});

test('with a keyboard, the hints show', async ({ page }) => {
  await login(page);
  await page.goto('/documentation?category=seller&subcategory=order');
  await expect(page.getByRole('main').getByRole('button', { name: 'Search' })).toContainText(/Ctrl K|⌘K/);
});

test.describe('keyboard', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the first Tab stop skips to the content', async ({ page }) => {
    await login(page);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
    // The heading shows before the token and session lists load; until one has, <main> holds nothing to Tab to.
    await expect(page.getByRole('button', { name: 'Create New Token' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
  });

  test('Test API stays on screen at 1440 x 900 with the longest form', async ({ page }) => {
    await login(page);
    await page.goto('/api-test?operation=listSellerNormalOrders');
    await expect(page.getByRole('heading', { name: 'API Test', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Test API' })).toBeInViewport({ ratio: 1 });
    await page.getByLabel('API token', { exact: true }).fill('acme_s_wrong');
    await page.getByRole('button', { name: 'Test API' }).click();
    await expect(page.getByRole('note')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Test API' })).toBeInViewport({ ratio: 1 });
  });
});
