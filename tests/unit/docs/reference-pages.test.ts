/**
 * The reference-data generator: every public operation of a tag on its page, $refs resolved,
 * the spec's examples kept, the exact 401 body, internal operations absent, and the search index.
 * Runs the real generate pipeline into a temp dir.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldNode, ReferencePage, SearchIndex } from '../../../src/shared/portal-data/reference-page.ts';
import { PIPELINE_TIMEOUT_MS, generateIntoTemp, isObject, publicOperations, type JsonObject } from '../contract/support/contract.ts';
import type { GenerateContext } from '../../../scripts/generate/context.ts';

let ctx: GenerateContext;
let outDir: string;
let cleanup: () => Promise<void>;
let pages: ReferencePage[];
let index: SearchIndex;

beforeAll(async () => {
  ({ ctx, outDir, cleanup } = await generateIntoTemp());
  const dir = join(outDir, 'reference');
  pages = readdirSync(dir)
    .filter((file) => file !== 'search-index.json')
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReferencePage);
  index = JSON.parse(readFileSync(join(dir, 'search-index.json'), 'utf8')) as SearchIndex;
}, PIPELINE_TIMEOUT_MS);

afterAll(() => cleanup());

/** The spec's own operations, straight from the bundled public document. */
function specOperations(spec: JsonObject): { operationId: string; tag: string; operation: JsonObject }[] {
  const out: { operationId: string; tag: string; operation: JsonObject }[] = [];
  for (const item of Object.values(isObject(spec.paths) ? spec.paths : {})) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string' || !Array.isArray(operation.tags)) continue;
      out.push({ operationId: operation.operationId, tag: String(operation.tags[0]), operation });
    }
  }
  return out;
}

function deref(spec: JsonObject, node: JsonObject): JsonObject {
  let current = node;
  while (typeof current.$ref === 'string') {
    const target = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), spec);
    if (!isObject(target)) throw new Error(`bad ref ${current.$ref}`);
    current = target;
  }
  return current;
}

function page(category: string, subcategory: string): ReferencePage {
  const found = pages.find((p) => p.category === category && p.subcategory === subcategory);
  if (!found) throw new Error(`no page ${category}-${subcategory}`);
  return found;
}

function fieldNames(node: FieldNode | undefined, into: Set<string> = new Set()): Set<string> {
  for (const child of node?.children ?? []) {
    if (child.name) into.add(child.name);
    fieldNames(child, into);
  }
  return into;
}

