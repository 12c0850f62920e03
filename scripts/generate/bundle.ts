/**
 * Step 2: bundle the `public` and `portal` APIs of redocly.yaml into single JSON documents, in this process
 * with Redocly's own library (@redocly/openapi-core, what `redocly bundle` runs): two CLI processes cost a
 * first start about a second of CPU, most of it loading the CLI twice.
 */
import { resolve } from 'node:path';
import { bundle, loadConfig } from '@redocly/openapi-core';
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';

export async function bundleSpecs(rootDir: string): Promise<{ publicSpec: OpenApiDocument; portalSpec: OpenApiDocument }> {
  const config = await loadConfig({ configPath: resolve(rootDir, 'redocly.yaml') });
  const bundleApi = async (api: 'public' | 'portal'): Promise<OpenApiDocument> => {
    const root = config.resolvedConfig.apis?.[api]?.root;
    if (root === undefined) throw new Error(`redocly.yaml names no root for the ${api} API`);
    const result = await bundle({ config: config.forAlias(api), ref: resolve(rootDir, root) });
    const errors = result.problems.filter((problem) => problem.severity === 'error');
    if (errors.length > 0) throw new Error(`bundle ${api} failed:\n${errors.map((problem) => `- ${problem.message}`).join('\n')}`);
    return result.bundle.parsed as OpenApiDocument;
  };
  const [publicSpec, portalSpec] = await Promise.all([bundleApi('public'), bundleApi('portal')]);
  return { publicSpec, portalSpec };
}
