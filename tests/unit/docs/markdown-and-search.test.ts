/** The build-time Markdown tree (safe by construction) and the search ranking. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownBlocks, markdownInline } from '../../../scripts/generate/reference/markdown.ts';
import { prepareEntries, search } from '../../../src/shared/portal-data/search-ranking.ts';
import type { SearchEntry, SearchIndex } from '../../../src/shared/portal-data/reference-page.ts';
import { resolvePage, type NavGroup } from '../../../src/shared/portal-data/links.ts';

describe('markdownBlocks', () => {
  it('keeps headings, lists, code and tables', () => {
    const blocks = markdownBlocks('## Create a token\n\n1. Open **Settings**\n\n```bash\ncurl x\n```\n\n| a | b |\n|---|---|\n| 1 | `2` |\n');
    expect(blocks).toEqual([
      { t: 'h', level: 2, id: 'create-a-token', c: ['Create a token'] },
      { t: 'ol', items: [[{ t: 'p', c: ['Open ', { t: 'strong', c: ['Settings'] }] }]] },
      { t: 'pre', lang: 'bash', v: 'curl x' },
      { t: 'table', head: [['a'], ['b']], rows: [[['1'], [{ t: 'code', v: '2' }]]] },
    ]);
  });

  it('drops raw HTML and unsafe links', () => {
    const blocks = markdownBlocks('Hi <script>alert(1)</script> [x](javascript:alert(1)) [ok](https://example.com) [in](/settings)\n\n<div>raw</div>');
    const json = JSON.stringify(blocks);
    expect(json).not.toContain('script');
    expect(json).not.toContain('javascript:');
    expect(json).not.toContain('<div>');
    expect(json).toContain('"href":"https://example.com"');
    expect(json).toContain('"href":"/settings"');
  });

  it('leaves plain one-line descriptions as one string', () => {
    expect(markdownInline('Why the goods come back.')).toEqual(['Why the goods come back.']);
    expect(markdownInline('Zero-based; `0` when empty.')).toEqual(['Zero-based; ', { t: 'code', v: '0' }, ' when empty.']);
  });
});

describe('search', () => {
  const entry = (kind: SearchEntry['kind'], title: string, detail = ''): SearchEntry => ({
    kind,
    title,
    detail,
    page: 'Seller API · Order',
    href: `/x#${title}`,
  });
  const entries = prepareEntries([
    entry('page', 'Warehouse API · Inventory'),
    entry('operation', 'GET /warehouse/inventory', 'List inventory'),
    entry('field', 'unAvailableQuantity', 'Inventory · integer'),
    entry('field', 'inventory', 'Product · object'),
    entry('field', 'returnReason', 'ReturnOrder · string · Why the goods come back.'),
  ]);

  it('needs every word and ranks exact title matches first', () => {
    expect(search(entries, 'inventory')[0]?.title).toBe('inventory');
    expect(search(entries, 'inventory').map((e) => e.title)).toContain('GET /warehouse/inventory');
    expect(search(entries, 'returnreason').map((e) => e.title)).toEqual(['returnReason']);
    expect(search(entries, 'goods back').map((e) => e.title)).toEqual(['returnReason']);
    expect(search(entries, 'goods nothing')).toEqual([]);
    expect(search(entries, '   ')).toEqual([]);
  });
});

describe('search over the generated index', () => {
  const index = JSON.parse(readFileSync('src/generated/reference/search-index.json', 'utf8')) as SearchIndex;
  const prepared = prepareEntries(index.entries);

  it('ranks operations and pages above schemas and fields: "return" opens with the return-order operations', () => {
    const results = search(prepared, 'return');
    const firstSchemaOrField = results.findIndex((entry) => entry.kind === 'schema' || entry.kind === 'field');
    const lastOperation = results.map((entry) => entry.kind).lastIndexOf('operation');
    expect(results[0]?.kind).toBe('operation');
    expect(results.slice(0, 8).map((entry) => entry.detail)).toContain('List return orders');
    expect(lastOperation).toBeLessThan(firstSchemaOrField);
  });

  it('finds an event by the words of its type, ranked with the operations: "normal order status changed"', () => {
    const [first] = search(prepared, 'normal order status changed', { preferredCategory: 'warehouse' });
    expect(first).toMatchObject({ kind: 'event', title: 'EVENT warehouse.normal_order.status_changed' });
    expect(search(prepared, 'seller.product.inventory_changed')[0]).toMatchObject({ kind: 'event', title: 'EVENT seller.product.inventory_changed' });
  });

  it('offers a field both APIs share on each page that has it, the user’s own API first', () => {
    for (const field of ['trackingNumber', 'availableQuantity']) {
      const asSeller = search(prepared, field, { preferredCategory: 'seller' }).filter((entry) => entry.title === field);
      const asWarehouse = search(prepared, field, { preferredCategory: 'warehouse' }).filter((entry) => entry.title === field);
      expect(new Set(asSeller.map((entry) => entry.page.split(' · ')[0]))).toEqual(new Set(['Seller API', 'Warehouse API']));
      expect(asSeller[0]?.page).toMatch(/^Seller API/);
      expect(asWarehouse[0]?.page).toMatch(/^Warehouse API/);
    }
  });

  it('finds the guides by their text, each section at its heading: "rate limit", "etag"', () => {
    expect(search(prepared, 'rate limit')[0]).toMatchObject({
      kind: 'section',
      title: 'Rate limits',
      href: '/documentation?category=guide&subcategory=getting-started#rate-limits',
    });
    expect(search(prepared, 'etag')[0]).toMatchObject({
      kind: 'section',
      title: 'Polling efficiently',
      href: '/documentation?category=authentication&subcategory=overview#polling-efficiently',
    });
  });

  it('describes a schema by its own description, not the list field that holds it', () => {
    const returnOrder = index.entries.find((entry) => entry.kind === 'schema' && entry.title === 'ReturnOrder');
    expect(returnOrder?.detail).toBe('A return order.');
    for (const entry of index.entries.filter((candidate) => candidate.kind === 'schema')) expect(entry.detail).not.toMatch(/^The rows of this page/);
  });
});

describe('resolvePage', () => {
  const groups: NavGroup[] = [
    { category: 'authentication', title: 'Authentication', pages: [{ subcategory: 'overview', title: 'Authentication' }] },
    {
      category: 'seller',
      title: 'Seller API',
      pages: [
        { subcategory: 'warehouse', title: 'Warehouse' },
        { subcategory: 'order', title: 'Order' },
      ],
    },
    { category: 'warehouse', title: 'Warehouse API', pages: [{ subcategory: 'quotation', title: 'Quotation' }] },
  ];
  const resolve = (query: string) => resolvePage(groups, new URLSearchParams(query));

  it('defaults to seller / warehouse', () => {
    expect(resolve('')).toMatchObject({ found: true, page: { category: 'seller', subcategory: 'warehouse' } });
  });
  it('opens authentication without a subcategory, and a category’s first page when it has no warehouse page', () => {
    expect(resolve('category=authentication')).toMatchObject({ found: true, page: { subcategory: 'overview' } });
    expect(resolve('category=warehouse')).toMatchObject({ found: true, page: { subcategory: 'quotation' } });
  });
  it('opens the first page of the user’s own API: a warehouse user lands on the Warehouse API', () => {
    const forWarehouse = (query: string) => resolvePage(groups, new URLSearchParams(query), 'WAREHOUSE');
    expect(forWarehouse('')).toMatchObject({ found: true, page: { category: 'warehouse', subcategory: 'quotation', groupTitle: 'Warehouse API' } });
    expect(resolvePage(groups, new URLSearchParams(''), 'SELLER')).toMatchObject({ found: true, page: { category: 'seller', subcategory: 'warehouse' } });
    // The other API stays one click away: an explicit category wins over the user type.
    expect(forWarehouse('category=seller')).toMatchObject({ found: true, page: { category: 'seller', subcategory: 'warehouse' } });
    expect(forWarehouse('subcategory=quotation')).toMatchObject({ found: true, page: { category: 'warehouse', subcategory: 'quotation' } });
  });
  it('refuses unknown categories and subcategories', () => {
    expect(resolve('category=buyer')).toEqual({ found: false, category: 'buyer', subcategory: null });
    expect(resolve('category=seller&subcategory=nope')).toEqual({ found: false, category: 'seller', subcategory: 'nope' });
  });
});