describe('reference pages', () => {
  it('has one page per public tag with x-category and x-subcategory, and none for internal tags', () => {
    const expected = ctx.catalogue.groups.flatMap((group) => group.pages.map((p) => `${group.category}-${p.subcategory}`)).sort();
    expect(pages.map((p) => `${p.category}-${p.subcategory}`).sort()).toEqual(expected);
    expect(expected).toContain('authentication-overview');
    expect(expected).toContain('seller-order');
    expect(pages.map((p) => p.tag)).not.toContain('Portal session');
    expect(pages.map((p) => p.tag)).not.toContain('Portal tokens');
  });

  it('puts every operation of a tag on its page, in spec order, and nothing else', () => {
    const operations = specOperations(ctx.publicSpec as JsonObject);
    expect(operations).toHaveLength(publicOperations.operations.length);
    for (const p of pages) {
      const expected = operations.filter((op) => op.tag === p.tag).map((op) => op.operationId);
      // An events page holds the spec's webhooks, not its paths (their own test checks them).
      expect(
        p.operations.filter((op) => op.event === undefined).map((op) => op.operationId),
        p.tag,
      ).toEqual(expected);
    }
    expect(page('seller', 'order').operations.map((op) => op.operationId)).toEqual([
      'listSellerNormalOrders',
      'getSellerNormalOrder',
      'listSellerReturnOrders',
      'getSellerReturnOrder',
    ]);
  });

  it('leaves internal (portal) operations out of pages and search', () => {
    const internal = specOperations(ctx.portalSpec as JsonObject).filter((op) => op.operation['x-internal'] === true);
    expect(internal.map((op) => op.operationId)).toEqual(expect.arrayContaining(['login', 'listApiTokens', 'deleteApiToken']));
    const everything = JSON.stringify(pages) + JSON.stringify(index);
    for (const op of internal) expect(everything).not.toContain(`"${op.operationId}"`);
    expect(everything).not.toContain('/auth/token');
  });

  it('resolves every $ref', () => {
    for (const p of pages) expect(JSON.stringify(p)).not.toContain('$ref');
  });

  it('gives method, path, summary, parameters with type, required, default and limits', () => {
    const list = page('seller', 'order').operations.find((op) => op.operationId === 'listSellerReturnOrders');
    expect(list).toMatchObject({ method: 'get', path: '/seller/orders/return', summary: expect.any(String) });
    expect(list?.parameters).toEqual([
      expect.objectContaining({ name: 'page', in: 'query', required: false, type: 'integer', default: '0', limits: ['0..2147483647'] }),
      expect.objectContaining({ name: 'size', in: 'query', required: false, type: 'integer', default: '10', limits: ['1..100'] }),
      expect.objectContaining({ name: 'If-None-Match', in: 'header', required: false, type: 'string' }),
    ]);
    const detail = page('seller', 'order').operations.find((op) => op.operationId === 'getSellerReturnOrder');
    expect(detail?.parameters).toEqual([
      expect.objectContaining({ name: 'returnId', in: 'path', required: true, type: 'integer' }),
      expect.objectContaining({ name: 'If-None-Match', in: 'header', required: false, type: 'string' }),
    ]);
    expect(detail?.securityHeader).toBe('ACME-API-TOKEN');
  });

  it('draws the envelope and the entity as a field tree, nested objects and arrays included', () => {
    const list = page('seller', 'order').operations.find((op) => op.operationId === 'listSellerReturnOrders');
    const body = list?.responses.find((r) => r.status === '200')?.body;
    expect(body?.children?.map((c) => c.name)).toEqual(['page', 'size', 'lastPage', 'data']);
    const data = body?.children?.find((c) => c.name === 'data');
    expect(data).toMatchObject({ type: 'array of ReturnOrder', schema: 'ReturnOrder' });
    const names = fieldNames(data);
    for (const field of ['returnReason', 'returnToSeller', 'informationOrderReturn', 'products', 'orderQuantity', 'eanUpc']) expect(names).toContain(field);
    const state = data?.children?.find((c) => c.name === 'state');
    expect(state?.type).toBe('string | null');
    const date = data?.children?.find((c) => c.name === 'warehouseUpdateDate');
    expect(date).toMatchObject({ format: 'date-time' });

    const product = page('seller', 'product').operations.find((op) => op.operationId === 'getSellerProduct');
    const inventory = product?.responses.find((r) => r.status === '200')?.body?.children?.find((c) => c.name === 'inventory');
    expect(inventory?.children?.map((c) => c.name)).toEqual(expect.arrayContaining(['unAvailableQuantity', 'returnDisposalQuantity']));
    const unit = product?.responses.find((r) => r.status === '200')?.body?.children?.find((c) => c.name === 'demensionUnit');
    expect(unit?.enum).toEqual(['cm', 'in']);
  });

  it('keeps the spec’s examples, formatted', () => {
    const spec = ctx.publicSpec as JsonObject;
    for (const { operationId, operation } of specOperations(spec)) {
      const ours = pages.flatMap((p) => p.operations).find((op) => op.operationId === operationId);
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, raw] of Object.entries(responses)) {
        if (!isObject(raw)) continue;
        const media = deref(spec, raw).content;
        const json = isObject(media) ? media['application/json'] : undefined;
        if (!isObject(json) || !isObject(json.examples)) continue;
        const expected = Object.values(json.examples)
          .filter(isObject)
          .map((example) => deref(spec, example).value);
        const actual = ours?.responses.find((r) => r.status === status)?.examples?.map((example) => JSON.parse(example.json) as unknown);
        expect(actual, `${operationId} ${status}`).toEqual(expected);
        expect(ours?.responses.find((r) => r.status === status)?.examples?.[0]?.json).toContain('\n  ');
      }
    }
  });

  it('shows every public operation’s 401 with exactly {status: 401, message: "forbidden"}, and 400 and 404 where they apply', () => {
    // Events are sent to the integrator, with no token: their answers are the endpoint's (see the events tests).
    for (const op of pages.flatMap((p) => p.operations).filter((p) => p.event === undefined)) {
      const unauthorized = op.responses.find((r) => r.status === '401');
      expect(
        unauthorized?.examples?.map((e) => JSON.parse(e.json) as unknown),
        op.operationId,
      ).toEqual([{ status: 401, message: 'forbidden' }]);
      expect(op.responses.map((r) => r.status)).toContain('400');
      if (op.operationId.startsWith('get'))
        expect(
          op.responses.map((r) => r.status),
          op.operationId,
        ).toContain('404');
    }
  });

  it('links "Try it" to the tester with API, domain, mode and order type', () => {
    const ops = page('seller', 'order').operations;
    expect(ops.find((op) => op.operationId === 'getSellerReturnOrder')?.tryIt).toBe('/api-test?operation=getSellerReturnOrder&id=1');
    expect(ops.find((op) => op.operationId === 'listSellerNormalOrders')?.tryIt).toBe('/api-test?operation=listSellerNormalOrders');
    const inventory = page('warehouse', 'inventory').operations.find((op) => op.operationId === 'listWarehouseInventory');
    expect(inventory?.tryIt).toBe('/api-test?operation=listWarehouseInventory');
  });

  it('turns the Authentication tag’s Markdown into a safe tree with the header, curl, expiry and the 401 body', () => {
    const auth = page('authentication', 'overview');
    expect(auth.operations).toEqual([]);
    const text = JSON.stringify(auth.description);
    for (const words of ['ACME-API-TOKEN', 'curl', 'Settings', 'expire', 'Refresh', 'seller', 'warehouse', 'forbidden']) expect(text).toContain(words);
    expect(auth.description?.some((block) => block.t === 'pre' && block.v.includes('curl'))).toBe(true);
    expect(text).not.toMatch(/<[a-z]+[\s>]/i);
    // The general part lives on its own Getting started page now, not on Authentication.
    expect(auth.about).toBeUndefined();
  });

  it('gives the API’s general part its own Getting started page, linking to Authentication', () => {
    const guide = page('guide', 'getting-started');
    expect(guide.title).toBe('Getting started');
    expect(guide.operations).toEqual([]);
    const headings = (guide.description ?? []).filter((block) => block.t === 'h').map((block) => JSON.stringify(block.c));
    expect(headings.join(' ')).toMatch(/Lists and paging.*Errors.*Rate limits/);
    expect(guide.description?.some((block) => block.t === 'table')).toBe(true);
    expect(JSON.stringify(guide.description)).toContain('"href":"/documentation?category=authentication&subcategory=overview"');
    expect(JSON.stringify(guide.description)).not.toContain('see the Authentication section');
  });
});

