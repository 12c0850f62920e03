/** The bundled public spec and the catalogue against the fixture tests/fixtures/contract/public-operations.json. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateContext } from '../../../scripts/generate/context.ts';
import { listOperations } from '../../../src/shared/openapi/openapi-document.ts';
import type { Catalogue } from '../../../src/shared/portal-data/catalogue.ts';
import { PIPELINE_TIMEOUT_MS, generateIntoTemp, publicOperations, resolveRef, type JsonObject } from './support/contract.ts';

/** Every public operation takes the ETag of an answer the client has (Polling efficiently). */
const IF_NONE_MATCH = expect.objectContaining({ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } });

let ctx: GenerateContext;
let outDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, outDir, cleanup } = await generateIntoTemp());
}, PIPELINE_TIMEOUT_MS);
afterAll(() => cleanup?.());

function parametersOf(spec: unknown, operation: JsonObject): JsonObject[] {
  return ((operation.parameters ?? []) as unknown[]).map((parameter) => resolveRef(spec, parameter) as JsonObject);
}

describe('public spec (openapi.public.json)', () => {
  it('is the file generate wrote', async () => {
    const written = JSON.parse(await readFile(join(outDir, 'openapi.public.json'), 'utf8')) as unknown;
    expect(written).toEqual(ctx.publicSpec);
    expect(ctx.publicSpec.openapi).toBe('3.1.0');
  });

  it('has exactly the fixture public operations, GET but for the sandbox simulations, with the fixed operationIds and paths', () => {
    const actual = listOperations(ctx.publicSpec).map(({ method, path, operation }) => ({ method, path, operationId: operation.operationId }));
    const expected = publicOperations.operations.map((op) => ({ method: 'method' in op ? op.method : 'get', path: op.path, operationId: op.operationId }));
    expect(actual).toHaveLength(publicOperations.operations.length);
    expect(actual).toEqual(expected);
  });

  it('serves https://{host}/api/v1 and authenticates with the ACME-API-TOKEN header', () => {
    expect(ctx.publicSpec.servers).toEqual([
      expect.objectContaining({ url: 'https://{host}/api/v1', variables: { host: expect.objectContaining({ default: 'api.acme.example' }) } }),
    ]);
    expect(ctx.publicSpec.security).toEqual([{ apiToken: [] }]);
    const schemes = (ctx.publicSpec.components as JsonObject).securitySchemes;
    expect(schemes).toEqual({ apiToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'ACME-API-TOKEN' }) });
  });

  const findOperation = (operationId: string) => {
    const found = listOperations(ctx.publicSpec).find(({ operation }) => operation.operationId === operationId);
    if (!found) throw new Error(`${operationId} is missing`);
    return found.operation;
  };

  describe.each(publicOperations.operations)('$operationId', (expected) => {
    it('has a summary, a description and its tag', () => {
      const operation = findOperation(expected.operationId);
      expect(operation.summary).toEqual(expect.any(String));
      expect(operation.description).toEqual(expect.any(String));
      expect(operation.tags).toEqual([expected.tag]);
    });
  });

  describe.each(publicOperations.operations.filter((operation) => operation.mode === 'simulation'))('$operationId', (expected) => {
    const find = () => findOperation(expected.operationId);

    it(`takes only ${expected.idParam}, answers 200 with what changed and RateLimit headers, 403 for live tokens, 409 at a lifecycle's end`, () => {
      const operation = find();
      expect(parametersOf(ctx.publicSpec, operation)).toEqual([
        expect.objectContaining({
          name: expected.idParam,
          in: 'path',
          required: true,
          schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 },
        }),
      ]);
      const responses = operation.responses as JsonObject;
      const takesBody = operation.requestBody !== undefined;
      expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '403', '404', ...(takesBody ? [] : ['409']), '429']);
      const ok = resolveRef(ctx.publicSpec, responses['200']) as JsonObject;
      expect(((ok.content as JsonObject)['application/json'] as JsonObject).schema).toEqual({ $ref: '#/components/schemas/SimulationResult' });
      expect(Object.keys(ok.headers as JsonObject)).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
      const refused = resolveRef(ctx.publicSpec, responses['403']) as JsonObject;
      expect(String(refused.description)).toMatch(/^A live token/);
    });
  });

  describe.each(publicOperations.operations.filter((operation) => operation.mode !== 'simulation'))('$operationId', (expected) => {
    const find = () => findOperation(expected.operationId);

    it(
      expected.mode === 'list'
        ? 'takes page (0..2147483647, default 0), size (1..100, default 10) and If-None-Match'
        : `takes ${expected.idParam}, an integer from 1 to 2147483647, and If-None-Match`,
      () => {
        const parameters = parametersOf(ctx.publicSpec, find());
        if (expected.mode === 'list') {
          expect(parameters).toEqual([
            expect.objectContaining({ name: 'page', in: 'query', schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647, default: 0 } }),
            expect.objectContaining({ name: 'size', in: 'query', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 100, default: 10 } }),
            IF_NONE_MATCH,
          ]);
        } else {
          expect(parameters).toEqual([
            expect.objectContaining({
              name: expected.idParam,
              in: 'path',
              required: true,
              schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 },
            }),
            IF_NONE_MATCH,
          ]);
        }
      },
    );

    it('answers 200 with its schema and ETag and documents 304, 400, 401 (forbidden), 403 (its domain), 429, 502-504 and, for details, 404', () => {
      const responses = find().responses as JsonObject;
      const codes = Object.keys(responses).sort();
      const live = ['502', '503', '504'];
      expect(codes).toEqual(
        expected.mode === 'list' ? ['200', '304', '400', '401', '403', '429', ...live] : ['200', '304', '400', '401', '403', '404', '429', ...live],
      );
      const notModified = resolveRef(ctx.publicSpec, responses['304']) as JsonObject;
      expect(notModified.content).toBeUndefined();
      expect(Object.keys(notModified.headers as JsonObject)).toEqual(['ETag', 'Cache-Control', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
      const noAccess = resolveRef(ctx.publicSpec, responses['403']) as JsonObject;
      const noAccessExamples = ((noAccess.content as JsonObject)['application/json'] as JsonObject).examples as JsonObject;
      expect(Object.values(noAccessExamples).map((example) => (resolveRef(ctx.publicSpec, example) as JsonObject).value)).toEqual([
        { status: 403, message: `This token has no access to ${expected.domain}.` },
        { status: 403, message: 'This token cannot be used from 203.0.113.9.' },
      ]);
      const ok = resolveRef(ctx.publicSpec, responses['200']) as JsonObject;
      const media = (ok.content as JsonObject)['application/json'] as JsonObject;
      expect(media.schema).toEqual({ $ref: `#/components/schemas/${expected.schema}` });
      expect(Object.keys(ok.headers as JsonObject)).toEqual(['ETag', 'Cache-Control', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
      const unauthorized = resolveRef(ctx.publicSpec, responses['401']) as JsonObject;
      const examples = ((unauthorized.content as JsonObject)['application/json'] as JsonObject).examples as JsonObject;
      expect(Object.values(examples).map((example) => (resolveRef(ctx.publicSpec, example) as JsonObject).value)).toEqual([
        { status: 401, message: 'forbidden' },
      ]);
      const tooMany = resolveRef(ctx.publicSpec, responses['429']) as JsonObject;
      expect(Object.keys(tooMany.headers as JsonObject)).toContain('Retry-After');
      // The answers only a live token's call can get say so.
      for (const status of live) expect(String((resolveRef(ctx.publicSpec, responses[status]) as JsonObject).description)).toMatch(/^Live tokens only/);
      expect(Object.keys((resolveRef(ctx.publicSpec, responses['503']) as JsonObject).headers as JsonObject)).toContain('Retry-After');
    });
  });

  it('leaks nothing of the portal API: no internal operation, tag, path, security scheme or schema', () => {
    const text = JSON.stringify(ctx.publicSpec);
    expect(text).not.toContain('x-internal');
    expect(text).not.toContain('sessionCookie');
    expect(text).not.toContain('portal_session');
    expect(Object.keys(ctx.publicSpec.paths).filter((path) => path.startsWith('/auth'))).toEqual([]);
    const ids = listOperations(ctx.publicSpec).map(({ operation }) => operation.operationId);
    for (const { operationId } of publicOperations.portalOperations) expect(ids).not.toContain(operationId);
    expect(ctx.publicSpec.tags?.map((tag) => tag.name)).not.toEqual(expect.arrayContaining(['Portal session']));
    expect(ctx.publicSpec.tags?.map((tag) => tag.name)).not.toEqual(expect.arrayContaining(['Portal tokens']));
    const schemas = Object.keys((ctx.publicSpec.components as JsonObject).schemas as JsonObject);
    for (const name of publicOperations.portalSchemas) expect(schemas).not.toContain(name);
  });

  it('groups the tags for the documentation in the documented order (x-tagGroups, x-category, x-subcategory)', () => {
    const tags = new Map(ctx.publicSpec.tags?.map((tag) => [tag.name, tag]));
    const groups = ctx.publicSpec['x-tagGroups'] as Array<{ name: string; tags: string[] }>;
    expect(groups.map((group) => group.name)).toEqual(publicOperations.navigation.map((group) => group.title));
    groups.forEach((group, index) => {
      const expected = publicOperations.navigation[index];
      expect(group.tags.map((name) => tags.get(name)?.['x-category'])).toEqual(group.tags.map(() => expected?.category));
      expect(group.tags.map((name) => tags.get(name)?.['x-subcategory'])).toEqual(expected?.subcategories);
    });
  });

  it('describes authentication on the Authentication tag: Settings, header, curl, expiry, refresh, grace, access, token types, 401 and 403 bodies', () => {
    const description = String(ctx.publicSpec.tags?.find((tag) => tag.name === 'Authentication')?.description);
    expect(description).toContain('Settings');
    expect(description).toContain('ACME-API-TOKEN');
    expect(description).toContain('curl');
    expect(description).toContain('$ACME_API_TOKEN');
    expect(description).toContain('90 days');
    expect(description).toMatch(/refresh/i);
    expect(description).toMatch(/seller\*{0,2} token[^\n]*Seller API/);
    expect(description).toMatch(/warehouse\*{0,2} token[^\n]*Warehouse API/);
    expect(description).toContain('{"status": 401, "message": "forbidden"}');
    expect(description).toContain('{"status": 403, "message": "This token has no access to orders."}');
    expect(description).toContain('{"status": 403, "message": "This token cannot be used from 203.0.113.9."}');
    expect(description).toMatch(/IP allowlist/);
    expect(description).toMatch(/grace window/);
    expect(description).toContain('End now');
    for (const days of ['7', '30', '90', '180', '365']) expect(description).toContain(days);
    for (const domain of new Set(publicOperations.operations.map((operation) => operation.domain))) expect(description).toContain(`\`${domain}\``);
  });

  it("lists in the portal's ApiTokenScope exactly the x-domain values of the public operations", () => {
    const scope = ((ctx.portalSpec.components as JsonObject).schemas as JsonObject).ApiTokenScope as JsonObject;
    const domains = new Set(listOperations(ctx.publicSpec).map(({ operation }) => String(operation['x-domain'])));
    expect(new Set(scope.enum as string[])).toEqual(domains);
  });
});

