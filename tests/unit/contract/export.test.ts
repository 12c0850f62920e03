/** `npm run export`: the four files for integrators, public API only, from a fresh generate run. */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSpec } from '../../../scripts/export.ts';
import { PIPELINE_TIMEOUT_MS, generateIntoTemp } from './support/contract.ts';

let outDir: string;
let exportDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ outDir, cleanup } = await generateIntoTemp());
  exportDir = join(outDir, 'export');
  await exportSpec(exportDir, outDir);
}, PIPELINE_TIMEOUT_MS);
afterAll(async () => {
  await rm(exportDir, { recursive: true, force: true });
  await cleanup?.();
});

interface Collection {
  variable: Array<{ key: string; value: string }>;
  auth: { type: string; apikey: Array<{ key: string; value: string }> };
  item: Array<{ name: string; item: Array<{ request: { url: { host: string[] } }; response?: Array<{ code: number; body: string }> }> }>;
}

describe('export', () => {
  it('writes exactly openapi.yaml, openapi.json, postman-collection.json and reference.html', async () => {
    expect((await readdir(exportDir)).sort()).toEqual(['openapi.json', 'openapi.yaml', 'postman-collection.json', 'reference.html']);
  });

  it('exports the public spec only, the same in YAML (read as YAML 1.1 too) and JSON', async () => {
    const json = JSON.parse(await readFile(join(exportDir, 'openapi.json'), 'utf8')) as { paths: Record<string, unknown> };
    expect(json).toEqual(JSON.parse(await readFile(join(outDir, 'openapi.public.json'), 'utf8')));
    expect(Object.keys(json.paths)).toHaveLength(22);
    expect(JSON.stringify(json)).not.toContain('/auth/');
    expect(parse(await readFile(join(exportDir, 'openapi.yaml'), 'utf8'), { version: '1.1' })).toEqual(json);
  });

  it('gives the Postman collection a baseUrl and an ACME_API_TOKEN variable used by its apiKey auth', async () => {
    const collection = JSON.parse(await readFile(join(exportDir, 'postman-collection.json'), 'utf8')) as Collection;
    expect(collection.variable).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'baseUrl', value: 'https://api.acme.example/api/v1' }),
        expect.objectContaining({ key: 'ACME_API_TOKEN', value: '' }),
      ]),
    );
    expect(collection.auth).toEqual({
      type: 'apikey',
      apikey: expect.arrayContaining([
        expect.objectContaining({ key: 'key', value: 'ACME-API-TOKEN' }),
        expect.objectContaining({ key: 'value', value: '{{ACME_API_TOKEN}}' }),
        expect.objectContaining({ key: 'in', value: 'header' }),
      ]),
    });
    const requests = collection.item.flatMap((folder) => folder.item);
    expect(requests).toHaveLength(22);
    for (const request of requests) expect(request.request.url.host).toEqual(['{{baseUrl}}']);
  });

  it("carries the 401 and the 403 outside a token's access on every operation, in the spec and the collection", async () => {
    const json = JSON.parse(await readFile(join(exportDir, 'openapi.json'), 'utf8')) as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
    for (const [path, item] of Object.entries(json.paths)) expect(Object.keys(item.get.responses), path).toEqual(expect.arrayContaining(['401', '403']));
    const collection = JSON.parse(await readFile(join(exportDir, 'postman-collection.json'), 'utf8')) as Collection;
    const examples = collection.item.flatMap((folder) => folder.item).map((request) => (request.response ?? []).filter((response) => response.code === 403));
    for (const forbidden of examples) expect(forbidden.map((response) => JSON.parse(response.body) as unknown)).toEqual([{ status: 403, message: expect.stringMatching(/^This token has no access to [a-z]+\.$/) }]);
  });

  it('builds a self-contained HTML reference (Redoc inlined, nothing loaded from a CDN)', async () => {
    const html = await readFile(join(exportDir, 'reference.html'), 'utf8');
    expect(html).toContain('ACME Developer Portal: API reference');
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/);
    expect(html).not.toMatch(/<link[^>]+href=["']https?:/);
  });
});
