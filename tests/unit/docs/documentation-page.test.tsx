/**
 * The documentation screens in the real route table: every operation, parameter and field of
 * a page; the base URL and sample copy buttons; the token picker; search by keyboard; unknown pages.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FieldNode, ReferencePage } from '../../../src/shared/portal-data/reference-page';
import { drawnBodies } from '../../../src/shared/portal-data/response-bodies';
import { server, setupMsw } from '../web/support/msw-server';
import { getCurrentUser, listApiTokens } from '../web/support/handlers';
import { FAKE_TOKEN, fakeSellerToken, seller, tokenFixture, warehouseUser } from '../web/support/fixtures';
import { renderApp } from '../web/support/render-app';

setupMsw();

const pages = Object.values(
  import.meta.glob<ReferencePage>(['../../../src/generated/reference/*.json', '!**/search-index.json'], { eager: true, import: 'default' }),
);

function fieldPaths(node: FieldNode | undefined, prefix: string[] = []): { path: string[]; name: string }[] {
  return (node?.children ?? []).flatMap((child) => {
    const path = [...prefix, child.name ?? ''];
    return [{ path, name: child.name ?? '' }, ...fieldPaths(child, path)];
  });
}

async function openPage(url: string) {
  server.use(getCurrentUser(seller));
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  // The page's own data has loaded (its loading state is marked busy).
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  return view;
}

/** Opens the seller order page at one operation's section. */
async function openOrderOperation(summary: string) {
  const view = await openPage('/documentation?category=seller&subcategory=order');
  const section = (await screen.findByRole('heading', { level: 2, name: summary })).closest('section');
  if (!section) throw new Error(`no section for ${summary}`);
  return { ...view, section };
}

