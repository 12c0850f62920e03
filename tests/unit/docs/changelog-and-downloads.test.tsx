/**
 * The reference pages' header (API version, the user's own downloads first, every download in a menu)
 * and the Changelog page's versions, breaking changes marked.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ChangelogSection } from '../../../src/web/features/docs/components/changelog-section';
import { UNRELEASED, type ChangelogVersion } from '../../../src/shared/portal-data/changelog';
import { EXPORT_FILES } from '../../../src/shared/portal-data/downloads';
import { server, setupMsw } from '../web/support/msw-server';
import { getCurrentUser } from '../web/support/handlers';
import { seller, warehouseUser } from '../web/support/fixtures';
import { renderApp } from '../web/support/render-app';

setupMsw();

async function openPage(url: string, user = seller) {
  server.use(getCurrentUser(user));
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 10_000 });
  return view;
}

describe('downloads in the reference pages', () => {
  it.each([
    [seller, 'Seller API', 'seller'],
    [warehouseUser, 'Warehouse API', 'warehouse'],
  ] as const)('offers the $2 user its own API first: OpenAPI, Postman, Insomnia, .http, types', async (user, title, dir) => {
    await openPage('/documentation?category=seller&subcategory=order', user);
    const toolbar = screen.getByRole('navigation', { name: 'Downloads and explorer' });
    expect(within(toolbar).getByText(`${title}:`)).toBeInTheDocument();
    const links = within(toolbar)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/downloads/'));
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['OpenAPI', `/downloads/${dir}/openapi.yaml`],
      ['Postman', `/downloads/${dir}/postman-collection.json`],
      ['Insomnia', `/downloads/${dir}/insomnia.json`],
      ['.http', `/downloads/${dir}/requests.http`],
      ['types', `/downloads/${dir}/api.d.ts`],
    ]);
    for (const link of links) expect(link).toHaveAttribute('download');
  });

  it('lists every file of the whole API, Seller and Warehouse behind All downloads as a grid of formats by scope, own API first', async () => {
    const { user } = await openPage('/documentation?category=seller&subcategory=warehouse', warehouseUser);
    await user.click(screen.getByRole('button', { name: 'All downloads' }));
    const panel = await screen.findByRole('dialog', { name: 'All downloads' });
    const grid = within(panel).getByRole('table');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Format', 'Warehouse API', 'Seller API', 'Whole API']);
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(EXPORT_FILES.map((file) => file.label));
    expect(within(grid).getAllByRole('link')).toHaveLength(EXPORT_FILES.length * 3);
    expect(within(rows[0]!).getAllByRole('link')[0]).toHaveAttribute('href', '/downloads/warehouse/openapi.yaml');
    expect(within(panel).getByRole('link', { name: 'Whole API Postman environment' })).toHaveAttribute('href', '/downloads/postman-environment.json');
    expect(within(panel).getByRole('link', { name: 'Seller API HTML reference (offline)' })).toHaveAttribute('href', '/downloads/seller/reference.html');
  });

  it('shows the API version and links the Changelog page, which the sidebar lists too', async () => {
    const { user } = await openPage('/documentation?category=seller&subcategory=warehouse');
    expect(screen.getByTestId('api-version')).toHaveTextContent(/^\d+\.\d+\.\d+$/);
    // The sidebar's entry and the header's link.
    expect(screen.getAllByRole('link', { name: 'Changelog' })).toHaveLength(2);
    await user.click(within(screen.getByText(/^API version/)).getByRole('link', { name: 'Changelog' }));
    await screen.findByRole('heading', { level: 2, name: /^1\.0\.0 \d{4}-\d{2}-\d{2}$/ }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Changelog' })).toBeInTheDocument();
  });
});

describe('Changelog page', () => {
  it('has its own sidebar entry, not one under Authentication, and does not link to itself', async () => {
    await openPage('/documentation?category=authentication&subcategory=changelog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Changelog' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    const entry = within(navigation).getByRole('link', { name: 'Changelog' });
    expect(entry).toHaveAttribute('aria-current', 'page');
    const authentication = within(navigation).queryByRole('list', { name: 'Authentication' });
    expect(authentication).toBeNull();
    // The sidebar's entry is the page's only link to itself.
    expect(screen.getAllByRole('link', { name: 'Changelog' })).toEqual([entry]);
    expect(screen.getByText(/^API version/)).toHaveTextContent(/^API version \d+\.\d+\.\d+$/);
  });
});

describe('ChangelogSection', () => {
  const versions: ChangelogVersion[] = [
    {
      version: '2.0.0',
      date: '2027-01-10',
      changes: [
        {
          kind: 'removed',
          breaking: true,
          operation: 'GET /seller/warehouses/{warehouseId}',
          operationId: 'getSellerWarehouse',
          description: 'Removed operation GET /seller/warehouses/{warehouseId}',
          documentationOnly: false,
        },
        {
          kind: 'deprecated',
          breaking: false,
          operation: 'GET /seller/quotations',
          operationId: 'listSellerQuotations',
          description: 'Added deprecated status',
          href: '/documentation?category=seller&subcategory=quotation#listSellerQuotations',
          documentationOnly: false,
        },
        {
          kind: 'added',
          breaking: false,
          operation: 'GET /seller/products',
          operationId: 'listSellerProducts',
          description: 'Added property `color` to `data[]` in Response 200',
          href: '/documentation?category=seller&subcategory=product#listSellerProducts',
          documentationOnly: false,
        },
        {
          kind: 'changed',
          breaking: false,
          operation: 'GET /seller/products',
          operationId: 'listSellerProducts',
          description: 'Changed the description of the 200 response',
          href: '/documentation?category=seller&subcategory=product#listSellerProducts',
          documentationOnly: true,
        },
        {
          kind: 'added',
          breaking: false,
          operation: 'GET /seller/products',
          operationId: 'listSellerProducts',
          description: 'Added example `empty` of the 200 response',
          href: '/documentation?category=seller&subcategory=product#listSellerProducts',
          documentationOnly: true,
        },
      ],
    },
    { version: '1.0.0', date: '2026-11-23', changes: [] },
  ];

  it('shows each version with its date, changes grouped by kind, breaking ones marked, operations linked', () => {
    render(
      <MemoryRouter>
        <ChangelogSection versions={versions} />
      </MemoryRouter>,
    );
    const latest = screen.getByRole('region', { name: '2.0.0 2027-01-10' });
    expect(within(latest).getByText('1 breaking change.')).toBeInTheDocument();
    expect(
      within(latest)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Added', 'Deprecated', 'Removed']);
    const removed = within(latest).getByText('Removed operation GET /seller/warehouses/{warehouseId}', { exact: false }).closest('li');
    expect(removed).not.toBeNull();
    expect(within(removed as HTMLElement).getByText('Breaking')).toBeInTheDocument();
    // A removed operation has no page to link to; the others do.
    expect(within(removed as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(latest).getByRole('link', { name: 'GET /seller/quotations' })).toHaveAttribute(
      'href',
      '/documentation?category=seller&subcategory=quotation#listSellerQuotations',
    );
    expect(within(latest).getAllByText('Breaking')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: '1.0.0 2026-11-23' })).getByText('First release.')).toBeInTheDocument();
  });

  it('sets edits that change no request or answer apart, collapsed, grouped by operation in sentences', () => {
    render(
      <MemoryRouter>
        <ChangelogSection versions={versions} />
      </MemoryRouter>,
    );
    const latest = screen.getByRole('region', { name: '2.0.0 2027-01-10' });
    const summary = within(latest).getByText('Documentation only (2 edits)');
    const details = summary.closest('details');
    expect(details).not.toBeNull();
    expect(details).not.toHaveAttribute('open');
    // Not under Added or Changed: those list what an integrator acts on.
    const added = within(latest).getByRole('heading', { level: 3, name: 'Added' }).closest('section') as HTMLElement;
    expect(added).not.toHaveTextContent('example');
    const line = within(details as HTMLElement)
      .getByRole('link', { name: 'GET /seller/products' })
      .closest('li');
    expect(line).toHaveTextContent('GET /seller/products: Changed the description of the 200 response. Added example empty of the 200 response.');
    // Names are code, as in the Markdown, not backticks.
    expect(within(line as HTMLElement).getByText('empty').tagName).toBe('CODE');
  });

  it('heads changes not released yet "Unreleased", never a version number', () => {
    render(
      <MemoryRouter>
        <ChangelogSection versions={[{ version: UNRELEASED, date: null, changes: versions[0]!.changes }, ...versions]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Unreleased not released yet' })).toBeInTheDocument();
  });
});
