/**
 * `npm start` on a fresh copy of the repository (no dist/, no src/generated, no data/): the first start
 * generates from the spec, builds the app and listens before the database is made (src/server/deferred-build.ts).
 * Chromium signs in on the login page it answers, once the database is ready, and reads a reference page built
 * from the generated data.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startServer, type RunningServer } from '../../scripts/lib/start-server';
import { DEMO, expect, test } from './support/fixtures';
import { OWN_SERVER_PORT } from './support/suite-servers';

// Beside the suite's servers and the other specs' own servers.
const PORT = OWN_SERVER_PORT + 2;
const BASE = `http://127.0.0.1:${PORT}`;
let copy: string;
let server: RunningServer | undefined;

/** The working tree as a fresh clone has it: tracked and new files, nothing .gitignore leaves out. */
function copyRepository(): string {
  const root = process.cwd();
  const target = mkdtempSync(join(tmpdir(), 'portal-first-start-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  for (const file of files.filter((name) => name !== '')) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    // A tracked file deleted in the working tree is not part of it.
    try {
      copyFileSync(join(root, file), join(target, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(root, 'node_modules'), join(target, 'node_modules'));
  return target;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  copy = copyRepository();
  // A fresh DATA_DIR of startServer's, like a fresh clone's empty ./data.
  server = await startServer(PORT, {}, { command: ['npm', 'start'], cwd: copy, readyPath: '/login' });
});

test.afterAll(async () => {
  await server?.stop();
  if (copy !== undefined) rmSync(copy, { recursive: true, force: true, maxRetries: 5 });
});

test('the first start serves the app built from the spec it generated: sign in, then a reference page', async ({ page }) => {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email').fill(DEMO.seller.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.seller.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 60_000 });

  await page.goto(`${BASE}/documentation?category=seller&subcategory=order`);
  await expect(page.getByRole('heading', { level: 1, name: /Order/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Get a return order' })).toBeVisible();
});