describe('search index', () => {
  it('holds every operation by path, summary and operationId', () => {
    const operations = index.entries.filter((e) => e.kind === 'operation');
    expect(operations).toHaveLength(publicOperations.operations.length);
    expect(operations).toContainEqual(
      expect.objectContaining({
        title: 'GET /seller/orders/return/{returnId}',
        keywords: 'getSellerReturnOrder',
        href: '/documentation?category=seller&subcategory=order#getSellerReturnOrder',
      }),
    );
  });

  it('holds schemas and fields, each linking to where it is drawn', () => {
    expect(index.entries).toContainEqual(expect.objectContaining({ kind: 'schema', title: 'ReturnOrder' }));
    const returnReason = index.entries.find((e) => e.kind === 'field' && e.title === 'returnReason');
    expect(returnReason?.href).toBe('/documentation?category=seller&subcategory=order#listSellerReturnOrders.200.data.returnReason');
    const inventory = index.entries.filter((e) => e.kind === 'field' && e.title === 'inventory');
    expect(inventory.length).toBeGreaterThan(0);
    // A field is indexed once per schema and page, not once per operation that returns it: the return
    // orders' returnReason once on each API's Order page.
    expect(index.entries.filter((e) => e.kind === 'field' && e.title === 'returnReason').map((e) => e.page)).toEqual([
      'Seller API · Order',
      'Warehouse API · Order',
    ]);
  });
});

/** The spec's webhooks by family (the x-category of each one's first tag), in document order. */
function specEvents(spec: JsonObject): { family: string; type: string; operation: JsonObject }[] {
  const tags = new Map((Array.isArray(spec.tags) ? spec.tags : []).filter(isObject).map((tag) => [tag.name, tag]));
  return Object.entries(isObject(spec.webhooks) ? spec.webhooks : {}).flatMap(([type, item]) => {
    const operation = isObject(item) && isObject(item.post) ? item.post : undefined;
    if (!operation || !Array.isArray(operation.tags)) return [];
    return [{ family: String(tags.get(String(operation.tags[0]))?.['x-category']), type, operation }];
  });
}

