/**
 * `npm run build`'s last step: every documentation page the generated reference data holds, rendered to
 * HTML once per user type and once for a logged-out reader (served when PUBLIC_DOCS publishes the
 * reference; docs/decisions/038-logged-out-pages-rendered-at-build-time.md) from the app's own components (src/web/prerender, compiled by `vite build --ssr`
 * into dist/ssr), written into the built app's directory for the server to answer with
 * (docs/decisions/015-reference-pages-rendered-at-build-time.md).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isUserType, type UserType } from '../../src/shared/api-family.ts';
import { documentationHref, pageKeyOf } from '../../src/shared/portal-data/links.ts';
import {
  EMAIL_STAND_IN,
  LOGGED_OUT,
  ORIGIN_STAND_IN,
  PRERENDERED_DIR,
  prerenderedPagePath,
  type PageVariant,
  type PrerenderRequest,
  type PrerenderedPage,
} from '../../src/shared/portal-data/prerendered-pages.ts';
import { composeDocument } from './compose-document.ts';
import { pruneThemeVariables } from './prune-theme-variables.ts';
import { systemDarkCss } from './system-dark-css.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

interface PrerenderOptions {
  webDir?: string;
  referenceDir?: string;
  portalSpec?: string;
  rendererFile?: string;
  /** Render only these pages (the bench's 500-operation app needs one). */
  only?: (page: PageAddress) => boolean;
  log?: (line: string) => void;
}

interface PageAddress {
  category: string;
  subcategory: string;
}

/** Every page with generated reference data (not only the ones the catalogue lists). */
export function referencePages(referenceDir: string): PageAddress[] {
  return readdirSync(referenceDir)
    .filter((name) => name.endsWith('.json') && name !== 'search-index.json')
    .sort()
    .map((name) => {
      const { category, subcategory } = JSON.parse(readFileSync(join(referenceDir, name), 'utf8')) as PageAddress;
      return { category, subcategory };
    });
}

/** The spec's user types (the CurrentUser schema's userType enum): one rendering of each page per type. */
export function userTypes(portalSpecFile: string): UserType[] {
  const spec = JSON.parse(readFileSync(portalSpecFile, 'utf8')) as { components?: { schemas?: Record<string, { enum?: unknown[] }> } };
  const values = spec.components?.schemas?.UserType?.enum;
  if (!Array.isArray(values) || values.length === 0) throw new Error('prerender: the portal spec has no UserType enum');
  return values.map((value) => {
    if (!isUserType(value)) throw new Error(`prerender: the portal spec's UserType ${String(value)} is not in src/shared/api-family.ts`);
    return value;
  });
}

/**
 * Each user type's pages, and the logged-out reader's. All are built whatever PUBLIC_DOCS says: it is read
 * when the server starts, and the logged-out set costs about a third of this step (docs/decisions/038).
 */
export function pageVariants(portalSpecFile: string): PageVariant[] {
  return [...userTypes(portalSpecFile), LOGGED_OUT];
}

export async function prerender(options: PrerenderOptions = {}): Promise<number> {
  const webDir = options.webDir ?? join(ROOT, 'dist/web');
  const referenceDir = options.referenceDir ?? join(ROOT, 'src/generated/reference');
  const rendererFile = options.rendererFile ?? join(ROOT, 'dist/ssr/render-documentation-page.js');
  const log = options.log ?? console.log;
  const render = ((await import(pathToFileURL(rendererFile).href)) as { renderDocumentationPage: (request: PrerenderRequest) => Promise<PrerenderedPage> })
    .renderDocumentationPage;
  const template = readFileSync(join(webDir, 'index.html'), 'utf8');
  rmSync(join(webDir, PRERENDERED_DIR), { recursive: true, force: true });

  const pages = referencePages(referenceDir).filter(options.only ?? (() => true));
  let darkCss: string | undefined;
  let count = 0;
  const timings: string[] = [];
  const variants = pageVariants(options.portalSpec ?? join(ROOT, 'src/generated/openapi.portal.json'));
  for (const variant of variants) {
    const user = variant === LOGGED_OUT ? null : { email: EMAIL_STAND_IN, userType: variant };
    const started = performance.now();
    for (const page of pages) {
      const rendered = await render({ url: documentationHref(page), ...page, user, origin: ORIGIN_STAND_IN });
      darkCss ??= systemDarkCss(rendered.styles);
      const { styles, extraCss } = pruneThemeVariables({ html: rendered.html, styles: rendered.styles, extraCss: darkCss });
      const file = join(webDir, prerenderedPagePath(variant, pageKeyOf(page)));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, composeDocument(template, { ...rendered, styles }, extraCss));
      count += 1;
    }
    timings.push(`${variant} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  log(`prerender: ${count} pages (${pages.length} pages x ${variants.length} variants: ${timings.join(', ')}) -> ${join(webDir, PRERENDERED_DIR)}`);
  return count;
}

/** The renderer is the app's own code, compiled for Node by Vite (import.meta.glob, JSON chunks, JSX) into dist/ssr. */
export function buildRenderer(cwd: string = ROOT): void {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', '--logLevel', 'warn'], { stdio: 'inherit', cwd });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  buildRenderer();
  await prerender();
  console.log(`prerender: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
