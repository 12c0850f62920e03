/**
 * "Try it" in place on a reference page rendered at build time, against the real server: no script of the
 * panel before the first "Try it", then the operation's fields, the user's token, Send, the answer (beside
 * the samples on a wide screen, under the form on a phone, scrolled into view), the call in "Your recent
 * calls" and from there API Test. Screenshots at 1440 and 390 px, light and dark, go to test-results/try-it/.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { ReferencePage } from '../../src/shared/portal-data/reference-page';
import { expect, seriousViolations, signIn, test } from './support/fixtures';

// axe is injected as an inline script, which the app's Content-Security-Policy rightly forbids.
test.use({ bypassCSP: true });

const PAGE = '/documentation?category=seller&subcategory=warehouse';
const OPERATION = 'listSellerWarehouses';
const summary = (JSON.parse(readFileSync('src/generated/reference/seller-warehouse.json', 'utf8')) as ReferencePage).operations.find(
  (operation) => operation.operationId === OPERATION,
)?.summary;
if (!summary) throw new Error(`${OPERATION} is not on the Seller warehouse page`);

/** The panel's own chunk (src/web/app/try-it/try-it-panel.tsx). */
const PANEL_CHUNK = /\/assets\/try-it-panel-[\w-]+\.js$/;

/** Signs in, makes a token of its own through the server and opens the page as the server renders it. */
async function openPage(page: Page, baseURL: string): Promise<{ title: string; scripts: string[] }> {
  await signIn(page.request, baseURL);
  const title = `Try it e2e ${Date.now()}`;
  const created = await page.request.post('/api/auth/token', { data: { title, description: 'Token for Try it in place' }, headers: { origin: baseURL } });
  expect(created.status()).toBe(201);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(PAGE);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  return { title, scripts };
}

/** Opens the panel, picks the token, sets the page size and sends; returns the panel. */
async function send(page: Page, title: string, size: number) {
  const section = page.locator(`section#${OPERATION}`);
  const tryIt = section.getByRole('button', { name: 'Try it' });
  await tryIt.click();
  const panel = section.getByRole('region', { name: `Try ${summary}` });
  await expect(panel.getByRole('textbox', { name: 'Page' })).toBeFocused();
  await expect(panel.getByText(/Ctrl\+Enter|⌘\+Enter/)).toBeVisible();
  await panel.screenshot({ path: `test-results/try-it/panel-open-${page.viewportSize()?.width ?? 0}.png` });
  await panel.getByRole('combobox', { name: 'Your tokens' }).click();
  await page.getByRole('option', { name: new RegExp(`^${title}`) }).click();
  await panel.getByRole('textbox', { name: 'Size' }).fill(String(size));
  await panel.getByRole('button', { name: 'Send' }).click();
  const summaryGroup = panel.getByRole('group', { name: 'Response summary' });
  await expect(summaryGroup.getByText('Status 200')).toBeVisible();
  await expect(summaryGroup.getByText(/^Time \d/)).toBeVisible();
  await expect(summaryGroup.getByText(/^Size \d/)).toBeVisible();
  const body = panel.getByRole('region', { name: `Response of ${summary}` });
  await expect(body).toContainText(`"size": ${size}`);
  await expect(body).toBeInViewport();
  return { section, tryIt, panel, body };
}

test('Try it loads its code on first use, sends, lists the call and opens it in API Test', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { title, scripts } = await openPage(page, baseURL ?? '');
  expect(scripts.filter((path) => PANEL_CHUNK.test(path))).toEqual([]);
  // Before its first use, "Open in API Test" is there too, and no panel.
  const section = page.locator(`section#${OPERATION}`);
  await expect(section.getByRole('link', { name: 'Open in API Test' })).toHaveAttribute('href', `/api-test?operation=${OPERATION}`);

  // A size no other test uses, so the logged call found below is this one.
  const size = 11 + (Date.now() % 39);
  const { panel, tryIt } = await send(page, title, size);
  expect(scripts.filter((path) => PANEL_CHUNK.test(path))).toHaveLength(1);

  const call = panel.getByRole('region', { name: 'Your recent calls' }).locator(`a[href^="/api-test?operation=${OPERATION}&page=0&size=${size}&token="]`);
  await expect(call).toBeVisible({ timeout: 15_000 });
  await expect(call).toContainText('200');
  expect(await seriousViolations(page)).toEqual([]);

  // Escape closes the panel and gives the focus back to "Try it".
  await panel.getByRole('textbox', { name: 'Size' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(tryIt).toBeFocused();

  await tryIt.click();
  await panel.getByRole('region', { name: 'Your recent calls' }).locator(`a[href^="/api-test?operation=${OPERATION}&page=0&size=${size}&token="]`).click();
  // The call's token comes along by its id, never its value.
  await expect(page).toHaveURL(new RegExp(`/api-test\\?operation=${OPERATION}&page=0&size=${size}&token=\\d+$`));
  await expect(page.getByRole('textbox', { name: 'Size' })).toHaveValue(String(size));
});

for (const width of [1440, 390]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${width} px, ${colorScheme}`, () => {
      test.use({ colorScheme, viewport: { width, height: width > 1000 ? 900 : 844 } });

      test('the answer sits beside the samples on a wide screen and under the form on a phone, nothing scrolling sideways', async ({ page, baseURL }) => {
        const { title } = await openPage(page, baseURL ?? '');
        const { section, panel, body } = await send(page, title, 12);
        // All four boxes in one frame: the answer may still be scrolling into view (smoothly), and boxes
        // measured one by one would each see the page at a different scroll position.
        const elements = await Promise.all(
          [panel.getByRole('button', { name: 'Send' }), body, section.getByRole('tablist'), section.locator('table.params')].map((locator) =>
            locator.elementHandle(),
          ),
        );
        const [form, answer, samples, parameters] = await page.evaluate(
          (nodes) => nodes.map((node) => node?.getBoundingClientRect().toJSON() as DOMRect | undefined),
          elements,
        );
        if (!form || !answer || !samples || !parameters) throw new Error('the panel is not laid out');
        // Wide: in the samples' column, right of the reference; phone: one column, the answer below Send.
        if (width > 1000) expect(answer.x).toBeGreaterThan(parameters.x + parameters.width);
        expect(Math.abs(answer.x - samples.x)).toBeLessThan(40);
        expect(answer.y).toBeGreaterThan(form.y + form.height);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: `test-results/try-it/${width}-${colorScheme}.png` });
        // The call is listed with the page it asked for, so two calls of the operation are told apart.
        const recent = panel.getByRole('region', { name: 'Your recent calls' });
        await expect(recent.locator(`a[href*="size=12&"]`).first()).toContainText('page 0', { timeout: 15_000 });
        await recent.scrollIntoViewIfNeeded();
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: `test-results/try-it/recent-calls-${width}-${colorScheme}.png` });
      });
    });
  }
}

test.describe('touch screens', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('show no Ctrl+Enter hint beside Send', async ({ page, baseURL }) => {
    await openPage(page, baseURL ?? '');
    const section = page.locator(`section#${OPERATION}`);
    await section.getByRole('button', { name: 'Try it' }).tap();
    const panel = section.getByRole('region', { name: `Try ${summary}` });
    await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(panel.getByText(/Ctrl\+Enter|⌘\+Enter/)).toBeHidden();
  });
});
