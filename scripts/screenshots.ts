/**
 * `npm run screenshots`: builds if stale, starts the real server on a temporary DATA_DIR, logs in as the
 * demo seller and saves every screen in light and dark at 1440 px and 390 px wide into screenshots/
 * (git-ignored). Tokens stay masked in every shot: no shot reveals one.
 * `--readme` also writes the README's pictures (README_SHOTS, the visible part of the window) into docs/images/.
 * Options: SCREENSHOTS_PORT (default 8281).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { screenList, screenUrl, type ScreenName } from '../src/shared/portal-data/screens';
import { CHROMIUM_ARGS, chromiumPath } from './lib/chromium';
import { startServer } from './lib/start-server';
import { makeShotKeys, seedShotData } from './lib/screenshot-data';

const OUT_DIR = 'screenshots';
const WIDTHS = [1440, 390] as const;
const SCHEMES = ['light', 'dark'] as const;
const README_DIR = 'docs/images';
/** The README's pictures: `<shot>-<scheme>-<width>` → file name in README_DIR. */
const README_SHOTS: Record<string, string> = {
  'documentation-light-1440': 'reference-light.png',
  'documentation-try-it-dark-1440': 'try-it-dark.png',
  'usage-light-390': 'usage-phone-light.png',
  'webhooks-light-1440': 'webhooks-light.png',
};
const writeReadmeShots = process.argv.includes('--readme');

interface Shot {
  name: string;
  /** Logged in before the shot? */
  auth: boolean;
  /** Brings the page into the state to capture. */
  prepare: (page: Page, wide: boolean) => Promise<void>;
  fullPage?: boolean;
  /** Shoot where `prepare` left the page scrolled (a deep link), not from the top. */
  keepScroll?: boolean;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Let MUI transitions (drawer, dialog, ripple) finish.
  await page.waitForTimeout(400);
}

/** Opens the tester at `url`, picks the demo token that reads every domain (seedTokens) and runs the call. */
async function runTesterCall(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('combobox', { name: 'Your tokens' }).click();
  await page.getByRole('option', { name: /^Shopify sync/ }).click();
  await page.getByRole('button', { name: 'Test API' }).click();
  await page.getByRole('group', { name: 'Response summary' }).waitFor();
}

/** Opens the URL, as a screen's own shot does unless it says otherwise. */
const open = (url: string) => async (page: Page) => void (await page.goto(url));

/** What a screen's own shot needs besides opening the screen's URL. */
const screenShots: Partial<Record<ScreenName, Partial<Pick<Shot, 'prepare' | 'fullPage'>>>> = {
  documentation: { prepare: open('/'), fullPage: false },
  'api-test': { fullPage: true },
  usage: {
    prepare: async (page) => {
      await page.goto('/usage');
      await page.getByRole('table', { name: 'Request log' }).waitFor();
    },
    fullPage: true,
  },
  settings: { fullPage: true },
};

