/**
 * Layout details at 1440 and 390 px in both schemes: the top bar's search button on every screen and a
 * field's schema in full in its search result; the tester's 304 row keeping its copy button beside a chip;
 * addresses on the text baseline (sessions, the activity table); the create-token dialog's domains in equal
 * columns. Screenshots go to test-results/small-layouts/ to look at; axe stays clean on each.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, login, seriousViolations, test } from './support/fixtures';

// axe is injected as an inline script, which the app's Content-Security-Policy rightly forbids.
test.use({ bypassCSP: true });

/** Where the first line of text inside `locator` sits: the top of an empty inline-block put before it. */
function firstBaseline(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, { acceptNode: (node) => (node.textContent?.trim() ? 1 : 3) });
    const text = walker.nextNode();
    if (!text?.parentNode) throw new Error('no text');
    const probe = document.createElement('span');
    probe.style.cssText = 'display:inline-block;width:0;height:0';
    text.parentNode.insertBefore(probe, text);
    const top = probe.getBoundingClientRect().top;
    probe.remove();
    return top;
  });
}

/** Whether `word` is drawn whole inside `root`: no ancestor that clips it (overflow hidden) cuts it off. */
function drawnWhole(root: Locator, word: string): Promise<boolean> {
  return root.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const box = range.getBoundingClientRect();
      if (box.width === 0) return false;
      for (let parent = node.parentElement; parent && parent !== element.parentElement; parent = parent.parentElement) {
        // A box that clips: `display: contents` draws no box of its own, so it clips nothing.
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' || style.display === 'contents') continue;
        const clip = parent.getBoundingClientRect();
        if (box.right > clip.right + 0.5 || box.left < clip.left - 0.5) return false;
      }
      return true;
    }
    return false;
  }, word);
}

async function newToken(page: Page, baseURL: string, title: string): Promise<string> {
  const created = await page.request.post('/api/auth/token', { data: { title, description: 'Token for the layout test' }, headers: { origin: baseURL } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { token: string } }).data.token;
}

for (const width of [1440, 390]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${width} px, ${colorScheme}`, () => {
      test.use({ colorScheme, viewport: { width, height: width > 1000 ? 900 : 844 } });
      const shot = (name: string) => `test-results/small-layouts/${name}-${width}-${colorScheme}.png`;

      test('the top bar opens the search on every screen, and a field’s result names its schema in full', async ({ page }) => {
        await login(page);
        const input = page.getByRole('combobox', { name: 'Search operations, schemas and fields' });
        const searchButton = page.getByRole('banner').getByRole('button', { name: 'Search the documentation' });
        for (const path of ['/settings', '/api-test', '/activity', '/usage', '/documentation?category=seller&subcategory=order']) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await searchButton.click();
          await expect(input, path).toBeFocused();
          await page.keyboard.press('Escape');
          await expect(input).toBeHidden();
          await expect(searchButton).toBeFocused();
        }
        await searchButton.click();
        await page.keyboard.type('returnReason');
        const option = page.getByRole('option').filter({ hasText: 'Seller API' }).first();
        await expect(option).toContainText('ReturnOrder');
        expect(await drawnWhole(option, 'ReturnOrder')).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: shot('search') });
      });

      test('a 304 keeps the copy button on a line with the chips', async ({ page, baseURL }) => {
        await login(page);
        const token = await newToken(page, baseURL ?? '', `Layout 304 ${width} ${colorScheme}`);
        await page.goto('/api-test?operation=listSellerNormalOrders&size=2');
        await page.getByLabel('API token', { exact: true }).fill(token);
        const run = page.getByRole('button', { name: 'Test API' });
        const summary = page.getByRole('group', { name: 'Response summary' });
        await run.click();
        await expect(summary.getByText('Status 200')).toBeVisible();
        await run.click();
        await expect(summary.getByText('Unchanged since last call')).toBeVisible();
        // Both boxes in one frame: the answer may still be scrolling into view (smoothly).
        const handles = await Promise.all([summary.getByRole('button', { name: 'Copy response' }), summary.getByText(/^Size /)].map((l) => l.elementHandle()));
        const [copy, size] = await page.evaluate((nodes) => nodes.map((node) => node?.getBoundingClientRect().toJSON() as DOMRect | undefined), handles);
        if (!copy || !size) throw new Error('the summary is not laid out');
        // On the Size chip's line: its middle within the chip's height.
        expect(Math.abs(copy.y + copy.height / 2 - (size.y + size.height / 2))).toBeLessThan(size.height / 2);
        expect(await seriousViolations(page)).toEqual([]);
        await summary.scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot('tester-304') });
      });

      test('addresses sit on the text baseline in the sessions list and the activity table', async ({ page }) => {
        await login(page);
        await page.goto('/settings');
        const session = page.getByRole('listitem', { name: /\(this session\)$/ });
        const name = session.getByText('IP address', { exact: true });
        const address = name.locator('xpath=following-sibling::dd[1]');
        await expect(address).toHaveText(/\d|:/);
        expect(Math.abs((await firstBaseline(address)) - (await firstBaseline(name)))).toBeLessThan(0.5);
        await session.scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot('sessions') });

        await page.goto('/activity');
        const row = page.getByRole('row').filter({ hasText: 'Signed in' }).first();
        await expect(row).toBeVisible();
        // A wide screen draws a table; a phone a list whose names and values already share a baseline.
        if (width > 1000) {
          const cells = row.getByRole('cell');
          const [time, ip] = [
            cells.first(),
            row
              .getByRole('cell')
              .filter({ hasText: /^\s*[\d.:a-f]+\s*$/ })
              .first(),
          ];
          expect(Math.abs((await firstBaseline(ip)) - (await firstBaseline(time)))).toBeLessThan(0.5);
        }
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: shot('activity') });
      });

      test('the create-token dialog sets its domain boxes in equal columns', async ({ page }) => {
        await login(page);
        await page.goto('/settings');
        await page.getByRole('button', { name: 'Create New Token' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Create New Token' });
        await dialog.getByRole('radio', { name: 'Only the domains I choose' }).check();
        const boxes = dialog.getByRole('group', { name: 'Domains' }).getByRole('checkbox');
        await expect(boxes.first()).toBeVisible();
        const places = await boxes.evaluateAll((all) => all.map((box) => box.getBoundingClientRect()).map(({ left, top }) => ({ left, top })));
        const firstRow = places.filter((place) => Math.abs(place.top - (places[0]?.top ?? 0)) < 2).map((place) => place.left);
        expect(firstRow.length, 'columns').toBeGreaterThanOrEqual(2);
        for (const place of places) expect(firstRow.some((left) => Math.abs(left - place.left) < 1)).toBe(true);
        const gaps = firstRow.slice(1).map((left, index) => left - (firstRow[index] ?? 0));
        for (const gap of gaps) expect(Math.abs(gap - (gaps[0] ?? 0))).toBeLessThan(1);
        expect(await seriousViolations(page)).toEqual([]);
        await dialog.getByRole('group', { name: 'Domains' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot('token-domains') });
      });
    });
  }
}
