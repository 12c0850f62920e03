/**
 * `npm run export`: the files for integrators, public API only, for the whole API and each family, from a
 * fresh generate run. Each file is read by its consumer: the OpenAPI files by @readme/openapi-parser (an
 * independent validator), the Postman files by Postman's collection SDK, the Insomnia file against the
 * format-4 schema, the HTML reference by Chromium with every request off the page recorded. The `.http`
 * files are run against a server in tests/integration/http-file.test.ts.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the SDK ships its types without pointing package.json at them
/// <reference path="../../../node_modules/postman-collection/types/index.d.ts" />
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Collection, VariableScope, type Item, type Response } from 'postman-collection';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSpec } from '../../../scripts/export.ts';
import { chromiumPath } from '../../../scripts/lib/chromium.ts';
import insomniaSchema from '../../../scripts/export/insomnia-v4.schema.json';
import { API_FAMILIES, tokenVariableOf, type ApiFamily } from '../../../src/shared/api-family.ts';
import { EXPORT_FILES, EXPORT_SCOPES, PROVIDER_DIR, PROVIDER_FILES, scopeDir, type ExportScope } from '../../../src/shared/portal-data/downloads.ts';
import type { Catalogue } from '../../../src/shared/portal-data/catalogue.ts';
import { PIPELINE_TIMEOUT_MS, generateIntoTemp } from './support/contract.ts';

let outDir: string;
let exportDir: string;
let catalogue: Catalogue;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  let ctx;
  ({ outDir, cleanup, ctx } = await generateIntoTemp());
  catalogue = ctx.catalogue;
  exportDir = join(outDir, 'export');
  await exportSpec(exportDir, outDir);
}, PIPELINE_TIMEOUT_MS * 2);
afterAll(async () => {
  await rm(exportDir, { recursive: true, force: true });
  await cleanup?.();
});

const read = (scope: ExportScope, file: string) => readFile(join(exportDir, scopeDir(scope), file), 'utf8');
const readJson = async <T>(scope: ExportScope, file: string) => JSON.parse(await read(scope, file)) as T;
/** The public operations a scope's files must hold: all of them, or one family's. */
const operationsOf = (scope: ExportScope) => catalogue.operations.filter((op) => scope === 'all' || op.family === scope);
const BASE_URL = 'https://api.acme.example/api/v1';
/** The token variables a scope's files use: one per family, `ACME_SELLER_API_TOKEN`. */
const familiesOf = (scope: ExportScope): ApiFamily[] => (scope === 'all' ? [...API_FAMILIES] : [scope]);
const tokenVariable = (family: ApiFamily) => tokenVariableOf('ACME', family);
const familyOfOperation = (operationId: string) => catalogue.operations.find((op) => op.operationId === operationId)?.family;

interface SpecOperation {
  operationId: string;
  tags: string[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
}

interface Spec {
  info: { title: string };
  /** GETs, and POSTs for the sandbox's simulations. */
  paths: Record<string, Partial<Record<'get' | 'post', SpecOperation>>>;
  webhooks?: Record<string, { post: SpecOperation }>;
  tags: Array<{ name: string; 'x-category'?: string }>;
  components: { schemas: Record<string, unknown> };
}

/** Every operation of a spec's paths, whatever its method. */
const operationsIn = (spec: Spec): (SpecOperation & { method: string; path: string })[] =>
  Object.entries(spec.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ ...(operation as SpecOperation), method, path })));

/** The public spec's webhooks (event types) of one family, by the x-category of each one's first tag. */
async function eventsOf(family: ApiFamily): Promise<string[]> {
  const spec = JSON.parse(await readFile(join(outDir, 'openapi.public.json'), 'utf8')) as Spec;
  const categories = new Map(spec.tags.map((tag) => [tag.name, tag['x-category']]));
  return Object.entries(spec.webhooks ?? {})
    .filter(([, item]) => categories.get(item.post.tags[0] ?? '') === family)
    .map(([type]) => type);
}

it('writes the same files for the whole API (at the root) and for the Seller and Warehouse APIs', async () => {
  const names = EXPORT_FILES.map((file) => file.file).sort();
  expect((await readdir(exportDir)).filter((name) => !['seller', 'warehouse', PROVIDER_DIR].includes(name)).sort()).toEqual(names);
  expect((await readdir(join(exportDir, 'seller'))).sort()).toEqual(names);
  expect((await readdir(join(exportDir, 'warehouse'))).sort()).toEqual(names);
});

