/**
 * The first start's app build begins before src/generated exists (scripts/build-web.mjs --after-generate):
 * what it imports or globs from a generated/ folder must wait until it is written, and then be built in.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { waitForGenerated } from '../../../scripts/lib/wait-for-generated.mjs';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wait-for-generated-'));
  writeFileSync(
    join(root, 'main.js'),
    [
      "import { value } from './generated/value.js';",
      "import { other } from './other.js';",
      "import { pages } from './pages.js';",
      'console.log(value, other, pages);',
    ].join('\n'),
  );
  writeFileSync(join(root, 'other.js'), "export const other = 'not generated';\n");
  writeFileSync(join(root, 'pages.js'), "export const pages = import.meta.glob('./generated/pages/*.json', { eager: true, import: 'default' });\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function writeGenerated(): void {
  mkdirSync(join(root, 'generated/pages'), { recursive: true });
  writeFileSync(join(root, 'generated/value.js'), "export const value = 'generated value';\n");
  writeFileSync(join(root, 'generated/pages/first.json'), '{ "title": "first page" }');
  writeFileSync(join(root, 'generated/pages/second.json'), '{ "title": "second page" }');
}

it('builds in the generated files written after the build began, and waits for them', async () => {
  let generated: () => void = () => undefined;
  const generatedPromise = new Promise<void>((resolve) => (generated = resolve));
  let finished = false;
  const building = build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [waitForGenerated(generatedPromise)],
    build: { write: false, rolldownOptions: { input: join(root, 'main.js') } },
  }).finally(() => (finished = true));

  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(finished).toBe(false);
  writeGenerated();
  generated();

  const built = (await building) as Rolldown.RolldownOutput;
  const code = [built]
    .flatMap((output) => output.output)
    .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
    .join('\n');
  expect(code).toContain('generated value');
  expect(code).toContain('not generated');
  expect(code).toContain('first page');
  expect(code).toContain('second page');
});
