/**
 * Webhooks end to end: the seller adds an endpoint that a receiver started here listens on (it verifies
 * every delivery with standardwebhooks), moves a sandbox order to SHIPPED with the Simulate panel, sees the
 * delivery and the receiver's answer in the log, then makes the receiver fail, replays, and sees the failed
 * attempt and, once it answers again, the success. Screenshots of the screen at 1440 and 390 px, light and
 * dark, go to test-results/webhooks/.
 */
import type { Page } from '@playwright/test';
import { expect, login, seriousViolations, test } from './support/fixtures';
import { createToken } from './support/tokens';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver';

// axe is injected as a script, which the server's Content-Security-Policy forbids (support/fixtures.ts).
test.use({ bypassCSP: true });

const SHIPPED = 'seller.normal_order.status_changed';

let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startReceiver();
});

test.afterAll(async () => {
  await receiver.close();
});

/** Adds the receiver as an endpoint hearing every event and hands it the secret the portal shows once. */
async function addEndpoint(page: Page): Promise<void> {
  await page.goto('/webhooks');
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
  await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('End-to-end receiver');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  const added = page.getByRole('dialog', { name: 'Endpoint added' });
  const secret = ((await added.getByLabel('Signing secret', { exact: true }).textContent()) ?? '').trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  receiver.secret = secret;
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('article', { name: receiver.url })).toBeVisible();
}

/** Advances the first NEW normal order of the sandbox with the Simulate panel until it is SHIPPED; its id. */
async function shipAnOrder(page: Page, token: string): Promise<number> {
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: 'Simulate' });
  await panel.getByRole('combobox', { name: 'Sandbox token' }).click();
  await page.getByRole('option', { name: new RegExp(token) }).click();
  await expect(panel.getByRole('combobox', { name: 'Simulation' })).toHaveText('Advance a normal order');
  await panel.getByRole('combobox', { name: /Which one/ }).click();
  // An order whose own status (not only the seller's) is NEW: it ships in four steps.
  const option = page
    .getByRole('option')
    .filter({ has: page.getByText(/^NEW( ·|$)/) })
    .first();
  const id = Number(/^#(\d+)/.exec((await option.textContent()) ?? '')?.[1]);
  await option.click();
  let last = '';
  for (let step = 0; step < 6; step += 1) {
    const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes(`/normal/${id}/advance`));
    await panel.getByRole('button', { name: 'Simulate' }).click();
    expect((await answered).status()).toBe(200);
    const result = panel.getByRole('status');
    await expect(result).toContainText(`#${id}`);
    const status = result
      .locator('dt', { hasText: /^status$/ })
      .locator('xpath=following-sibling::dd[1]')
      .locator('strong');
    // Each step moves the status on: a text like the last one is the previous answer still on screen.
    await expect(status).not.toHaveText(last === '' ? /^$/ : last);
    last = (await status.textContent()) ?? '';
    if (last === 'SHIPPED') return id;
  }
  throw new Error(`order ${id} did not reach SHIPPED`);
}

test('a simulated shipment reaches a verified endpoint, and a failed delivery is replayed', async ({ page }) => {
  await login(page, 'seller');
  const token = await createToken(page, { title: `Webhooks ${Date.now()}` });
  await addEndpoint(page);

  const orderId = await shipAnOrder(page, token);
  await expect
    .poll(() => receiver.received.find((delivery) => delivery.body.type === SHIPPED && delivery.body.data?.changes?.status?.current === 'SHIPPED'), {
      timeout: 30_000,
    })
    .toMatchObject({ verified: true, answered: 200, body: { data: { resourceId: orderId } } });
  expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);

  // The delivery in the log, with the receiver's answer.
  await page.goto('/webhooks');
  const log = page.getByRole('table', { name: 'Delivery log' });
  await expect(log.getByLabel('Succeeded: 200').first()).toBeVisible({ timeout: 30_000 });
  await log
    .getByRole('button', { name: /^Delivery of Normal order status changed/ })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: /^Delivery #/ });
  await expect(detail.getByLabel('Payload')).toContainText('"current": "SHIPPED"');
  await expect(detail.getByLabel('Answer to attempt 1')).toContainText('received evt_');

  // The receiver fails: the replay's attempt is logged with its 500.
  receiver.healthy = false;
  await detail.getByRole('button', { name: 'Replay' }).click();
  await expect(detail.getByLabel('Failed: 500')).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByText('receiver down on purpose')).toBeVisible();

  // It answers again: the next replay succeeds, and the log shows both.
  receiver.healthy = true;
  await detail.getByRole('button', { name: 'Replay' }).click();
  await expect(detail.getByLabel('Succeeded: 200')).toHaveCount(2, { timeout: 30_000 });
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(log.getByLabel('Failed: 500').first()).toBeVisible({ timeout: 30_000 });
  expect(receiver.received.filter((delivery) => delivery.answered === 500)).not.toHaveLength(0);
  expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/webhooks');
      await expect(log.getByLabel('Failed: 500').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/webhooks/webhooks-${colorScheme}-${viewport.width}.png`, fullPage: true });
    }
  }
});