describe.each(['seller', 'warehouse'])('%s events', (family) => {
  it("holds exactly the family's webhooks on its events page, in spec order, each marked as an event", () => {
    const expected = specEvents(ctx.publicSpec as JsonObject).filter((event) => event.family === family);
    expect(expected.length).toBeGreaterThan(0);
    const onPage = page(family, 'events').operations;
    expect(onPage.map((op) => op.event)).toEqual(expected.map((event) => event.type));
    expect(onPage.map((op) => op.operationId)).toEqual(expected.map((event) => event.operation.operationId));
    // No other page holds an event, and no event of another family is here.
    const elsewhere = pages.filter((p) => p !== page(family, 'events')).flatMap((p) => p.operations.filter((op) => op.event?.startsWith(`${family}.`)));
    expect(elsewhere).toEqual([]);
  });

  it('gives each event its summary, signature headers, payload tree and example, answers and receiver samples', () => {
    for (const event of page(family, 'events').operations) {
      const spec = specEvents(ctx.publicSpec as JsonObject).find((candidate) => candidate.type === event.event);
      expect(event.summary).toBe(spec?.operation.summary);
      expect(event.description).toBeDefined();
      expect(event.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['header:webhook-id', 'header:webhook-timestamp', 'header:webhook-signature']);
      expect(event.requestBody?.body?.children?.map((child) => child.name)).toEqual(['id', 'type', 'timestamp', 'environment', 'data']);
      expect(event.requestBody?.body?.children?.find((child) => child.name === 'type')?.enum).toEqual([event.event]);
      expect(JSON.parse(event.requestBody?.examples?.[0]?.json ?? '{}')).toMatchObject({ type: event.event });
      expect(event.responses.map((response) => response.status)).toEqual(['200', '410']);
      expect(event.samples.map((sample) => sample.lang)).toEqual(['javascript', 'python']);
      for (const sample of event.samples) {
        expect(sample.code).toContain('standardwebhooks');
        expect(sample.code).toContain(event.event);
        expect(sample.code).toContain('ACME_WEBHOOK_SECRET');
      }
      expect(event.tryIt).toBeUndefined();
    }
  });

  it('says how to verify a delivery: HMAC-SHA256 over id.timestamp.body, the whsec_ secret, retries, 15 s and 410', () => {
    const text = JSON.stringify(page(family, 'events').verification);
    expect(text).toContain('How to verify');
    for (const fact of [
      'HMAC-SHA256',
      '{webhook-id}.{webhook-timestamp}.{body}',
      'whsec_',
      '5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h',
      '15 seconds',
      '410 Gone',
      'standardwebhooks',
    ])
      expect(text).toContain(fact);
  });

  it('finds events by type, summary and payload fields in search, on their own page only', () => {
    const where = `${page(family, 'events').groupTitle} · ${page(family, 'events').title}`;
    const events = index.entries.filter((entry) => entry.kind === 'event' && entry.page === where);
    expect(events.map((entry) => entry.title)).toEqual(page(family, 'events').operations.map((op) => `EVENT ${op.event}`));
    expect(events.map((entry) => entry.detail)).toEqual(page(family, 'events').operations.map((op) => op.summary));
    expect(events.every((entry) => !entry.title.includes(family === 'seller' ? 'warehouse.' : 'seller.'))).toBe(true);
    const first = page(family, 'events').operations[0];
    expect(index.entries).toContainEqual(
      expect.objectContaining({
        kind: 'field',
        title: 'resourceUrl',
        page: where,
        href: expect.stringContaining(`#${first?.operationId}.request.data.resourceUrl`),
      }),
    );
    expect(index.entries).toContainEqual(expect.objectContaining({ kind: 'section', title: 'How to verify', page: where }));
  });
});

describe('sandbox simulations', () => {
  it('are POSTs with their request body, samples that send it, and no Try it (the tester sends GET only)', () => {
    const simulations = pages.flatMap((p) => p.operations.filter((op) => op.method === 'post' && op.event === undefined));
    expect(simulations.length).toBeGreaterThan(0);
    for (const op of simulations) {
      expect(op.tryIt, op.operationId).toBeUndefined();
      const curl = op.samples.find((sample) => sample.lang === 'curl')?.code ?? '';
      expect(curl, op.operationId).toContain('--request POST');
      const javascript = op.samples.find((sample) => sample.lang === 'javascript')?.code ?? '';
      expect(javascript, op.operationId).toContain("method: 'POST'");
      if (op.requestBody) {
        expect(op.requestBody.body?.type).toBe('object');
        expect(curl).toContain("--header 'Content-Type: application/json'");
        expect(curl).toContain(`--data '${op.requestBody.examples?.[0]?.json}'`);
      } else expect(curl).not.toContain('--data');
    }
    expect(simulations.some((op) => op.requestBody !== undefined)).toBe(true);
    const entries = index.entries.filter((entry) => entry.kind === 'operation' && entry.title.startsWith('POST '));
    expect(entries).toHaveLength(simulations.length);
  });
});
