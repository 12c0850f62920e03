/**
 * `npm run export`: the public API for integrators, into dist/export/ (the server serves it at /downloads/):
 *   openapi.yaml, openapi.json   the bundled public spec (no portal API), brand substituted
 *   postman-collection.json      openapi-to-postmanv2, with `baseUrl` and a `<BRAND>_API_TOKEN` variable
 *   reference.html               `redocly build-docs --inlineBundle`: one self-contained file, works offline
 * Reads src/generated/ (run `npm run generate` first). Option: `--out DIR` (default dist/export).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { convert } from 'openapi-to-postmanv2';
import { stringify } from 'yaml';
import type { Catalogue } from '../src/shared/portal-data/catalogue.ts';
import { runRedocly } from './generate/redocly.ts';

const ROOT_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));
const GENERATED_DIR = join(ROOT_DIR, 'src/generated');

/** The parts of a Postman v2.1 collection this script touches. */
interface PostmanCollection {
  variable?: Array<{ key: string; value: string; type?: string; description?: unknown }>;
  auth?: unknown;
  item: Array<{ name: string; item?: unknown[] }>;
}

function toPostman(spec: unknown): Promise<PostmanCollection> {
  return new Promise((resolvePromise, reject) => {
    convert(
      { type: 'json', data: spec as object },
      // Folders by tag (= documentation pages); parameter and response values from the spec's examples.
      { folderStrategy: 'Tags', requestParametersResolution: 'Example', exampleParametersResolution: 'Example' },
      (error, result) => {
        const collection = result?.output?.[0]?.data as PostmanCollection | undefined;
        if (error || !result?.result || !collection) {
          reject(new Error(`openapi-to-postmanv2: ${error?.message ?? result?.reason ?? 'no collection'}`));
        } else {
          resolvePromise(collection);
        }
      },
    );
  });
}

/** Names the token variable like the docs' samples (`ACME_API_TOKEN`) and points the collection's apiKey auth at it. */
function finishCollection(collection: PostmanCollection, catalogue: Catalogue): PostmanCollection {
  const baseUrl = catalogue.publicServer.replace('{host}', catalogue.defaultHost);
  const variables = (collection.variable ?? []).filter((v) => v.key !== 'baseUrl' && v.key !== catalogue.tokenVariable);
  return {
    ...collection,
    // Tags without operations (Authentication) would be empty folders.
    item: collection.item.filter((folder) => folder.item === undefined || folder.item.length > 0),
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'key', value: catalogue.apiTokenHeader, type: 'string' },
        { key: 'value', value: `{{${catalogue.tokenVariable}}}`, type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    },
    variable: [
      ...variables.filter((v) => v.key !== 'host'),
      { key: 'baseUrl', value: baseUrl, type: 'string', description: 'Public API base URL.' },
      { key: catalogue.tokenVariable, value: '', type: 'string', description: 'Your API token (create one in the portal Settings).' },
    ],
  };
}

/** `generatedDir` is where `npm run generate` wrote (tests pass their temp dir). */
export async function exportSpec(outDir = join(ROOT_DIR, 'dist/export'), generatedDir = GENERATED_DIR): Promise<void> {
  const publicJsonFile = join(generatedDir, 'openapi.public.json');
  if (!existsSync(publicJsonFile)) throw new Error(`${publicJsonFile} is missing: run \`npm run generate\` first`);
  const spec = JSON.parse(await readFile(publicJsonFile, 'utf8')) as unknown;
  const { catalogue } = (await import(pathToFileURL(join(generatedDir, 'catalogue.ts')).href)) as { catalogue: Catalogue };

  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const jsonFile = join(outDir, 'openapi.json');
  await writeFile(jsonFile, `${JSON.stringify(spec, null, 2)}\n`);

  const [, collection, docs] = await Promise.all([
    writeFile(join(outDir, 'openapi.yaml'), stringify(spec, { lineWidth: 0, version: '1.1' })),
    toPostman(spec),
    runRedocly(
      ['build-docs', jsonFile, '--inlineBundle', '--output', join(outDir, 'reference.html'), '--title', `${catalogue.title}: API reference`],
      ROOT_DIR,
    ),
  ]);
  if (docs.code !== 0) throw new Error(`redocly build-docs failed:\n${docs.stdout}\n${docs.stderr}`);
  await writeFile(join(outDir, 'postman-collection.json'), `${JSON.stringify(finishCollection(collection, catalogue), null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outIndex = process.argv.indexOf('--out');
  const outDir = outIndex === -1 ? undefined : process.argv[outIndex + 1];
  exportSpec(outDir ? resolve(outDir) : undefined)
    .then(() => console.log(`export: ${Math.round(performance.now() - started)} ms -> ${outDir ?? 'dist/export'}`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
