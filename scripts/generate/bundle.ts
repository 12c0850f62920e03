/**
 * Step 2: bundle the `public`, `portal` and `provider` APIs of redocly.yaml into single JSON documents (the
 * provider integration document: what the provider's warehouse system implements, openapi/provider/).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import { runRedocly } from './redocly.ts';

async function bundleApi(rootDir: string, api: 'public' | 'portal' | 'provider', workDir: string): Promise<OpenApiDocument> {
  const output = join(workDir, `${api}.json`);
  const result = await runRedocly(['bundle', api, '--output', output], rootDir);
  if (result.code !== 0) throw new Error(`redocly bundle ${api} failed:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(await readFile(output, 'utf8')) as OpenApiDocument;
}

export interface Bundles {
  publicSpec: OpenApiDocument;
  portalSpec: OpenApiDocument;
  providerSpec: OpenApiDocument;
}

export async function bundleSpecs(rootDir: string): Promise<Bundles> {
  const workDir = await mkdtemp(join(tmpdir(), 'generate-bundle-'));
  try {
    const [publicSpec, portalSpec, providerSpec] = await Promise.all([
      bundleApi(rootDir, 'public', workDir),
      bundleApi(rootDir, 'portal', workDir),
      bundleApi(rootDir, 'provider', workDir),
    ]);
    return { publicSpec, portalSpec, providerSpec };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
