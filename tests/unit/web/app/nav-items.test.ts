import { describe, expect, it } from 'vitest';
import { activeDocsPage, buildDocsNav, ownApiFirst } from '../../../../src/web/app/shell/nav-items';

describe('buildDocsNav (from the generated catalogue)', () => {
  it('gives Authentication, Seller API, Warehouse API with the spec sub-items, and the Changelog on its own', () => {
    const nav = buildDocsNav();
    expect(nav.map((group) => [group.label, group.pages.map((page) => page.subcategory)])).toEqual([
      ['Getting started', ['getting-started']],
      ['Authentication', ['overview']],
      ['Seller API', ['warehouse', 'quotation', 'import', 'product', 'order', 'events', 'sandbox']],
      ['Warehouse API', ['quotation', 'import', 'inventory', 'order', 'events', 'sandbox']],
      ['Changelog', ['changelog']],
    ]);
    expect(nav[2]?.pages[0]).toEqual({
      label: 'Warehouse',
      category: 'seller',
      subcategory: 'warehouse',
      to: '/documentation?category=seller&subcategory=warehouse',
    });
  });
  it('follows the catalogue it is given', () => {
    expect(buildDocsNav([{ category: 'warehouse', title: 'X API', pages: [{ subcategory: 'y', title: 'Y' }] }])).toEqual([
      {
        label: 'X API',
        category: 'warehouse',
        pages: [{ label: 'Y', category: 'warehouse', subcategory: 'y', to: '/documentation?category=warehouse&subcategory=y' }],
      },
    ]);
  });
});

describe('ownApiFirst', () => {
  const labels = (userType?: 'SELLER' | 'WAREHOUSE') => ownApiFirst(buildDocsNav(), userType).map((group) => group.label);
  it("puts the user's own API before the other, the guides where they were", () => {
    expect(labels('WAREHOUSE')).toEqual(['Getting started', 'Authentication', 'Warehouse API', 'Seller API', 'Changelog']);
    expect(labels('SELLER')).toEqual(['Getting started', 'Authentication', 'Seller API', 'Warehouse API', 'Changelog']);
    expect(labels()).toEqual(['Getting started', 'Authentication', 'Seller API', 'Warehouse API', 'Changelog']);
  });
});

describe('activeDocsPage', () => {
  it('defaults to seller / warehouse on / and /documentation', () => {
    expect(activeDocsPage('/', '')).toEqual({ category: 'seller', subcategory: 'warehouse' });
    expect(activeDocsPage('/documentation', '')).toEqual({ category: 'seller', subcategory: 'warehouse' });
  });
  it('highlights the page a category alone opens: its first page when it has no Warehouse page', () => {
    // The Warehouse API has no `warehouse` page: the documentation shows its first page, Quotation.
    expect(activeDocsPage('/documentation', '?category=warehouse')).toEqual({ category: 'warehouse', subcategory: 'quotation' });
    expect(activeDocsPage('/documentation', '?category=authentication')).toEqual({ category: 'authentication', subcategory: 'overview' });
  });
  it('highlights the Warehouse API’s first page on / for a warehouse user', () => {
    expect(activeDocsPage('/', '', 'WAREHOUSE')).toEqual({ category: 'warehouse', subcategory: 'quotation' });
    expect(activeDocsPage('/documentation', '?category=seller', 'WAREHOUSE')).toEqual({ category: 'seller', subcategory: 'warehouse' });
  });
  it('reads the query', () => {
    expect(activeDocsPage('/documentation', '?category=warehouse&subcategory=inventory')).toEqual({ category: 'warehouse', subcategory: 'inventory' });
  });
  it('highlights nothing for a page that does not exist', () => {
    expect(activeDocsPage('/documentation', '?category=warehouse&subcategory=nope')).toBeNull();
  });
  it('is null elsewhere', () => {
    expect(activeDocsPage('/settings', '')).toBeNull();
    expect(activeDocsPage('/documentation/explorer', '')).toBeNull();
  });
});
