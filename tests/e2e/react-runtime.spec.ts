/**
 * What ships is what the component tests run: React DOM renders every screen in the browser (a build that
 * swapped in another renderer, such as Preact through an alias, leaves no React root behind), and the
 * explorer is `swagger-ui-react` inside the portal's own React tree, loaded on that route only.
 */
import type { Page } from '@playwright/test';
import { expect, login, test } from './support/fixtures';

/** The random suffix React DOM gives its internal keys on the root container, or null when React DOM did not render it. */
function reactRootSuffix(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    const key = root ? Object.keys(root).find((name) => name.startsWith('__reactContainer$')) : undefined;
    return key ? key.slice('__reactContainer$'.length) : null;
  });
}

/** The scripts of the app the page has loaded so far, by chunk name. */
function loadedChunks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /^\/assets\/.+\.js$/.test(path))
      .map((path) => path.replace(/^\/assets\/(.+)-[\w-]{8}\.js$/, '$1')),
  );
}

test.describe('React in the browser', () => {
  test('React DOM renders every screen, the login screen and a hydrated reference page included', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await reactRootSuffix(page), '/login').toMatch(/^\w+$/);

    await login(page);
    const screens: [string, string][] = [
      ['/documentation?category=seller&subcategory=order', 'Order'],
      ['/settings', 'API tokens'],
      ['/api-test', 'API Test'],
      ['/usage', 'Usage'],
      ['/documentation/explorer', 'API explorer'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // A reference page arrives as HTML; React takes it over when it hydrates.
      await expect.poll(() => reactRootSuffix(page), { message: path }).toMatch(/^\w+$/);
    }
  });

  test('the explorer is swagger-ui-react rendered by the portal’s React, and only its route loads it', async ({ page }) => {
    await login(page);
    await page.goto('/documentation?category=seller&subcategory=order');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    expect(await loadedChunks(page)).not.toContain('swagger-explorer');

    await page.goto('/documentation/explorer');
    await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 30_000 });
    expect(await loadedChunks(page)).toContain('swagger-explorer');
    const suffix = await reactRootSuffix(page);
    // From Swagger UI's own element up the fibers of the portal's React (its keys carry the root's suffix)
    // to the component that took the spec as React props: swagger-ui-react's. A self-contained bundle
    // renders with a React of its own, whose keys carry another suffix.
    const owner = await page
      .locator('.swagger-ui')
      .first()
      .evaluate((element, rootSuffix) => {
        interface Fiber {
          return: Fiber | null;
          type: unknown;
          memoizedProps: Record<string, unknown> | null;
        }
        const fiber = (element as unknown as Record<string, Fiber | undefined>)[`__reactFiber$${rootSuffix}`];
        for (let node = fiber ?? null; node; node = node.return) {
          const props = node.memoizedProps;
          if (typeof node.type === 'function' && props && typeof props.spec === 'object' && props.docExpansion === 'list') {
            return { inPortalTree: true, tryItOutEnabled: props.tryItOutEnabled, persistAuthorization: props.persistAuthorization };
          }
        }
        return { inPortalTree: Boolean(fiber) };
      }, suffix);
    expect(owner).toEqual({ inPortalTree: true, tryItOutEnabled: true, persistAuthorization: false });
  });
});
