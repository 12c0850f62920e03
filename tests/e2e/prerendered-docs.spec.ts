/**
 * Documentation pages rendered at build time: the server's first answer holds the whole page for a
 * signed-in user (and only for one), the app hydrates it without a single hydration warning and every
 * control works afterwards, the page reads in full with JavaScript off, and it paints in the user's
 * colour scheme from the first byte.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { catalogue } from '../../src/generated/catalogue';
import { documentationHref, fieldAnchor } from '../../src/shared/portal-data/links';
import type { FieldNode, ReferenceOperation, ReferencePage } from '../../src/shared/portal-data/reference-page';
import { ERRORS_ANCHOR } from '../../src/shared/portal-data/response-bodies';
import { DEMO, expect, signIn, test } from './support/fixtures';
import { hydrated, removedSections, texts, watchHydration } from './support/hydration';

function referencePage(category: string, subcategory: string): ReferencePage {
  return JSON.parse(readFileSync(`src/generated/reference/${category}-${subcategory}.json`, 'utf8')) as ReferencePage;
}

/** Every field row's anchor of a response tree, as the page draws them (field-tree.tsx). */
function treeAnchors(root: FieldNode, operationId: string, status: string, path: string[] = []): string[] {
  return (root.children ?? []).flatMap((child, index) => {
    const childPath = [...path, child.name ?? String(index)];
    return [fieldAnchor(operationId, status, childPath), ...treeAnchors(child, operationId, status, childPath)];
  });
}

/** Every field of an operation: each success response's tree, and the error body's tree once (operation-section.tsx). */
function fieldAnchors(operation: ReferenceOperation): string[] {
  const success = operation.responses.filter((response) => response.status.startsWith('2'));
  const errorBody = operation.responses.find((response) => !response.status.startsWith('2') && response.body)?.body;
  return [
    ...success.flatMap((response) => (response.body ? treeAnchors(response.body, operation.operationId, response.status) : [])),
    ...(errorBody ? treeAnchors(errorBody, operation.operationId, ERRORS_ANCHOR) : []),
  ];
}

