/**
 * What a new user meets first, at 1440 and 390 px in light and dark: the user's email in the top bar, the
 * Usage screen's status and operation filters on the chart, totals and table (a 304 stacked as 3xx, the
 * chart's first time label whole), Activity refusing a To before From on the field, the token form's
 * counters and its plain-words errors, and a token this browser's address may not use marked in API Test's
 * menu before it is chosen. Each screen is axe-clean and saved under SHOTS for a look.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO, expect, login, seriousViolations, test } from './support/fixtures';
import { createToken, revealedValue } from './support/tokens';

test.use({ bypassCSP: true });

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/first-use-edges';
mkdirSync(SHOTS, { recursive: true });

/** curl's status and headers for one call with the token (and any extra headers). */
function curl(page: Page, path: string, token: string, headers: string[] = []): { status: string; etag: string | undefined } {
  const origin = new URL(page.url()).origin;
  const out = execFileSync(
    'curl',
    ['-s', '-o', '/dev/null', '-D', '-', '-w', '%{http_code}', '-H', `ACME-API-TOKEN: ${token}`, ...headers.flatMap((h) => ['-H', h]), `${origin}${path}`],
    { encoding: 'utf8' },
  );
  return { status: out.slice(-3), etag: /^etag: (.+)\r$/im.exec(out)?.[1] };
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test.describe(`${width} px, ${colorScheme}`, () => {
      test.use({ colorScheme, viewport: { width, height: width === 390 ? 844 : 900 } });
      const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png` });

      test('the top bar shows the signed-in email, whole', async ({ page }) => {
        await login(page, 'warehouse');
        const email = page.getByRole('group', { name: 'Signed in user' }).getByText(DEMO.warehouse.email, { exact: true });
        await expect(email).toBeVisible();
        await shot(page, 'top-bar');
        // Not cut off: the text fits its box, and the box the screen.
        expect(await email.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        const box = await email.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('Usage: status and operation filter the chart, totals and table; a 304 is its own 3xx series', async ({ page }) => {
        await login(page, 'seller2');
        const title = await createToken(page, { title: `Filters ${width} ${colorScheme} ${Date.now()}` });
        const value = await revealedValue(page, title);
        await page.goto('/usage');
        const first = curl(page, '/api/v1/seller/warehouses?page=1&size=2', value);
        expect(first.status).toBe('200');
        expect(curl(page, '/api/v1/seller/warehouses?page=1&size=2', value, [`If-None-Match: ${first.etag}`]).status).toBe('304');
        expect(curl(page, '/api/v1/seller/products/99999999', value).status).toBe('404');

        await page.reload();
        await page.getByRole('combobox', { name: 'Token' }).click();
        await page.getByRole('option', { name: new RegExp(title) }).click();
        const totals = page.getByLabel('Totals for the range');
        const table = page.getByRole('table', { name: 'Calls per operation' });
        await expect(page.getByRole('figure', { name: /Requests over time: 3 calls/ })).toBeVisible();

        await page.getByRole('combobox', { name: 'Status' }).click();
        await page.getByRole('option', { name: '3xx' }).click();
        await expect(page.getByRole('figure', { name: /Requests over time: 1 call,/ })).toBeVisible();
        await expect(page.getByRole('figure').getByText('3xx', { exact: true })).toBeVisible();
        await expect(table.getByRole('row')).toHaveCount(2);
        await expect(table).toContainText('listSellerWarehouses');
        await expect(page.getByText('Latency is kept per operation, not per status: clear the Status filter to see it.')).toBeVisible();
        // The first time label under the chart is whole: it starts inside the chart.
        const figure = page.getByRole('figure', { name: /Requests over time/ });
        const figureBox = (await figure.boundingBox())!;
        const labels = await figure
          .locator('svg text')
          .evaluateAll((texts) => texts.map((text) => ({ text: text.textContent ?? '', ...text.getBoundingClientRect().toJSON() })));
        const xLabels = labels.filter((label) => /\d/.test(label.text) && label.y > figureBox.y + figureBox.height * 0.6).sort((a, b) => a.x - b.x);
        expect(xLabels.length).toBeGreaterThan(0);
        expect(xLabels[0]!.x).toBeGreaterThanOrEqual(figureBox.x);
        expect(xLabels[0]!.text).not.toMatch(/…|\.\.\.$/);
        await figure.scrollIntoViewIfNeeded();
        await shot(page, 'usage-3xx');
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByRole('combobox', { name: 'Status' }).click();
        await page.getByRole('option', { name: 'All statuses' }).click();
        await page.getByRole('combobox', { name: 'Operation' }).click();
        await page.getByRole('option', { name: 'getSellerProduct' }).click();
        await expect(page.getByRole('figure', { name: /Requests over time: 1 call,/ })).toBeVisible();
        await expect(totals).toContainText('100%');
        await expect(table.getByRole('row')).toHaveCount(2);
        await expect(table).toContainText('getSellerProduct');
        // The other operation is still offered.
        await page.getByRole('combobox', { name: 'Operation' }).click();
        await expect(page.getByRole('option', { name: 'listSellerWarehouses' })).toBeVisible();
        await page.keyboard.press('Escape');
      });

      test('Activity: a To before From is marked on the field and nothing is asked', async ({ page }) => {
        await login(page, 'seller');
        await page.goto('/activity');
        await expect(page.getByRole('table')).toBeVisible();
        const asked: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/portal/activity') asked.push(request.url());
        });
        const filters = page.getByRole('group', { name: 'Filters' });
        await filters.getByLabel('From').fill('2026-03-10');
        asked.length = 0;
        await filters.getByLabel('To').fill('2026-03-02');
        const to = filters.getByLabel('To');
        await expect(to).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText('To is before From: pick the same day or a later one.')).toBeVisible();
        await page.waitForTimeout(500);
        expect(asked).toEqual([]);
        await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
        await shot(page, 'activity-range');
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('Create token: counters as typed, too-long and bad addresses in plain words', async ({ page }) => {
        await login(page, 'seller');
        await page.goto('/settings');
        await page.getByRole('button', { name: 'Create New Token' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Create New Token' });
        await dialog.getByRole('textbox', { name: 'Title' }).fill('Shop sync');
        await expect(dialog.getByText('9/100')).toBeVisible();
        await dialog.getByRole('textbox', { name: 'Description' }).fill('x'.repeat(501));
        await expect(dialog.getByText('Too long: 501 characters, at most 500.')).toBeVisible();
        await expect(dialog.getByText('501/500')).toBeVisible();
        await dialog.getByRole('textbox', { name: 'IP allowlist' }).fill('10.0.0.300\n203.0.113.0/24\noffice');
        await dialog.getByRole('button', { name: 'Create' }).click();
        await expect(dialog.getByText('"10.0.0.300" is not an IP address or range.')).toBeVisible();
        await expect(dialog.getByText('"office" is not an IP address or range.')).toBeVisible();
        await expect(dialog).not.toContainText(/ipAllowlist|must NOT|body\//);
        await shot(page, 'create-token');
        expect(await seriousViolations(page)).toEqual([]);
      });

      test("API Test's token menu marks a token this browser's address may not use", async ({ page }) => {
        await login(page, 'seller');
        const title = `Elsewhere ${width} ${colorScheme} ${Date.now()}`;
        await page.goto('/settings');
        await page.getByRole('button', { name: 'Create New Token' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Create New Token' });
        await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
        await dialog.getByRole('textbox', { name: 'Description' }).fill('Used only from the data centre');
        await dialog.getByRole('textbox', { name: 'IP allowlist' }).fill('198.51.100.0/24');
        await dialog.getByRole('button', { name: 'Create' }).click();
        await expect(dialog).toBeHidden();
        await page.goto('/api-test?operation=listSellerWarehouses');
        await page.getByRole('combobox', { name: 'Your tokens' }).click();
        const option = page.getByRole('option', { name: new RegExp(title) });
        await expect(option).toContainText('Not from this address (127.0.0.1): calls answer 403');
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, 'token-menu');
        await page.keyboard.press('Escape');
      });
    });
  }
}
