/**
 * The reference keeps the reader's place. Off-screen operations are laid out at an estimated height until
 * the reader nears them (content-visibility); when they take their real height, the browser's scroll
 * anchoring must keep what is on screen still: after a deep link, with and without the app, and while
 * the reader scrolls back up from the end of a long page.
 */
import type { Page } from '@playwright/test';
import { expect, login, signIn, test } from './support/fixtures';

const TARGET = 'getSellerReturnOrder';
const DEEP_LINK = `/documentation?category=seller&subcategory=order#${TARGET}`;

async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { cls: 0 };
    (window as unknown as { shifts: typeof state }).shifts = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) state.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Waits for `count` frames: long enough for content-visibility to render what neared the screen. */
const frames = (page: Page, count: number) =>
  page.evaluate(async (total) => {
    for (let done = 0; done < total; done += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);

/**
 * How far the target is from where a deep link puts it (its scroll-margin-top below the top of the
 * window), and how much the page has shifted since it started loading.
 */
const landing = (page: Page) =>
  page.evaluate((id) => {
    const target = document.getElementById(id);
    const top = target === null ? Number.NaN : target.getBoundingClientRect().top - parseFloat(getComputedStyle(target).scrollMarginTop);
    return { offset: Math.round(top), cls: (window as unknown as { shifts: { cls: number } }).shifts.cls };
  }, TARGET);

/** Whether the operation above the target has rendered its content (content-visibility no longer skips it). */
const aboveTargetRendered = (page: Page) =>
  page.evaluate((id) => {
    const content = document.getElementById(id)?.previousElementSibling?.firstElementChild;
    return content instanceof HTMLElement && content.checkVisibility({ contentVisibilityAuto: true });
  }, TARGET);

test.describe('the reference keeps the reader’s place', () => {
  // One column with the sidebar, two columns (code beside the fields), and a phone without the sidebar.
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`a deep link lands on its operation and stays there while the app starts (${viewport.width}x${viewport.height})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await login(page);
      await recordLayoutShifts(page);
      await page.goto(DEEP_LINK);
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      // The app follows its target for about a second of frames (use-hash-target.ts): wait that out.
      await frames(page, 90);
      const { offset, cls } = await landing(page);
      expect(Math.abs(offset)).toBeLessThanOrEqual(2);
      expect(cls).toBeLessThan(0.01);
    });
  }

  test('a deep link lands before the app has loaded, and the app then starts on the whole page', async ({ page, baseURL }) => {
    await signIn(page.request, baseURL ?? '');
    await recordLayoutShifts(page);
    // The app's entry is held back: the page must not wait for it to bring the target on screen.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(DEEP_LINK, { waitUntil: 'commit' });
    await expect(page.locator(`#${TARGET}`)).toBeInViewport();
    await frames(page, 10);
    expect(Math.abs((await landing(page)).offset)).toBeLessThanOrEqual(2);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await frames(page, 90);
    const { offset, cls } = await landing(page);
    expect(Math.abs(offset)).toBeLessThanOrEqual(2);
    expect(cls).toBeLessThan(0.01);
  });

  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test('a deep link lands on its operation and stays there', async ({ page, baseURL }) => {
      await signIn(page.request, baseURL ?? '');
      await recordLayoutShifts(page);
      await page.goto(DEEP_LINK);
      await expect(page.locator(`#${TARGET}`)).toBeInViewport();
      // No script runs, so the page's own frames cannot be awaited. What could still move the target is the
      // operation above it taking its real height once it nears the screen: wait until it has rendered.
      await expect.poll(() => aboveTargetRendered(page)).toBe(true);
      const { offset, cls } = await landing(page);
      expect(Math.abs(offset)).toBeLessThanOrEqual(2);
      expect(cls).toBeLessThan(0.01);
    });
  });

  test('scrolling back up from the end of a long page never jumps', async ({ page }) => {
    await login(page);
    await page.goto('/documentation?category=seller&subcategory=order');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    // Straight to the end, as the End key or a search result does: the operations above keep their estimate.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await frames(page, 3);
    const walk = await page.evaluate(async () => {
      const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const operations = [...document.querySelectorAll('section[data-operation-id]')];
      const heights = () => operations.map((operation) => Math.round(operation.getBoundingClientRect().height));
      const before = heights();
      const jumps: number[] = [];
      for (let step = 0; step < 200 && window.scrollY > 0; step += 1) {
        // The first operation still on screen below the top bar: it must move by exactly the scrolled distance.
        const reference = operations.find((operation) => operation.getBoundingClientRect().bottom > 100);
        if (reference === undefined) break;
        const top = reference.getBoundingClientRect().top;
        const distance = Math.min(300, window.scrollY);
        window.scrollBy({ top: -distance, behavior: 'instant' });
        for (let wait = 0; wait < 3; wait += 1) await nextFrame();
        const moved = Math.round(reference.getBoundingClientRect().top - top);
        if (Math.abs(moved - distance) > 1) jumps.push(moved - distance);
      }
      return { jumps, resized: heights().filter((height, index) => height !== before[index]).length };
    });
    // The walk met operations taking their real height on the way up, and none of them moved the page.
    expect(walk.resized).toBeGreaterThan(0);
    expect(walk.jumps).toEqual([]);
  });
});
