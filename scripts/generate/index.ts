/**
 * `npm run generate`: openapi/ -> src/generated/.
 *   lint (zero problems) -> bundle public + portal + provider -> brand substitution -> write the specs, api.d.ts,
 *   brand.ts, catalogue.ts and response-fields.ts (the tester's table columns) -> reference pages (docs).
 * Options: `--out DIR` writes somewhere else (tests). Env: BRAND (default src/shared/brand.ts).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { brandFromEnv } from '../../src/shared/brand.ts';
import { assertNoPlaceholders, substituteBrandDeep } from './brand.ts';
import { bundleSpecs } from './bundle.ts';
import { buildCatalogue, catalogueModule } from './catalogue.ts';
import type { GenerateContext } from './context.ts';
import { lintSpec } from './lint.ts';
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import { generateReferencePages } from './reference-pages.ts';
import { writeAgentDocs } from './agent-docs.ts';
import { buildResponseFields, responseFieldsModule } from './response-fields.ts';
import { buildChangelog } from '../releases/changelog.ts';
import { loadReleases } from '../releases/releases.ts';
import { assertPublicOnly } from './public-only.ts';
import { TS_HEADER, YAML_HEADER, toJson, writeOutput } from './write-outputs.ts';
import { buildSimulationBodies, buildWebhookEvents, webhookEventsModule } from './webhook-events.ts';

export const ROOT_DIR = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface GenerateOptions {
  outDir?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /**
   * `npm start`'s first start: only what the app's build and the server need, so the login page does not
   * wait for the rest. The spec's lint is left out (the committed spec is linted by `npm test`, `npm run
   * lint` and every other build), and so is api.d.ts (types only: the build's last part writes it,
   * writeTypes below).
   */
  forFirstStart?: boolean;
}

function parseOutDir(argv: string[]): string | undefined {
  const index = argv.indexOf('--out');
  if (index === -1) return undefined;
  const value = argv[index + 1];
  if (!value) throw new Error('--out needs a directory');
  return value;
}

export async function generate(options: GenerateOptions = {}): Promise<GenerateContext> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    const result = await work();
    log(`  ${name.padEnd(16)} ${Math.round(performance.now() - at)} ms`);
    return result;
  };

  const outDir = resolve(options.outDir ?? resolve(ROOT_DIR, 'src/generated'));
  const brand = brandFromEnv(options.env ?? process.env);

  // Lint and bundle read the same files and do not depend on each other: run them side by side.
  const lint = options.forFirstStart !== true;
  const [, bundles, releases] = await step(lint ? 'lint + bundle' : 'bundle', () =>
    Promise.all([lint ? lintSpec(ROOT_DIR) : undefined, bundleSpecs(ROOT_DIR), loadReleases(ROOT_DIR)]),
  );
  const publicSpec = substituteBrandDeep(bundles.publicSpec, brand);
  const portalSpec = substituteBrandDeep(bundles.portalSpec, brand);
  // The provider's contract: the server validates the warehouse system's answers with it, the export ships it.
  const providerSpec = substituteBrandDeep(bundles.providerSpec, brand);
  assertPublicOnly(publicSpec);

  const publicJson = toJson(publicSpec);
  const portalJson = toJson(portalSpec);
  assertNoPlaceholders(portalJson, 'openapi/');
  const providerJson = toJson(providerSpec);
  assertNoPlaceholders(providerJson, 'openapi/provider/');

  const catalogue = buildCatalogue(publicSpec, brand);
  // Releases keep the placeholders, so they are compared with the spec before brand substitution.
  const changelog = await step('changelog', async () => buildChangelog(bundles.publicSpec, releases, brand));
  const ctx: GenerateContext = { outDir, brand, publicSpec, portalSpec, catalogue, changelog };

  await mkdir(outDir, { recursive: true });
  await step('write specs', () =>
    Promise.all([
      writeOutput(outDir, 'openapi.public.json', publicJson),
      writeOutput(outDir, 'openapi.public.yaml', YAML_HEADER + stringify(publicSpec, { lineWidth: 0, version: '1.1' })),
      writeOutput(outDir, 'openapi.portal.json', portalJson),
      writeOutput(outDir, 'openapi.provider.json', providerJson),
      writeOutput(outDir, 'brand.ts', `${TS_HEADER}export const brand = ${JSON.stringify(brand)} as const;\n`),
      writeOutput(outDir, 'catalogue.ts', catalogueModule(catalogue)),
      writeOutput(outDir, 'response-fields.ts', responseFieldsModule(buildResponseFields(publicSpec, catalogue))),
      writeOutput(outDir, 'webhook-events.ts', webhookEventsModule(buildWebhookEvents(publicSpec, portalSpec), buildSimulationBodies(publicSpec))),
    ]),
  );
  if (options.forFirstStart !== true) await step('types', () => writeTypes(outDir, portalSpec));
  const pages = await step('reference pages', () => generateReferencePages(ctx));
  // The same page data again, as Markdown, llms.txt and the MCP server's answers.
  await step('agent docs', async () => writeAgentDocs(outDir, { brand, publicSpec, pages }));
  log(`generate: ${Math.round(performance.now() - started)} ms -> ${outDir}`);
  return ctx;
}

/** api.d.ts from the bundled portal spec (by default the one generate wrote in src/generated). */
export async function writeTypes(outDir = resolve(ROOT_DIR, 'src/generated'), portalSpec?: OpenApiDocument): Promise<void> {
  // Loaded here: openapi-typescript brings the TypeScript compiler, most of a first start's generate time.
  const { generateTypes } = await import('./types.ts');
  const spec = portalSpec ?? (JSON.parse(await readFile(resolve(outDir, 'openapi.portal.json'), 'utf8')) as OpenApiDocument);
  await writeOutput(outDir, 'api.d.ts', TS_HEADER + (await generateTypes(spec)));
}

// Run as a script (not when a test imports generate()).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  generate({ outDir: parseOutDir(process.argv.slice(2)), log: (line) => console.log(line) }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