test.describe('documentation pages rendered at build time', () => {
  test('logged out, / and /documentation redirect to /login before any HTML', async ({ request }) => {
    for (const path of ['/', '/documentation', '/documentation?category=seller&subcategory=order']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toBe(path === '/' ? '/login' : `/login?${new URLSearchParams({ redirectTo: path }).toString()}`);
      expect(await response.text()).toBe('');
    }
  });

  test('a deep link opened logged out lands on its operation after login', async ({ page }) => {
    await page.goto('/documentation?category=seller&subcategory=order#getSellerReturnOrder');
    await expect(page).toHaveURL(/\/login\?redirectTo=.*#getSellerReturnOrder$/);
    await page.getByLabel('Email').fill(DEMO.seller.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.seller.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/documentation?category=seller&subcategory=order#getSellerReturnOrder');
    await expect(page.getByRole('heading', { level: 2, name: 'Get a return order' })).toBeInViewport();
  });

  test('the first response holds every operation, parameter and field of the page, and the user', async ({ request, baseURL }) => {
    await signIn(request, baseURL ?? '');
    const data = referencePage('seller', 'order');
    const response = await request.get(documentationHref(data));
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('seller@example.com');
    expect(html).not.toContain('portal-prerender.invalid');
    expect(html).toContain(`${baseURL}/api/v1`);
    for (const operation of data.operations) {
      expect(html).toContain(`id="${operation.operationId}"`);
      for (const parameter of operation.parameters) expect(html).toContain(`<code class="field-name">${parameter.name}</code>`);
      for (const anchor of fieldAnchors(operation)) expect(html).toContain(`id="${anchor}"`);
    }
  });

  test("the Authentication page's samples call the reader's own API, as served and once hydrated", async ({ page, baseURL }) => {
    const watched = await watchHydration(page);
    await signIn(page.request, baseURL ?? '', 'warehouse');
    const url = documentationHref({ category: 'authentication', subcategory: 'overview' });
    const html = await (await page.request.get(url)).text();
    expect(html).toContain(`${baseURL}/api/v1/warehouse/quotations?page=0&amp;size=10`);
    expect(html).not.toContain(`${baseURL}/api/v1/seller/`);
    await page.goto(url);
    await hydrated(page);
    await expect(page.getByText(`${baseURL}/api/v1/warehouse/quotations?page=0&size=10`, { exact: false }).first()).toBeVisible();
    await expect(page.locator('#root')).not.toContainText(`${baseURL}/api/v1/seller/`);
    expect(watched.messages).toEqual([]);
  });

  test('every page hydrates with no hydration warning, as each user type', async ({ page, baseURL }) => {
    const watched = await watchHydration(page);
    for (const who of ['seller', 'warehouse'] as const) {
      await page.context().clearCookies();
      await signIn(page.request, baseURL ?? '', who);
      const urls = ['/', '/documentation', '/documentation?category=seller&subcategory=order#getSellerReturnOrder'];
      for (const group of catalogue.groups)
        for (const sub of group.pages) urls.push(documentationHref({ category: group.category, subcategory: sub.subcategory }));
      for (const url of urls) {
        await page.goto(url);
        await hydrated(page);
        await expect(page.getByRole('group', { name: 'Signed in user' })).toContainText(DEMO[who].email);
        await expect(page.getByRole('group', { name: 'Signed in user' })).toContainText(DEMO[who].userType);
        expect(await removedSections(page), url).toBe(0);
        const { now, served } = await texts(page);
        expect(served.length, url).toBeGreaterThan(500);
        expect(now, url).toBe(served);
        expect(watched.messages, url).toEqual([]);
        expect(await page.locator('title').count(), url).toBe(1);
      }
    }
  });

  test('the page asks for no file of the app but its entry until its content is painted', async ({ page, baseURL }) => {
    await signIn(page.request, baseURL ?? '');
    await page.goto('/documentation?category=seller&subcategory=order');
    await hydrated(page);
    const { fcp, scripts } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ file: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(fcp).toBeGreaterThan(0);
    const [entry, ...app] = scripts.sort((a, b) => a.start - b.start);
    expect(entry?.file).toMatch(/^\/assets\/index-/);
    // The app (boot and its libraries), the route preloads, the shell and the documentation came after the paint,
    // each as one chunk (vite.config.ts): with the bundler's runtime and the page's reference data, six files
    // (automatic chunking made 46).
    const names = app.map((script) => script.file.replace(/^\/assets\/(.+)-[\w-]{8}\.js$/, '$1')).sort();
    expect(names).toEqual(['app', 'documentation', 'preload-routes', 'rolldown-runtime', 'seller-order', 'shell']);
    expect(app.filter((script) => script.start < fcp)).toEqual([]);
  });

  test("a page carries the theme variables it uses, and the app brings back the theme's whole set", async ({ page, baseURL }) => {
    await signIn(page.request, baseURL ?? '');
    const served = await (await page.request.get('/documentation?category=seller&subcategory=order')).text();
    const declared = new Set([...served.matchAll(/(--mui-[\w-]+)\s*:/g)].map((match) => match[1] ?? ''));
    const referenced = [...served.matchAll(/var\(\s*(--mui-[\w-]+)/g)].map((match) => match[1] ?? '');
    expect(referenced.length).toBeGreaterThan(0);
    expect(referenced.filter((name) => !declared.has(name))).toEqual([]);

    await page.goto('/documentation?category=seller&subcategory=order');
    await hydrated(page);
    const theme = await page.evaluate(() => {
      const names = new Set<string>();
      const walk = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          // The light scheme's variables (the page's own); the dark ones apply under .dark only.
          if (rule instanceof CSSStyleRule && rule.selectorText === ':root')
            for (const property of Array.from(rule.style)) if (property.startsWith('--mui-')) names.add(property);
          if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
      return [...names];
    });
    const added = theme.filter((name) => !declared.has(name));
    expect(added.length).toBeGreaterThan(0);
    const unset = await page.evaluate(
      (names) => names.filter((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() === ''),
      added,
    );
    expect(unset).toEqual([]);
  });

  test('the page and the app write vendor prefixes only where a browser the build targets needs one', async ({ page, baseURL }) => {
    const oldBrowsersOnly = /-ms-|-moz-user-select|-webkit-box-align|-webkit-transition|-webkit-justify-content/;
    await signIn(page.request, baseURL ?? '');
    const served = await (await page.request.get('/documentation?category=seller&subcategory=order')).text();
    expect(served).not.toMatch(oldBrowsersOnly);
    expect(served).toContain('-webkit-user-select:none;user-select:none;');

    // The rules the app's Emotion cache inserts itself, as written (the CSSOM would show them normalised).
    await page.addInitScript(() => {
      const inserted: string[] = [];
      (window as unknown as { inserted: string[] }).inserted = inserted;
      const insertRule = CSSStyleSheet.prototype.insertRule;
      CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
        inserted.push(rule);
        return insertRule.call(this, rule, index);
      };
    });
    await page.goto('/documentation?category=seller&subcategory=order');
    await hydrated(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'API tokens', exact: true })).toBeVisible();
    const inserted = await page.evaluate(() => (window as unknown as { inserted: string[] }).inserted);
    expect(inserted.filter((rule) => rule.includes('user-select:none')).length).toBeGreaterThan(0);
    expect(inserted.filter((rule) => rule.includes('user-select:none') && !rule.includes('-webkit-user-select:none'))).toEqual([]);
    expect(inserted.filter((rule) => oldBrowsersOnly.test(rule))).toEqual([]);
  });

  test('after hydration every control works and moving between pages stays in the app', async ({ page, baseURL, context }) => {
    await watchHydration(page);
    await signIn(page.request, baseURL ?? '');
    await page.goto('/documentation?category=seller&subcategory=order#getSellerReturnOrder');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Get a return order' })).toBeInViewport();

    const section = page.locator('section#getSellerReturnOrder');
    // Sample tabs
    await section.getByRole('tab', { name: 'Python' }).click();
    await expect(section.getByRole('tabpanel')).toContainText('import');
    // Copy
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await section.getByRole('button', { name: 'Copy Python sample' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('/api/v1/seller/orders/return/');
    // Use my token
    await section.getByRole('button', { name: 'Use my token' }).click();
    await expect(section.getByText(/No tokens yet|Token/).first()).toBeVisible();
    // Ctrl+K
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('combobox', { name: 'Search operations, schemas and fields' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: 'Search operations, schemas and fields' })).toBeHidden();
    // Theme toggle
    const toggle = page.getByRole('button', { name: /Switch to (dark|light) mode/ });
    const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await toggle.click();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(before);
    await page.getByRole('button', { name: /Switch to (dark|light) mode/ }).click();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(before);
    // Client-side navigation: no new document is loaded.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.locator(`a[href="${documentationHref({ category: 'warehouse', subcategory: 'inventory' })}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    await expect(page.locator('section[data-operation-id]')).toHaveCount(referencePage('warehouse', 'inventory').operations.length);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // Try it opens in place; "Open in API Test" goes to the tester
    await sidebar.locator(`a[href="${documentationHref({ category: 'seller', subcategory: 'order' })}"]`).click();
    const returnOrder = page.locator('section#getSellerReturnOrder');
    await returnOrder.getByRole('button', { name: 'Try it' }).click();
    await expect(returnOrder.getByRole('region', { name: 'Try Get a return order' }).getByRole('textbox', { name: 'ID' })).toBeFocused();
    await returnOrder.getByRole('link', { name: 'Open in API Test' }).click();
    await expect(page).toHaveURL('/api-test?operation=getSellerReturnOrder&id=1');
  });

  test('nothing the reader does before the app runs is lost: Ctrl+K and the keys typed, and clicks on buttons', async ({ page, baseURL }) => {
    const watched = await watchHydration(page);
    await signIn(page.request, baseURL ?? '');
    // A slow phone: the page shows and its entry runs, but the app's main chunk arrives 2 s later.
    await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto('/documentation?category=seller&subcategory=order#listSellerNormalOrders');
    await expect(page.locator('html[data-early-input]')).toBeAttached();
    const section = page.locator('section#listSellerNormalOrders');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await section.getByRole('tab', { name: 'Python' }).click();
    await page.getByRole('button', { name: /Switch to (dark|light) mode/ }).click();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('etag');
    // Still before the app: each control says it is on its way.
    await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
    const launcher = page.getByRole('main').getByRole('button', { name: /Search/ });
    await expect(launcher).toHaveAttribute('aria-busy', 'true');
    expect(await launcher.evaluate((button) => getComputedStyle(button, '::after').content)).toBe('"Loading search… etag"');
    await expect(page.getByRole('button', { name: /Switch to (dark|light) mode/ })).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-busy', 'true');

    // Once the app runs: the search opens with the query typed, and the clicks are done.
    const input = page.getByRole('combobox', { name: 'Search operations, schemas and fields' });
    await expect(input).toBeFocused({ timeout: 15_000 });
    await expect(input).toHaveValue('etag');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.type('s');
    await expect(input).toHaveValue('etags');
    await page.keyboard.press('Escape');
    await expect(section.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
    await expect(section.getByRole('tabpanel')).toContainText('import');
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(background);
    await expect(page.locator('#root [aria-busy="true"]')).toHaveCount(0);
    expect(watched.messages).toEqual([]);
  });

  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test('a signed-in reader finds every operation and field of a page', async ({ page, baseURL }) => {
      await signIn(page.request, baseURL ?? '');
      const data = referencePage('seller', 'order');
      await page.goto(documentationHref(data));
      await expect(page.getByRole('heading', { level: 1, name: 'Order' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Signed in user' })).toContainText('seller@example.com');
      await expect(page.locator('section[data-operation-id]')).toHaveCount(data.operations.length);
      for (const operation of data.operations) {
        await expect(page.getByRole('heading', { level: 2, name: operation.summary })).toBeVisible();
        const section = page.locator(`section[id="${operation.operationId}"]`);
        for (const parameter of operation.parameters)
          await expect(section.locator('table.params code.field-name', { hasText: parameter.name }).first()).toBeVisible();
        for (const anchor of fieldAnchors(operation)) {
          const row = page.locator(`[id="${anchor}"]`);
          await expect(row, anchor).toBeAttached();
          await expect(row.locator('code.field-name').first()).toHaveText(anchor.split('.').at(-1) ?? '');
        }
      }
      // Before (or without) the app, "Try it" is a plain link to API Test, never a dead control.
      await expect(page.locator('section#getSellerReturnOrder').getByRole('link', { name: 'Try it' })).toHaveAttribute(
        'href',
        '/api-test?operation=getSellerReturnOrder&id=1',
      );
      // Collapsed levels open without a script (native <details>).
      const collapsed = page.locator('details:not([open]) > summary').first();
      await collapsed.click();
      await expect(
        page
          .locator('details[open] > summary')
          .filter({ has: page.locator('code') })
          .first(),
      ).toBeVisible();
    });

    test('the first paint is in the chosen or the system colour scheme', async ({ browser, baseURL }) => {
      const backgroundOf = async (context: BrowserContext, cookie?: string) => {
        if (cookie) await context.addCookies([{ name: 'portal-color-mode', value: cookie, url: baseURL ?? '' }]);
        await signIn(context.request, baseURL ?? '');
        const page = await context.newPage();
        await page.goto('/documentation?category=seller&subcategory=warehouse');
        const color = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        await context.close();
        return color;
      };
      const light = await backgroundOf(await browser.newContext({ javaScriptEnabled: false, colorScheme: 'light' }));
      const systemDark = await backgroundOf(await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' }));
      const chosenDark = await backgroundOf(await browser.newContext({ javaScriptEnabled: false, colorScheme: 'light' }), 'dark');
      const chosenLight = await backgroundOf(await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' }), 'light');
      expect(systemDark).not.toBe(light);
      expect(chosenDark).toBe(systemDark);
      expect(chosenLight).toBe(light);
      // The dark scheme is dark (the theme's slate 950 background).
      expect(systemDark).toBe('rgb(13, 15, 20)');
    });
  });
});