describe('portal spec (openapi.portal.json)', () => {
  it('adds exactly the portal operations, each internal, on the /api server (well-known URIs on the origin) with the session cookie scheme', () => {
    const publicIds = new Set(publicOperations.operations.map((operation) => operation.operationId));
    const portal = listOperations(ctx.portalSpec).filter(({ operation }) => !publicIds.has(String(operation.operationId)));
    expect(portal.map(({ method, path, operation }) => ({ operationId: operation.operationId, method, path }))).toEqual(publicOperations.portalOperations);
    for (const { path, operation } of portal) {
      expect(operation['x-internal']).toBe(true);
      const server = path.startsWith('/.well-known/') ? 'https://{host}' : 'https://{host}/api';
      expect(ctx.portalSpec.paths[path]?.servers).toEqual([expect.objectContaining({ url: server })]);
    }
    const schemes = (ctx.portalSpec.components as JsonObject).securitySchemes as JsonObject;
    expect(schemes.sessionCookie).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'portal_session' }));
  });

  it('keeps every public operation unchanged', () => {
    for (const { path } of publicOperations.operations) expect(ctx.portalSpec.paths[path]).toEqual(ctx.publicSpec.paths[path]);
  });
});

describe('catalogue.ts', () => {
  it('is the typed module generate wrote, with the brand and the public server', async () => {
    const written = (await import(pathToFileURL(join(outDir, 'catalogue.ts')).href)) as { catalogue: Catalogue };
    expect(written.catalogue).toEqual(ctx.catalogue);
    expect(ctx.catalogue).toMatchObject({
      title: 'ACME Developer Portal',
      apiTokenHeader: 'ACME-API-TOKEN',
      tokenVariable: 'ACME_API_TOKEN',
      publicServer: 'https://{host}/api/v1',
      defaultHost: 'api.acme.example',
    });
  });

  it("carries the list calls' paging limits from the spec (page from 0, default 0; size 1..100, default 10)", () => {
    expect(ctx.catalogue.paging).toEqual({ page: { default: 0, minimum: 0 }, size: { default: 10, minimum: 1, maximum: 100 } });
  });

  it('lists every public operation with family, domain, order type, mode, id parameter and parameters', () => {
    expect(ctx.catalogue.operations).toEqual(
      publicOperations.operations.map(({ operationId, path, tag, family, domain, orderType, mode, idParam, ...rest }) => ({
        operationId,
        method: 'method' in rest ? rest.method : 'get',
        path,
        summary: expect.any(String),
        tag,
        subcategory: expect.any(String),
        family,
        domain,
        orderType,
        mode,
        idParam,
        // Where a list row holds its detail id (x-row-id): a seller import row is {import, quotation}.
        rowId: mode === 'list' ? (operationId === 'listSellerImports' ? ['import', 'id'] : ['id']) : null,
        // The tester's fields: a list pages, a detail call takes its id.
        parameters:
          mode === 'list'
            ? [
                expect.objectContaining({ name: 'page', in: 'query', required: false, type: 'integer', default: 0, minimum: 0 }),
                expect.objectContaining({ name: 'size', in: 'query', required: false, type: 'integer', default: 10, minimum: 1, maximum: 100 }),
              ]
            : [expect.objectContaining({ name: idParam, in: 'path', required: true, type: 'integer', minimum: 1 })],
      })),
    );
  });

  it('has the navigation groups and pages in the documented order', () => {
    expect(ctx.catalogue.groups.map(({ category, title, pages }) => ({ category, title, subcategories: pages.map((page) => page.subcategory) }))).toEqual(
      publicOperations.navigation,
    );
    expect(ctx.catalogue.groups[2]?.pages[0]).toEqual({ subcategory: 'warehouse', title: 'Warehouse', tag: 'Seller warehouse' });
    expect(ctx.catalogue.groups[0]?.pages).toEqual([{ subcategory: 'getting-started', title: 'Getting started', tag: 'Getting started' }]);
    expect(ctx.catalogue.groups[1]?.pages).toEqual([{ subcategory: 'overview', title: 'Authentication', tag: 'Authentication' }]);
    expect(ctx.catalogue.groups.at(-1)?.pages).toEqual([{ subcategory: 'changelog', title: 'Changelog', tag: 'Changelog' }]);
  });
});
