/**
 * Our app built against the 500-operation spec, for the "large" page measurements, without touching
 * src/ or dist/: a scratch workspace under bench/results/large-app/ gets copies of src/web, src/shared
 * and the root config files, a src/generated whose catalogue and reference pages come from the large
 * spec (scripts/generate's own catalogue and reference-page code), and node_modules as a symlink;
 * then Vite builds it with the project's vite.config.ts into bench/results/large-app/dist/web.
 * Skipped when the inputs have not changed since the last build (stamp file).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildCatalogue, catalogueModule } from '../scripts/generate/catalogue.ts';
import type { OpenApiDocument } from '../src/shared/openapi/openapi-document.ts';
import { generateReferencePages } from '../scripts/generate/reference-pages.ts';
import { brandFromEnv } from '../src/shared/brand.ts';
import { buildRenderer, prerender } from '../scripts/prerender/index.ts';
import { resultsDir, root } from './lib/options.ts';
import { TAG_PAGE } from './pages.ts';

const INPUTS = [
  'src/web',
  'src/shared',
  'scripts/generate',
  'scripts/prerender',
  'vite.config.ts',
  'package-lock.json',
  'src/generated/openapi.public.json',
  'bench/large-spec.ts',
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

function inputsHash(largeSpec: string): string {
  const hash = createHash('sha256');
  hash.update(`BRAND=${process.env.BRAND ?? ''}\n`);
  for (const file of INPUTS.flatMap((input) => filesUnder(resolve(root, input)))) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
  hash.update(readFileSync(largeSpec));
  return hash.digest('hex');
}

/** Returns the directory of the built app (index.html inside). */
export async function buildLargeApp(largeSpec: string, log: (line: string) => void): Promise<string> {
  const workspace = join(resultsDir, 'large-app');
  const appDir = join(workspace, 'dist', 'web');
  const stamp = join(workspace, '.build-stamp');
  const hash = inputsHash(largeSpec);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && existsSync(join(appDir, 'index.html'))) {
    log('large app: up to date');
    return appDir;
  }
  const started = performance.now();
  rmSync(workspace, { recursive: true, force: true });
  mkdirSync(join(workspace, 'src'), { recursive: true });
  for (const path of ['src/web', 'src/shared', 'src/generated']) cpSync(resolve(root, path), join(workspace, path), { recursive: true });
  // Vite reads tsconfig.json and follows its references to the project that includes each file.
  const configs = readdirSync(root).filter((name) => /^tsconfig(\.[\w-]+)?\.json$/.test(name));
  for (const file of ['vite.config.ts', 'package.json', ...configs]) cpSync(resolve(root, file), join(workspace, file));
  symlinkSync(resolve(root, 'node_modules'), join(workspace, 'node_modules'), 'dir');

  const brand = brandFromEnv(process.env);
  const publicSpec = JSON.parse(readFileSync(largeSpec, 'utf8')) as OpenApiDocument;
  const catalogue = buildCatalogue(publicSpec, brand);
  const generated = join(workspace, 'src/generated');
  writeFileSync(join(generated, 'catalogue.ts'), catalogueModule(catalogue));
  writeFileSync(join(generated, 'openapi.public.json'), JSON.stringify(publicSpec, null, 2));
  await generateReferencePages({ outDir: generated, brand, publicSpec, catalogue });

  execFileSync(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: workspace, stdio: 'inherit' });
  // The measured page rendered at build time, as `npm run build` does (only that page: the rest are not measured).
  buildRenderer(workspace);
  await prerender({
    webDir: appDir,
    referenceDir: join(generated, 'reference'),
    portalSpec: join(generated, 'openapi.portal.json'),
    rendererFile: join(workspace, 'dist/ssr/render-documentation-page.js'),
    only: (page) => page.category === TAG_PAGE.category && page.subcategory === TAG_PAGE.subcategory,
    log,
  });
  writeFileSync(stamp, hash);
  log(`large app: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return appDir;
}
