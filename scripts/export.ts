/**
 * `npm run export`: the public API for integrators, into dist/export/ (the server serves it at /downloads/),
 * for the whole public API (at the root) and for each API family alone (seller/, warehouse/). Each folder:
 *   openapi.yaml, openapi.json     the bundled public spec (no portal API), brand substituted
 *   postman-collection.json        openapi-to-postmanv2, with `baseUrl`, one `<BRAND>_<FAMILY>_API_TOKEN` variable per
 *                                  family (each folder's apiKey auth reads its family's) and a test script per request
 *   postman-environment.json       `baseUrl` and the token variables (secret)
 *   insomnia.json                  Insomnia export format 4 (see export/insomnia.ts)
 *   requests.http                  VS Code REST Client / JetBrains HTTP Client, tokens from variables
 *   api.d.ts                       openapi-typescript types for openapi-fetch
 *   reference.html                 `redocly build-docs --inlineBundle`, made to load nothing from the network
 * And provider/: the provider integration document (openapi/provider/) as provider-integration.yaml and .json.
 * The list of files lives in src/shared/portal-data/downloads.ts. Reads src/generated/ (run
 * `npm run generate` first). Option: `--out DIR` (default dist/export).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import type { OpenApiDocument } from '../src/shared/openapi/openapi-document.ts';
import type { Brand } from '../src/shared/brand.ts';
import type { Catalogue } from '../src/shared/portal-data/catalogue.ts';
import { EXPORT_SCOPES, PROVIDER_DIR, scopeDir, scopeTitle, type ExportScope } from '../src/shared/portal-data/downloads.ts';
import { exampleRequests, familiesOf } from './export/example-requests.ts';
import { familySpec } from './export/family-spec.ts';
import { httpFile } from './export/http-file.ts';
import { insomniaExport } from './export/insomnia.ts';
import { postmanCollection, postmanEnvironment } from './export/postman.ts';
import { referenceHtml } from './export/reference-html.ts';
import { generateTypes } from './generate/types.ts';

const ROOT_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));
const GENERATED_DIR = join(ROOT_DIR, 'src/generated');

async function exportScope(publicSpec: OpenApiDocument, scope: ExportScope, outDir: string, brand: Brand, catalogue: Catalogue): Promise<void> {
  const dir = join(outDir, scopeDir(scope));
  await mkdir(dir, { recursive: true });
  // Converters may change the document they are given (openapi-to-postmanv2 adds `name` to headers): each gets its own copy.
  const spec = structuredClone(familySpec(publicSpec, scope));
  const baseUrl = catalogue.publicServer.replace('{host}', catalogue.defaultHost);
  const title = `${brand.name} ${scope === 'all' ? 'API' : scopeTitle(scope)}`;
  const requests = exampleRequests(spec);
  const jsonFile = join(dir, 'openapi.json');
  await writeFile(jsonFile, `${JSON.stringify(spec, null, 2)}\n`);
  const [collection] = await Promise.all([
    postmanCollection(structuredClone(spec), brand, baseUrl),
    writeFile(join(dir, 'openapi.yaml'), stringify(spec, { lineWidth: 0, version: '1.1' })),
    writeFile(join(dir, 'postman-environment.json'), `${JSON.stringify(postmanEnvironment(title, brand, baseUrl, familiesOf(requests)), null, 2)}\n`),
    writeFile(join(dir, 'insomnia.json'), `${JSON.stringify(insomniaExport(title, requests, brand, baseUrl, new Date().toISOString()), null, 2)}\n`),
    writeFile(join(dir, 'requests.http'), httpFile(title, requests, brand, baseUrl)),
    generateTypes(structuredClone(spec)).then((types) =>
      writeFile(join(dir, 'api.d.ts'), `// Types of the ${title} (openapi-typescript), for openapi-fetch's createClient<paths>().\n\n${types}`),
    ),
    referenceHtml(jsonFile, join(dir, 'reference.html'), `${catalogue.title}: ${title} reference`, ROOT_DIR),
  ]);
  await writeFile(join(dir, 'postman-collection.json'), `${JSON.stringify(collection, null, 2)}\n`);
}

/** The provider integration document, as `npm run generate` bundled it, in JSON and YAML. */
async function exportProviderDocument(outDir: string, generatedDir: string): Promise<void> {
  const spec = JSON.parse(await readFile(join(generatedDir, 'openapi.provider.json'), 'utf8')) as OpenApiDocument;
  const dir = join(outDir, PROVIDER_DIR);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'provider-integration.json'), `${JSON.stringify(spec, null, 2)}\n`);
  await writeFile(join(dir, 'provider-integration.yaml'), stringify(spec, { lineWidth: 0, version: '1.1' }));
}

/** `generatedDir` is where `npm run generate` wrote (tests pass their temp dir). */
export async function exportSpec(outDir = join(ROOT_DIR, 'dist/export'), generatedDir = GENERATED_DIR): Promise<void> {
  const publicJsonFile = join(generatedDir, 'openapi.public.json');
  if (!existsSync(publicJsonFile)) throw new Error(`${publicJsonFile} is missing: run \`npm run generate\` first`);
  const publicSpec = JSON.parse(await readFile(publicJsonFile, 'utf8')) as OpenApiDocument;
  const { catalogue } = (await import(pathToFileURL(join(generatedDir, 'catalogue.ts')).href)) as { catalogue: Catalogue };
  const { brand } = (await import(pathToFileURL(join(generatedDir, 'brand.ts')).href)) as { brand: Brand };

  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  // One scope at a time: each starts a Redocly process, and the machine may have two cores.
  for (const scope of EXPORT_SCOPES) await exportScope(publicSpec, scope, outDir, brand, catalogue);
  await exportProviderDocument(outDir, generatedDir);
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