/** Further states of a screen, shot right after it. */
const moreShots: Partial<Record<ScreenName, Shot[]>> = {
  login: [
    {
      name: 'login-failed',
      auth: false,
      prepare: async (page) => {
        await page.goto('/login');
        await page.getByLabel('Email').fill('seller@example.com');
        await page.getByLabel('Password', { exact: true }).fill('wrong-password');
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByRole('alert').waitFor();
      },
    },
  ],
  documentation: [
    { name: 'documentation-authentication', auth: true, prepare: open('/documentation?category=authentication&subcategory=overview') },
    { name: 'documentation-warehouse-order', auth: true, prepare: open('/documentation?category=warehouse&subcategory=order') },
    {
      name: 'documentation-try-it',
      auth: true,
      prepare: async (page) => {
        await page.goto('/documentation?category=seller&subcategory=warehouse#listSellerWarehouses');
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        const section = page.locator('section#listSellerWarehouses');
        await section.getByRole('button', { name: 'Try it' }).click();
        await section.getByRole('combobox', { name: 'Your tokens' }).click();
        await page.getByRole('option', { name: /^Shopify sync/ }).click();
        await section.getByRole('button', { name: 'Send' }).click();
        await section.getByRole('group', { name: 'Response summary' }).waitFor();
      },
      keepScroll: true,
    },
  ],
  'api-test': [
    {
      name: 'api-test-validation',
      auth: true,
      prepare: async (page) => {
        await page.goto('/api-test?operation=getSellerNormalOrder');
        await page.getByRole('button', { name: 'Test API' }).click();
      },
      fullPage: true,
    },
    {
      name: 'api-test-list',
      auth: true,
      prepare: (page) => runTesterCall(page, '/api-test?operation=listSellerNormalOrders&size=3'),
      fullPage: true,
    },
    {
      name: 'api-test-table',
      auth: true,
      prepare: async (page) => {
        await runTesterCall(page, '/api-test?operation=listSellerNormalOrders&size=20');
        await page.getByRole('tab', { name: 'Table' }).click();
        await page.getByRole('grid', { name: 'Response rows' }).waitFor();
      },
      fullPage: true,
    },
    {
      name: 'api-test-table-detail',
      auth: true,
      prepare: async (page) => {
        await runTesterCall(page, '/api-test?operation=getSellerProduct&id=1');
        await page.getByRole('tab', { name: 'Table' }).click();
        await page.getByRole('table', { name: 'Response fields' }).waitFor();
      },
      fullPage: true,
    },
    {
      name: 'api-test-headers',
      auth: true,
      prepare: async (page) => {
        await runTesterCall(page, '/api-test?operation=listSellerNormalOrders&size=20');
        await page.getByRole('tab', { name: 'Headers' }).click();
        await page.getByRole('group', { name: 'Rate limit' }).waitFor();
      },
      fullPage: true,
    },
    {
      name: 'api-test-history',
      auth: true,
      prepare: async (page) => {
        await page.goto('/api-test?operation=listSellerNormalOrders');
        await page.getByRole('button', { name: /^History/ }).click();
        await page.getByRole('list', { name: 'Recent requests' }).waitFor();
      },
      fullPage: true,
    },
    {
      name: 'api-test-401',
      auth: true,
      prepare: async (page) => {
        await page.goto('/api-test?operation=listWarehouseInventory');
        await page.getByLabel('API token', { exact: true }).fill('acme_s_not-a-real-token');
        await page.getByRole('button', { name: 'Test API' }).click();
        await page.getByRole('note').waitFor();
      },
      fullPage: true,
    },
    {
      name: 'api-test-tokens',
      auth: true,
      prepare: async (page) => {
        await page.goto('/api-test?operation=listSellerNormalOrders');
        await page.getByRole('combobox', { name: 'Your tokens' }).click();
      },
    },
    {
      name: 'api-test-access',
      auth: true,
      prepare: async (page) => {
        await page.goto('/api-test?family=seller');
        await page.getByRole('combobox', { name: 'Your tokens' }).click();
        await page.getByRole('option', { name: /Partner trial/ }).click();
        await page.getByRole('combobox', { name: 'Domain' }).click();
      },
    },
    {
      name: 'api-test-allowlist',
      auth: true,
      prepare: async (page) => {
        await page.goto('/api-test?operation=listSellerProducts');
        await page.getByRole('combobox', { name: 'Your tokens' }).click();
        await page.getByRole('option', { name: /ERP inventory feed/ }).click();
        await page.getByRole('button', { name: 'Test API' }).click();
        await page.getByRole('note').waitFor();
      },
      fullPage: true,
    },
    {
      name: 'api-test-403',
      auth: true,
      prepare: async (page) => {
        await page.goto('/api-test?operation=listSellerProducts');
        await page.getByRole('combobox', { name: 'Your tokens' }).click();
        await page.getByRole('option', { name: /Partner trial/ }).click();
        await page.getByRole('button', { name: 'Test API' }).click();
        await page.getByRole('note').waitFor();
      },
      fullPage: true,
    },
  ],
  settings: [
    {
      name: 'navigation-drawer',
      auth: true,
      prepare: async (page, wide) => {
        await page.goto('/settings');
        if (!wide) await page.getByRole('button', { name: 'Open navigation' }).click();
      },
    },
    {
      name: 'settings-create',
      auth: true,
      prepare: async (page) => {
        await page.goto('/settings');
        await page.getByRole('button', { name: 'Create New Token' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
      },
    },
    {
      name: 'settings-create-access',
      auth: true,
      prepare: async (page) => {
        await page.goto('/settings');
        await page.getByRole('button', { name: 'Create New Token' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: 'Title' }).fill('Warehouse dashboard');
        await dialog.getByRole('textbox', { name: 'Description' }).fill('Read-only view of stock and inbound shipments.');
        await dialog.getByRole('combobox', { name: 'Expires in' }).click();
        await page.getByRole('option', { name: '30 days' }).click();
        await dialog.getByRole('radio', { name: 'Only the domains I choose' }).check();
        await dialog.getByRole('checkbox', { name: 'Products' }).check();
        await dialog.getByRole('checkbox', { name: 'Imports' }).check();
      },
    },
    {
      name: 'settings-refresh',
      auth: true,
      prepare: async (page) => {
        await page.goto('/settings');
        await page.getByRole('article', { name: 'ERP inventory feed' }).getByRole('button', { name: 'Refresh' }).click();
        await page.getByRole('dialog').getByRole('radio', { name: '24 hours' }).check();
      },
    },
    {
      name: 'settings-ip-allowlist',
      auth: true,
      prepare: async (page) => {
        await page.goto('/settings');
        await page.getByRole('article', { name: 'ERP inventory feed' }).getByRole('button', { name: 'Edit IP allowlist' }).click();
        await page.getByRole('dialog').waitFor();
      },
    },
    {
      name: 'settings-delete',
      auth: true,
      prepare: async (page) => {
        await page.goto('/settings');
        await page.getByRole('button', { name: 'Delete' }).first().click();
        await page.getByRole('dialog').waitFor();
      },
    },
  ],
};

// Every screen of the table, in its order: Usage comes after the API Test shots, whose calls it shows.
const shots: Shot[] = screenList.flatMap((screen) => [
  { name: screen.name, auth: !screen.outsideShell, prepare: open(screenUrl(screen)), ...screenShots[screen.name] },
  ...(moreShots[screen.name] ?? []),
]);

async function capture(browser: Browser, baseUrl: string): Promise<number> {
  let count = 0;
  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        colorScheme: scheme,
        viewport: { width, height: width > 600 ? 900 : 844 },
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      let loggedIn = false;
      for (const shot of shots) {
        if (shot.auth && !loggedIn) {
          await page.goto('/login');
          await page.getByLabel('Email').fill('seller@example.com');
          await page.getByLabel('Password', { exact: true }).fill('demo-password');
          await page.getByRole('button', { name: 'Log in' }).click();
          await page.getByRole('button', { name: 'Logout' }).waitFor();
          loggedIn = true;
        }
        if (!shot.auth && loggedIn) {
          await context.clearCookies();
          loggedIn = false;
        }
        await shot.prepare(page, width > 900);
        await settle(page);
        // A click may have scrolled the page; a full-page shot of a scrolled page draws the sticky top bar mid-page.
        if (!shot.keepScroll) await page.evaluate(() => window.scrollTo(0, 0));
        const file = `${OUT_DIR}/${shot.name}-${scheme}-${width}.png`;
        await page.screenshot({ path: file, fullPage: shot.fullPage ?? false });
        count += 1;
        const readmeFile = README_SHOTS[`${shot.name}-${scheme}-${width}`];
        if (writeReadmeShots && readmeFile) await page.screenshot({ path: `${README_DIR}/${readmeFile}` });
      }
      await context.close();
    }
  }
  return count;
}

async function main(): Promise<void> {
  execFileSync('npx', ['tsx', 'scripts/build.ts', '--if-stale'], { stdio: 'inherit' });
  mkdirSync(OUT_DIR, { recursive: true });
  const keys = makeShotKeys();
  const server = await startServer(Number(process.env.SCREENSHOTS_PORT ?? 8281), { SECRET_SCANNING_KEYS_FILE: keys.file });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  try {
    await seedShotData(server.baseUrl, keys);
    const count = await capture(browser, server.baseUrl);
    console.log(`screenshots: ${count} files in ${OUT_DIR}/`);
  } finally {
    await browser.close();
    await server.stop();
    keys.remove();
  }
}

await main();
