/**
 * Token environments and the sandbox reset in Chromium. On the suite's server (no UPSTREAM_API_URL) the
 * create modal offers no environment and every new token is a sandbox token; Reset sandbox asks first, then
 * says it is done. On a second server that reaches a provider's API (UPSTREAM_API_URL, never called here:
 * creating a live token needs no upstream), the modal offers Sandbox and Live and the card says which.
 */
import { startServer, type RunningServer } from '../../scripts/lib/start-server';
import { expect, login, test } from './support/fixtures';
import { OWN_SERVER_PORT } from './support/suite-servers';

const PORT = OWN_SERVER_PORT + 4;
const LIVE_BASE = `http://127.0.0.1:${PORT}`;

test.describe('without live tokens', () => {
  test('the create modal offers no environment, and the new token is a sandbox token', async ({ page }) => {
    const title = `Sandbox only ${Date.now()}`;
    await login(page, 'seller2');
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Create New Token' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Token' });
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Environment' })).toHaveCount(0);
    await expect(dialog.getByRole('radio', { name: 'Live' })).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Created by the end-to-end test');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('Environment: Sandbox')).toBeVisible();
    await card.getByRole('button', { name: 'Show token' }).click();
    await expect(card.getByLabel('Token value', { exact: true })).toHaveText(/^acme_s_sandbox_/);
  });

  test('Reset sandbox asks first, then says it is done', async ({ page }) => {
    await login(page, 'seller2');
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Sandbox' });
    await section.getByRole('button', { name: 'Reset sandbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your sandbox?' });
    await expect(dialog).toContainText('replaced with a fresh set');
    await expect(dialog).toContainText('is not touched');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await section.getByRole('button', { name: 'Reset sandbox' }).click();
    const reset = page.waitForResponse((response) => response.url().endsWith('/api/portal/sandbox/reset'));
    await dialog.getByRole('button', { name: 'Reset sandbox' }).click();
    expect((await reset).status()).toBe(200);
    await expect(page.getByText('Your sandbox was reset.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(section).toContainText('Last reset on');
  });
});

test.describe('with live tokens', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Port 9 (discard) answers nothing; no call in this spec reaches it.
    server = await startServer(PORT, { UPSTREAM_API_URL: 'http://127.0.0.1:9', PUBLIC_ORIGIN: LIVE_BASE });
  });
  test.afterAll(async () => server?.stop());
  test.use({ baseURL: LIVE_BASE });

  test('the create modal offers Sandbox (default) and Live, and the card says which', async ({ page }) => {
    const title = `Live ${Date.now()}`;
    await login(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Create New Token' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Token' });
    const environment = dialog.getByRole('group', { name: 'Environment' });
    await expect(environment.getByRole('radio', { name: 'Sandbox' })).toBeChecked();
    await expect(environment).toContainText('Live reaches the ACME API and its real data.');
    await environment.getByRole('radio', { name: 'Live' }).check();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Created by the end-to-end test');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('Environment: Live')).toBeVisible();
    await card.getByRole('button', { name: 'Show token' }).click();
    await expect(card.getByLabel('Token value', { exact: true })).toHaveText(/^acme_s_live_/);
  });
});
