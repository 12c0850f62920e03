/**
 * The API explorer (/documentation/explorer): the whole public spec in Swagger UI, in the portal's light and
 * dark scheme, on a wide screen and a phone; Authorize and Execute call this server with the token entered.
 * Each variant leaves a screenshot of the executed call in test-results/explorer/ to look at.
 */
import { catalogue } from '../../src/generated/catalogue';
import { webhookEvents } from '../../src/generated/webhook-events';
import { expect, login, test } from './support/fixtures';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test.describe(`explorer, ${colorScheme}, ${viewport.width} px`, () => {
      test.use({ colorScheme, viewport: { width: viewport.width, height: viewport.height } });

      test('shows the whole public spec and executes a call with the token entered', async ({ page, baseURL }) => {
        await login(page);
        const created = await page.request.post('/api/auth/token', {
          data: { title: `Explorer ${colorScheme} ${viewport.width}`, description: 'Token for the explorer test' },
          headers: { origin: baseURL ?? '' },
        });
        const { data: token } = (await created.json()) as { data: { token: string } };

        await page.goto('/documentation/explorer');
        await expect(page.getByRole('heading', { level: 1, name: 'API explorer' })).toBeVisible();
        // The introduction's curl calls this portal, as the reference's code samples do.
        await expect(page.locator('.swagger-ui .info')).toContainText(`'${baseURL}/api/v1/seller/orders/normal?`);
        // Every operation, and every event of the spec's webhooks section, which Swagger UI draws as one too.
        await expect(page.locator('.swagger-ui .opblock')).toHaveCount(catalogue.operations.length + webhookEvents.length, { timeout: 30_000 });
        // Swagger UI's own dark mode follows the portal's scheme.
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))).toBe(colorScheme === 'dark');

        await page.getByRole('button', { name: 'Authorize' }).first().click();
        await page.locator('.auth-container input').fill(token.token);
        // Swagger UI names its modal buttons "Apply credentials" and "Close".
        await page.locator('.auth-btn-wrapper button[type="submit"]').click();
        await page.locator('.auth-btn-wrapper .btn-done').click();

        const operation = page.locator('#operations-Seller_warehouse-listSellerWarehouses');
        await operation.locator('.opblock-summary').click();
        // The explorer opens operations ready to try (tryItOutEnabled): Execute is there at once.
        const request = page.waitForRequest((r) => r.url().startsWith(`${baseURL}/api/v1/seller/warehouses`));
        await operation.getByRole('button', { name: 'Execute' }).click();
        expect((await request).headers()['acme-api-token']).toBe(token.token);
        const status = operation.locator('.live-responses-table tbody .response-col_status').first();
        await expect(status).toHaveText('200');

        // On a phone Copy and Download sit below the answer, not over its last lines.
        if (viewport.name === 'phone') {
          const answer = operation.locator('.live-responses-table .response-col_description .highlight-code').first();
          const code = await answer.locator('.microlight').boundingBox();
          for (const button of [answer.locator('.copy-to-clipboard'), answer.getByRole('button', { name: 'Download' })]) {
            const box = await button.boundingBox();
            if (!code || !box) throw new Error('the answer is not laid out');
            expect(box.y).toBeGreaterThanOrEqual(code.y + code.height);
          }
        }

        // Nothing wider than the screen, on a phone too.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        // The executed request and its status at the top of the screenshot, below the top bar.
        await operation.locator('.responses-inner').evaluate((element) => {
          element.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -72);
        });
        await page.screenshot({ path: `test-results/explorer/explorer-${colorScheme}-${viewport.width}.png` });
      });
    });
  }
}