describe('documentation pages', () => {
  it('has generated data to render', () => {
    expect(pages.length).toBeGreaterThanOrEqual(10);
  });

  it.each(pages.filter((p) => p.operations.length > 0).map((p) => [`${p.category}/${p.subcategory}`, p] as const))(
    '%s renders every operation, parameter and field of its tag',
    async (_, page) => {
      await openPage(`/documentation?category=${page.category}&subcategory=${page.subcategory}`);
      expect(screen.getByRole('heading', { level: 1, name: page.title })).toBeInTheDocument();
      for (const operation of page.operations) {
        const heading = await screen.findByRole('heading', { level: 2, name: operation.summary });
        const section = heading.closest('section');
        if (!section) throw new Error(`no section for ${operation.operationId}`);
        expect(section.id).toBe(operation.operationId);
        expect(within(section).getAllByText(operation.path).length).toBeGreaterThan(0);
        for (const parameter of operation.parameters) {
          expect(within(section).getAllByText(parameter.name, { selector: 'td code' }).length, `${operation.operationId} ${parameter.name}`).toBeGreaterThan(0);
        }
        const bodies = drawnBodies(operation);
        // A POST's body (an event's payload) first; an event's endpoint answers without a body.
        const anchors = operation.event === undefined ? ['200', 'errors'] : [];
        expect(bodies.map((b) => b.anchor)).toEqual([...(operation.requestBody?.body ? ['request'] : []), ...anchors]);
        for (const { anchor, body } of bodies) {
          for (const field of fieldPaths(body)) {
            const row = document.getElementById([operation.operationId, anchor, ...field.path].join('.'));
            expect(row, `${operation.operationId} ${anchor} ${field.path.join('.')}`).not.toBeNull();
            expect(section.contains(row)).toBe(true);
            expect(row?.querySelector('.field-name')?.textContent).toBe(field.name);
          }
        }
        for (const response of operation.responses) {
          expect(within(section).getAllByText(response.status, { selector: '.status' }).length, `${operation.operationId} ${response.status}`).toBeGreaterThan(
            0,
          );
        }
        expect(within(section).getByRole('tab', { name: operation.event === undefined ? 'cURL' : 'Node.js' })).toBeInTheDocument();
      }
      expect(document.querySelectorAll('section[data-operation-id]')).toHaveLength(page.operations.length);
    },
  );

  it('opens seller / warehouse at / and shows the base URL of this host, which copies', async () => {
    const { user } = await openPage('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Warehouse' })).toBeInTheDocument();
    const baseUrl = `${window.location.origin}/api/v1`;
    expect(screen.getByText(baseUrl)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy base URL' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(baseUrl);
  });

  it('shows the exact 401 body, "Try it" in place and "Open in API Test" linking to the tester', async () => {
    const { section } = await openOrderOperation('Get a return order');
    expect(within(section).getByText('{"status":401,"message":"forbidden"}')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Try it' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(section).getByRole('link', { name: 'Open in API Test' })).toHaveAttribute('href', '/api-test?operation=getSellerReturnOrder&id=1');
  });

  it('switches sample languages and copies a sample that reads the token from the environment', async () => {
    const { user, section } = await openOrderOperation('List normal orders');
    await user.click(within(section).getByRole('tab', { name: 'Python' }));
    expect(within(section).getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
    expect(within(section).getByRole('tabpanel')).toHaveTextContent('os.environ["ACME_API_TOKEN"]');
    await user.click(within(section).getByRole('button', { name: 'Copy Python sample' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain('os.environ["ACME_API_TOKEN"]');
    expect(copied).toContain(`${window.location.origin}/api/v1/seller/orders/normal`);
  });

  it('shows and remembers the "cURL, if changed" sample like the other languages', async () => {
    const { user, section } = await openOrderOperation('List normal orders');
    await user.click(within(section).getByRole('tab', { name: 'cURL, if changed' }));
    expect(within(section).getByRole('tab', { name: 'cURL, if changed' })).toHaveAttribute('aria-selected', 'true');
    expect(within(section).getByRole('tabpanel')).toHaveTextContent('If-None-Match');
    expect(localStorage.getItem('docs-sample-language')).toBe('curl-if-changed');
    localStorage.removeItem('docs-sample-language');
  });

  it('prints nothing in a parameter row without a default or limits', async () => {
    const { section } = await openOrderOperation('Get a return order');
    const cells = [...section.querySelectorAll('table.params td[data-label="Default"], table.params td[data-label="Limits"]')];
    expect(cells.some((cell) => cell.textContent === '')).toBe(true);
    expect(cells.map((cell) => cell.textContent)).not.toContain('none');
  });

  it('fills one of the user’s tokens into the samples, masked until revealed', async () => {
    const token = tokenFixture({ title: 'Shop sync', token: FAKE_TOKEN });
    server.use(listApiTokens([token, tokenFixture({ title: 'Old', token: fakeSellerToken('old'), expiryDate: '2020-01-01T00:00:00Z' })]));
    const { user } = await openPage('/documentation?category=seller&subcategory=warehouse');
    const section = (await screen.findByRole('heading', { level: 2, name: 'List warehouses' })).closest('section');
    if (!section) throw new Error('no section');
    await user.click(within(section).getByRole('button', { name: 'Use my token' }));
    const select = await within(section).findByRole('combobox', { name: 'Token' });
    // The theme's select (a listbox), not the browser's native one.
    expect(select.tagName).not.toBe('SELECT');
    await user.click(select);
    const options = screen.getByRole('listbox');
    expect(within(options).getByRole('option', { name: /Old · expired/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(options).getByRole('option', { name: /Shop sync/ }));
    expect(select).toHaveTextContent('Shop sync');
    const panel = within(section).getByRole('tabpanel');
    expect(panel).not.toHaveTextContent(token.token);
    expect(panel).toHaveTextContent('••••');
    await user.click(within(section).getByRole('button', { name: 'Show token' }));
    expect(panel).toHaveTextContent(token.token);
    await user.click(within(section).getByRole('button', { name: 'Hide token' }));
    expect(panel).not.toHaveTextContent(token.token);
    await user.click(within(section).getByRole('button', { name: /^Copy .* sample$/ }));
    expect(await navigator.clipboard.readText()).toContain(token.token);
  });

  it("shows each token's access and expiry, and marks a token without access to the operation's domain", async () => {
    const restricted = tokenFixture({ title: 'Orders only', token: fakeSellerToken('ordersonly'), scopes: ['orders'] });
    server.use(listApiTokens([tokenFixture({ title: 'Everything' }), restricted]));
    const { user } = await openPage('/documentation?category=seller&subcategory=warehouse');
    const section = (await screen.findByRole('heading', { level: 2, name: 'List warehouses' })).closest('section');
    if (!section) throw new Error('no section');
    await user.click(within(section).getByRole('button', { name: 'Use my token' }));
    await user.click(await within(section).findByRole('combobox', { name: 'Token' }));
    const options = screen.getByRole('listbox');
    expect(within(options).getByRole('option', { name: /^Everything · expires .* · access: All Seller API domains$/ })).not.toHaveAttribute('aria-disabled');
    const lacking = within(options).getByRole('option', { name: /^Orders only · expires .* · access: Orders · no access to warehouses$/ });
    // It can still be chosen: the samples then show what the API answers.
    await user.click(lacking);
    expect(within(section).getByText('This token has no access to warehouses. Calls answer 403.')).toBeInTheDocument();
    expect(within(section).getByRole('tabpanel')).not.toHaveTextContent(restricted.token);
  });

  it('offers no seller token on a warehouse page', async () => {
    server.use(listApiTokens([tokenFixture()]));
    const { user } = await openPage('/documentation?category=warehouse&subcategory=inventory');
    const section = document.getElementById('listWarehouseInventory');
    if (!section) throw new Error('no section');
    await user.click(within(section).getByRole('button', { name: 'Use my token' }));
    expect(await within(section).findByText(/Your tokens are seller tokens/)).toBeInTheDocument();
    expect(within(section).queryByRole('combobox', { name: 'Token' })).not.toBeInTheDocument();
  });

  it('says "no such page" for an unknown category or subcategory, with links to the real pages', async () => {
    await openPage('/documentation?category=seller&subcategory=nope');
    expect(screen.getByRole('heading', { level: 1, name: 'No such documentation page' })).toBeInTheDocument();
    const pagesNav = screen.getByRole('navigation', { name: 'Documentation pages' });
    expect(within(pagesNav).getByRole('link', { name: 'Inventory' })).toHaveAttribute('href', '/documentation?category=warehouse&subcategory=inventory');
    expect(within(pagesNav).getAllByRole('link')).toHaveLength(pages.length);
  });

  it('renders the Authentication page from the tag’s Markdown', async () => {
    await openPage('/documentation?category=authentication');
    expect(screen.getByRole('heading', { level: 1, name: 'Authentication' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create a token' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a token in Settings' })).toHaveAttribute('href', '/settings');
    // The first sample sends the token; "Polling efficiently" adds the conditional ones.
    expect(screen.getAllByText(/--header "ACME-API-TOKEN: \$ACME_API_TOKEN"/)[0]).toHaveTextContent(`${window.location.origin}/api/v1/seller/warehouses`);
    expect(screen.getAllByRole('heading', { name: 'Polling efficiently' }).length).toBeGreaterThan(0);
    expect(screen.getByText(/--header "If-None-Match: \$etag"/)).toBeInTheDocument();
    expect(screen.getAllByText('{"status": 401, "message": "forbidden"}').length).toBeGreaterThan(0);
  });
});

describe('events and simulations', () => {
  const familyPage = (category: string, subcategory: string) => {
    const found = pages.find((p) => p.category === category && p.subcategory === subcategory);
    if (!found) throw new Error(`no page ${category}-${subcategory}`);
    return found;
  };

  it.each(['seller', 'warehouse'])('marks the %s events as incoming, with headers, payload, sample payload and How to verify', async (family) => {
    const page = familyPage(family, 'events');
    const events = page.operations.filter((operation) => operation.event !== undefined);
    expect(events.length).toBeGreaterThan(0);
    await openPage(`/documentation?category=${family}&subcategory=events`);
    expect(screen.getByRole('heading', { level: 2, name: 'How to verify' })).toBeInTheDocument();
    const index = screen.getByRole('navigation', { name: 'Events on this page' });
    expect(within(index).getAllByText('EVENT')).toHaveLength(events.length);
    expect(within(index).queryByText('POST')).toBeNull();
    for (const event of events) {
      const section = (await screen.findByRole('heading', { level: 2, name: event.summary })).closest('section');
      if (!section) throw new Error(`no section for ${event.operationId}`);
      expect(within(section).getByText('EVENT', { selector: '.method-event' })).toBeInTheDocument();
      expect(within(section).queryByText('POST', { selector: '.method' })).toBeNull();
      expect(within(section).getByText(event.event ?? '', { selector: '.op-path code' })).toBeInTheDocument();
      expect(within(section).getByText('webhook-signature', { selector: 'td code' })).toBeInTheDocument();
      expect(within(section).getByRole('heading', { level: 3, name: 'Payload' })).toBeInTheDocument();
      expect(within(section).getByText('Example payload')).toBeInTheDocument();
      expect(within(section).getByRole('tabpanel')).toHaveTextContent('standardwebhooks');
      expect(within(section).queryByRole('button', { name: 'Try it' })).toBeNull();
      expect(within(section).queryByRole('button', { name: 'Use my token' })).toBeNull();
    }
    // The other family's events are not on this page.
    const other = familyPage(family === 'seller' ? 'warehouse' : 'seller', 'events');
    for (const event of other.operations) expect(document.getElementById(event.operationId)).toBeNull();
  });

  it('draws a simulation as a POST with its request body, its samples sending it, and no Try it', async () => {
    const page = familyPage('seller', 'sandbox');
    const withBody = page.operations.find((operation) => operation.requestBody?.body);
    if (!withBody) throw new Error('no simulation with a request body');
    await openPage('/documentation?category=seller&subcategory=sandbox');
    const section = (await screen.findByRole('heading', { level: 2, name: withBody.summary })).closest('section');
    if (!section) throw new Error(`no section for ${withBody.operationId}`);
    expect(within(section).getByText('POST', { selector: '.method' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { level: 3, name: 'Request body' })).toBeInTheDocument();
    expect(within(section).getByRole('tabpanel')).toHaveTextContent('--request POST');
    expect(within(section).getByRole('tabpanel')).toHaveTextContent('--data');
    expect(within(section).queryByRole('button', { name: 'Try it' })).toBeNull();
    expect(within(section).queryByRole('link', { name: 'Open in API Test' })).toBeNull();
  });
});

describe('Authentication page for a warehouse user', () => {
  it("calls the reader's own API in its samples: a warehouse list, never a seller call", async () => {
    server.use(getCurrentUser(warehouseUser));
    renderApp('/documentation?category=authentication');
    await screen.findByRole('heading', { level: 1, name: 'Authentication' }, { timeout: 10_000 });
    const base = `${window.location.origin}/api/v1`;
    expect(screen.getAllByText(/--header "ACME-API-TOKEN: \$ACME_API_TOKEN"/)[0]).toHaveTextContent(`${base}/warehouse/quotations?page=0&size=10`);
    expect(screen.getByText(/--header "If-None-Match: \$etag"/)).toHaveTextContent(`${base}/warehouse/orders/normal?page=0&size=10`);
    expect(document.body).not.toHaveTextContent(`${base}/seller/`);
  });
});

describe('search (Ctrl/Cmd+K)', () => {
  it('finds inventory and returnReason and goes to the result, by keyboard alone', async () => {
    const { user, router } = await openPage('/');
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: 'Search operations, schemas and fields' });
    expect(input).toHaveFocus();
    await user.keyboard('inventory');
    const listbox = screen.getByRole('listbox', { name: 'Results' });
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(1));
    expect(
      within(listbox)
        .getAllByRole('option')
        .some((option) => option.textContent?.includes('GET /warehouse/inventory')),
    ).toBe(true);

    await user.clear(input);
    await user.keyboard('returnReason');
    await waitFor(() => expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent('returnReason'));
    expect(within(listbox).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?category=seller&subcategory=order'));
    expect(router.state.location.hash).toBe('#listSellerReturnOrders.200.data.returnReason');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.getElementById('listSellerReturnOrders.200.data.returnReason')).toHaveClass('target'));
  });

  it('finds a guide section by its text and opens the page at its heading', async () => {
    const { user, router } = await openPage('/');
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox', { name: 'Search operations, schemas and fields' });
    await user.keyboard('etag');
    const listbox = screen.getByRole('listbox', { name: 'Results' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent('Polling efficiently'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?category=authentication&subcategory=overview'));
    expect(router.state.location.hash).toBe('#polling-efficiently');
    await waitFor(() => expect(document.getElementById('polling-efficiently')).toHaveClass('target'));
  });

  it('opens from the page’s Search button and the top bar’s, moves through results with the arrow keys and closes with Escape', async () => {
    const { user } = await openPage('/');
    const topBarSearch = within(screen.getAllByRole('banner')[0]!).getByRole('button', { name: 'Search the documentation' });
    await user.click(topBarSearch);
    await screen.findByRole('combobox', { name: 'Search operations, schemas and fields' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(topBarSearch).toHaveFocus();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: /Search/ }));
    const input = await screen.findByRole('combobox', { name: 'Search operations, schemas and fields' });
    await user.keyboard('order');
    const options = await within(screen.getByRole('listbox')).findAllByRole('option');
    expect(options.length).toBeGreaterThan(2);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reopened, even while still closing, selects the last query so typing replaces it', async () => {
    const { user } = await openPage('/');
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: 'Search operations, schemas and fields' });
    await user.keyboard('order');
    // Escape starts the closing transition; Ctrl+K comes before it ends, so the same input stays mounted.
    await user.keyboard('{Escape}{Control>}k{/Control}');
    expect(screen.getByRole('combobox', { name: 'Search operations, schemas and fields' })).toBe(input);
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('warehouses');
    expect(input).toHaveValue('warehouses');
  });
});