it('writes the provider integration document beside them, JSON and YAML the same valid OpenAPI 3.1 document, no placeholder left', async () => {
  const dir = join(exportDir, PROVIDER_DIR);
  expect((await readdir(dir)).sort()).toEqual(PROVIDER_FILES.map((file) => file.file).sort());
  const json = JSON.parse(await readFile(join(dir, 'provider-integration.json'), 'utf8')) as { paths: Record<string, unknown> };
  expect(parse(await readFile(join(dir, 'provider-integration.yaml'), 'utf8'), { version: '1.1' })).toEqual(json);
  expect(json).toEqual(JSON.parse(await readFile(join(outDir, 'openapi.provider.json'), 'utf8')));
  expect(Object.keys(json.paths)).toEqual([
    '/portal/password-check',
    '/portal/accounts/{subject}',
    '/api/provider/account-events',
    '/api/provider/resource-changes',
    // The portal's own operations for the provider's gateway and API, from the same path files it routes.
    '/gateway/check',
    '/gateway/introspect',
    '/.well-known/jwks.json',
    '/.well-known/oauth-authorization-server',
  ]);
  expect(JSON.stringify(json)).not.toMatch(/\{\{/);
  const result = await validate(structuredClone(json) as never);
  expect(result.valid ? [] : result.errors, JSON.stringify(result)).toEqual([]);
});

describe.each(EXPORT_SCOPES)('%s', (scope) => {
  it('OpenAPI JSON and YAML are the same document, valid for an independent OpenAPI 3.1 validator', async () => {
    const json = await readJson<Spec>(scope, 'openapi.json');
    expect(parse(await read(scope, 'openapi.yaml'), { version: '1.1' })).toEqual(json);
    const result = await validate(structuredClone(json) as never);
    expect(result.valid ? [] : result.errors, JSON.stringify(result)).toEqual([]);
  });

  it("holds exactly the scope's public operations, no portal API, and no other family's tags or schemas", async () => {
    const json = await readJson<Spec>(scope, 'openapi.json');
    const text = JSON.stringify(json);
    expect(
      operationsIn(json)
        .map((op) => op.operationId)
        .sort(),
    ).toEqual(
      operationsOf(scope)
        .map((op) => op.operationId)
        .sort(),
    );
    expect(text).not.toContain('/auth/');
    // Its family's webhooks, and no other family's.
    const events = (await Promise.all(familiesOf(scope).map(eventsOf))).flat();
    expect(events.length).toBeGreaterThan(0);
    expect(Object.keys(json.webhooks ?? {})).toEqual(events);
    if (scope === 'all') {
      expect(json).toEqual(JSON.parse(await readFile(join(outDir, 'openapi.public.json'), 'utf8')));
      return;
    }
    const other = scope === 'seller' ? 'Warehouse' : 'Seller';
    expect(json.info.title).toMatch(new RegExp(`${scope === 'seller' ? 'Seller' : 'Warehouse'} API$`));
    expect(json.tags.map((tag) => tag.name).filter((name) => name.startsWith(other))).toEqual([]);
    // Unused components were dropped (every $ref still resolves, or the validator above would fail).
    const all = await readJson<Spec>('all', 'openapi.json');
    expect(Object.keys(json.components.schemas).length).toBeLessThan(Object.keys(all.components.schemas).length);
  });

  it("carries the 401 and the 403 outside a token's access on every operation", async () => {
    const json = await readJson<Spec>(scope, 'openapi.json');
    for (const op of operationsIn(json)) expect(Object.keys(op.responses), op.operationId).toEqual(expect.arrayContaining(['401', '403']));
  });

  it("the Postman collection loads in Postman's SDK; with the environment every request reaches the base URL with its family's token header", async () => {
    const collectionJson = await readJson<{ auth?: unknown; variable: Array<{ key: string; value: string }> }>(scope, 'postman-collection.json');
    const collection = new Collection(collectionJson as never);
    const environmentJson = await readJson<{ name: string; values: Array<{ key: string; type: string; value: string }> }>(scope, 'postman-environment.json');
    const environment = new VariableScope(environmentJson as never);
    expect(environment.get('baseUrl')).toBe(BASE_URL);
    // One secret, empty variable per family of the scope; nothing of another family's.
    expect(environmentJson.values.filter((value) => value.key !== 'baseUrl')).toEqual(
      familiesOf(scope).map((family) => expect.objectContaining({ key: tokenVariable(family), type: 'secret', value: '' })),
    );
    expect(collectionJson.variable.map((variable) => variable.key)).toEqual(['baseUrl', ...familiesOf(scope).map(tokenVariable)]);
    expect(collectionJson.variable.every((variable) => variable.key === 'baseUrl' || variable.value === '')).toBe(true);
    // A family's collection also carries the auth at its root (for requests a user adds); the whole API's has none.
    expect(collectionJson.auth === undefined).toBe(scope === 'all');

    const items: Item[] = [];
    // forEachItem walks the folders (missing from the SDK's own types).
    (collection as unknown as { forEachItem(each: (item: Item) => void): void }).forEachItem((item) => items.push(item));
    expect(items).toHaveLength(operationsOf(scope).length);
    const spec = await readJson<Spec>(scope, 'openapi.json');
    const tested = new Set<string>();
    for (const item of items) {
      const url = environment.replaceIn(item.request.url.toString());
      expect(url.startsWith(`${BASE_URL}/${scope === 'all' ? '' : scope}`), url).toBe(true);
      // The test script names its operation; it was generated from the spec and is valid JavaScript.
      const tests = item.events.listeners('test');
      expect(tests, item.name).toHaveLength(1);
      const script = tests[0]?.script.toSource() ?? '';
      const operationId = /\(operation (\w+)\)/.exec(script)?.[1] ?? '';
      tested.add(operationId);
      const family = familyOfOperation(operationId);
      expect(family, item.name).toBeDefined();
      expect(() => new Function('pm', script), operationId).not.toThrow();
      const operation = operationsIn(spec).find((candidate) => candidate.operationId === operationId);
      // A simulation is a POST sending the spec's example body; everything else a GET without one.
      expect(item.request.method, operationId).toBe(operation?.method.toUpperCase());
      expect(item.request.body?.raw !== undefined && item.request.body.raw !== '', operationId).toBe(operation?.requestBody !== undefined);
      if (operation?.requestBody !== undefined) expect(() => JSON.parse(item.request.body?.raw ?? '') as unknown).not.toThrow();
      const statuses = Object.keys(operation?.responses ?? {}).map(Number);
      // The call must succeed; the declared statuses are a second test, so a 401 run is red.
      expect(script).toContain(`pm.test('${operationId}: answers 200', function () { pm.response.to.have.status(200); });`);
      expect(script).toContain(`pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(statuses)})`);
      expect(script).toContain('pm.response.to.have.jsonSchema(schema)');
      expect(script).not.toContain('$ref');

      const auth = item.getAuth();
      expect((auth as unknown as { type: string } | undefined)?.type).toBe('apikey');
      expect(auth?.parameters().get('key')).toBe('ACME-API-TOKEN');
      expect(auth?.parameters().get('value')).toBe(`{{${tokenVariable(family as ApiFamily)}}}`);
      const forbidden = item.responses
        .all()
        .filter((response: Response) => response.code === 403)
        .map((response: Response) => JSON.parse(response.body ?? '') as unknown);
      // A simulation's first 403 example is its own refusal of a live token; a read's is the token's missing access.
      const noAccess = operation?.method === 'post' ? expect.any(String) : expect.stringMatching(/^This token has no access to [a-z]+\.$/);
      expect(forbidden).toEqual([{ status: 403, message: noAccess }]);
    }
    expect([...tested].sort()).toEqual(
      operationsOf(scope)
        .map((op) => op.operationId)
        .sort(),
    );
    expect(collection.variables.get('baseUrl')).toBe(BASE_URL);
    // No event is a request; a run reads everything before the folders of calls that change data.
    const methods = items.map((item) => item.request.method);
    expect(methods.indexOf('POST')).toBeGreaterThan(methods.lastIndexOf('GET'));
    for (const type of (await Promise.all(familiesOf(scope).map(eventsOf))).flat()) expect(JSON.stringify(collectionJson)).not.toContain(type);
  });

  it('the Insomnia export matches the format-4 schema, its resources form one tree, one request per operation', async () => {
    const exported = await readJson<{
      resources: Array<{
        _id: string;
        _type: string;
        parentId: string | null;
        url?: string;
        name: string;
        method?: string;
        body?: { mimeType?: string; text?: string };
        headers?: Array<{ name: string; value: string }>;
      }>;
    }>(scope, 'insomnia.json');
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const valid = ajv.validate(insomniaSchema, exported);
    expect(ajv.errors ?? [], ajv.errorsText()).toEqual([]);
    expect(valid).toBe(true);
    const ids = new Set(exported.resources.map((resource) => resource._id));
    expect(ids.size).toBe(exported.resources.length);
    for (const resource of exported.resources) if (resource.parentId !== null) expect(ids.has(resource.parentId), resource._id).toBe(true);
    const requests = exported.resources.filter((resource) => resource._type === 'request');
    expect(requests).toHaveLength(operationsOf(scope).length);
    for (const request of requests) {
      expect(request.url).toMatch(/^\{\{ _\.baseUrl \}\}\//);
      // A request is found by its folder (its tag) and its name (the operation's summary).
      const tag = exported.resources.find((resource) => resource._id === request.parentId)?.name;
      const family = operationsOf(scope).find((op) => op.tag === tag && request.name.startsWith(op.summary))?.family;
      expect(family, request.name).toBeDefined();
      expect(request.headers).toContainEqual({ name: 'ACME-API-TOKEN', value: `{{ _.${tokenVariable(family as ApiFamily)} }}` });
      // A simulation's POST sends its JSON body; a GET none.
      if (request.body?.text !== undefined) {
        expect(request.method).toBe('POST');
        expect(request.body.mimeType).toBe('application/json');
        expect(() => JSON.parse(request.body?.text ?? '') as unknown).not.toThrow();
      }
    }
    const spec = await readJson<Spec>(scope, 'openapi.json');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(operationsIn(spec).filter((op) => op.method === 'post').length);
    expect(requests.filter((request) => request.body?.text !== undefined)).toHaveLength(operationsIn(spec).filter((op) => op.requestBody !== undefined).length);
    const environments = exported.resources.filter((resource) => resource._type === 'environment') as unknown as Array<{
      data: Record<string, string>;
      isPrivate: boolean;
    }>;
    expect(environments).toContainEqual(expect.objectContaining({ data: { baseUrl: BASE_URL }, isPrivate: false }));
    expect(environments).toContainEqual(
      expect.objectContaining({ data: Object.fromEntries(familiesOf(scope).map((family) => [tokenVariable(family), ''])), isPrivate: true }),
    );
  });

  it("the .http file names each operation once and reads the token from its family's variable", async () => {
    const text = await read(scope, 'requests.http');
    const names = [...text.matchAll(/^# @name (\w+)$/gm)].map((match) => match[1]);
    const headers = [...text.matchAll(/^# @name (\w+)\n.*\nACME-API-TOKEN: \{\{(\w+)\}\}$/gm)].map((match) => [match[1], match[2]]);
    expect(headers).toEqual(names.map((name) => [name, tokenVariable(familyOfOperation(name ?? '') as ApiFamily)]));
    for (const family of API_FAMILIES) expect(text.includes(tokenVariable(family))).toBe(familiesOf(scope).includes(family));
    expect(names.sort()).toEqual(
      operationsOf(scope)
        .map((op) => op.operationId)
        .sort(),
    );
    expect(text).toContain(`@baseUrl = ${BASE_URL}`);
    expect(text.match(/^ACME-API-TOKEN: /gm)).toHaveLength(names.length);
    // Simulations are POSTs; those with a body send it as JSON after a blank line.
    const spec = await readJson<Spec>(scope, 'openapi.json');
    const posts = operationsIn(spec).filter((op) => op.method === 'post');
    expect(text.match(/^POST \{\{baseUrl\}\}\//gm)).toHaveLength(posts.length);
    for (const op of posts.filter((candidate) => candidate.requestBody !== undefined))
      expect(text, op.operationId).toMatch(
        new RegExp(`^# @name ${op.operationId}\\nPOST .*\\n.*\\nAccept: application/json\\nContent-Type: application/json\\n\\n\\{`, 'm'),
      );
    for (const type of (await Promise.all(familiesOf(scope).map(eventsOf))).flat()) expect(text).not.toContain(type);
  });

  it("api.d.ts types exactly the scope's paths", async () => {
    const types = await read(scope, 'api.d.ts');
    expect(types).toContain('export interface paths');
    for (const op of catalogue.operations) {
      const typed = types.includes(`"${op.path}": {`);
      expect(typed, op.path).toBe(scope === 'all' || op.family === scope);
    }
  });

  it('the HTML reference is self-contained: Redoc inlined, an offline CSP, no https address to load', async () => {
    const html = await read(scope, 'reference.html');
    expect(html).toContain('ACME Developer Portal: ACME');
    expect(html).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';');
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/);
    expect(html).not.toMatch(/<link[^>]+href=["']https?:/);
    expect(html).not.toContain('cdn.redoc.ly');
  });
});

it('every HTML reference renders in Chromium from file:// without a single network request', async () => {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const scope of EXPORT_SCOPES) {
      const context = await browser.newContext({ offline: false });
      const page = await context.newPage();
      const requests: string[] = [];
      // blob: and data: URLs are made inside the page; anything else would leave the machine.
      page.on('request', (request) => {
        if (!/^(file|data|blob):/.test(request.url())) requests.push(request.url());
      });
      await page.goto(pathToFileURL(join(exportDir, scopeDir(scope), 'reference.html')).href, { waitUntil: 'load' });
      // Redoc has rendered the API's title (from the inlined spec).
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
      expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain('ACME Fulfillment API');
      await page.waitForTimeout(500);
      expect(requests, scope).toEqual([]);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}, 120_000);
